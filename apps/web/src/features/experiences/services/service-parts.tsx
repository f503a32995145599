import { Badge, Group, Image, Text, ThemeIcon } from '@mantine/core';
import type { Service } from '@posada/contracts/experiences';
import type { ServiceCategory } from '@posada/domain/experiences';
import {
  type Icon,
  IconBabyCarriage,
  IconBus,
  IconDots,
  IconHeart,
  IconKey,
  IconMassage,
  IconPalette,
  IconPhoto,
  IconSnowflake,
  IconTool,
  IconToolsKitchen2,
  IconTrekking,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';

export const categoryIcons: Record<ServiceCategory, Icon> = {
  checkin_checkout: IconKey,
  transfer: IconBus,
  food_beverage: IconToolsKitchen2,
  seasonal: IconSnowflake,
  family: IconBabyCarriage,
  romantic: IconHeart,
  spa_health: IconMassage,
  art_culture: IconPalette,
  activities: IconTrekking,
  services: IconTool,
  others: IconDots,
};

/** The service's first photo, or its category's icon when it has none. */
export function ServiceThumb({ service, size = 56 }: { service: Service; size?: number }) {
  const photo = service.photos[0];
  if (photo)
    return (
      <Image
        src={photo.thumb_url ?? photo.url}
        alt=""
        w={size}
        h={size}
        radius="md"
        fit="cover"
        style={{ flexShrink: 0 }}
      />
    );
  const CategoryIcon = categoryIcons[service.category] ?? IconPhoto;
  return (
    <ThemeIcon size={size} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }} aria-hidden>
      <CategoryIcon size={size / 2.2} stroke={1.5} />
    </ThemeIcon>
  );
}

export function CategoryBadge({ category }: { category: ServiceCategory }) {
  const { t } = useTranslation('experiences');
  return (
    <Badge variant="light" color="posada" radius="sm" tt="none" style={{ minWidth: 'fit-content' }}>
      {t(`categories.${category}`)}
    </Badge>
  );
}

/** "35,00 € / persona", or "Gratis". */
export function PriceText({ service }: { service: Service }) {
  const { t, i18n } = useTranslation('experiences');
  if (service.price === 0)
    return (
      <Text size="sm" fw={600} c="teal">
        {t('price.free')}
      </Text>
    );
  return (
    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {t('price.withType', {
        price: money(service.price, service.currency, i18n.resolvedLanguage ?? 'es', 'store'),
        type: t(`priceTypes.${service.price_type}`),
      })}
    </Text>
  );
}

/** Requests in all, with the pending ones as a badge. */
export function RequestsCount({ service }: { service: Service }) {
  const { t } = useTranslation('experiences');
  return (
    <Group gap={6}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t('list.requestsCount', { count: service.requests })}
      </Text>
      {service.pending_requests > 0 ? (
        <Badge
          color="orange"
          variant="filled"
          size="sm"
          radius="sm"
          tt="none"
          style={{ minWidth: 'fit-content' }}
        >
          {t('list.pendingCount', { count: service.pending_requests })}
        </Badge>
      ) : null}
    </Group>
  );
}
