import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { PropertySummary, User } from '@posada/contracts/users';
import { isHotelType } from '@posada/domain/property-types';
import { IconBuildingCommunity, IconCoin, IconDoor, IconHomePlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PropertyAvatar } from '../../../components/property-avatar.tsx';
import { pathTo } from '../../../config/routes.ts';
import { scheduleCallUrl } from '../../../config/support.ts';
import { money } from '../../../lib/money.ts';

/** "EUR (€)", "USD ($)"; the code alone when its sign is the code ("COP"). */
function currencyLabel(code: string, language: string): string {
  const symbol = money(0, code, language, 'symbol');
  return symbol !== code ? `${code} (${symbol})` : code;
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" color="gray" size={36} radius="md">
        {icon}
      </ThemeIcon>
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600} dir="auto">
          {value}
        </Text>
      </div>
    </Group>
  );
}

/** The active property at a glance: name, type, currency, guests, units, and how many the plan allows. */
export function PropertyCard({ property, user }: { property: PropertySummary; user: User }) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  // Rooms or pitches only mean something for hotels and campings.
  const showUnits = isHotelType(property.tipo_propiedad);
  return (
    <Paper withBorder p="xl" h="100%" component="section" aria-labelledby="property-card-title">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <PropertyAvatar property={property} size={60} radius="md" fz={24} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
              {t('property.activeLabel')}
            </Text>
            <Title order={2} fz="xl" id="property-card-title" lineClamp={2} dir="auto">
              {property.nombre}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color="posada" radius="sm" tt="none">
                {t(`common:propertyTypes.${property.tipo_propiedad}`)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: showUnits ? 3 : 2 }} spacing="md">
          <Fact
            icon={<IconUsers size={18} aria-hidden />}
            label={t('property.guests')}
            value={String(property.guests)}
          />
          <Fact
            icon={<IconCoin size={18} aria-hidden />}
            label={t('property.currency')}
            value={currencyLabel(property.currency, i18n.resolvedLanguage ?? 'es')}
          />
          {showUnits && (
            <Fact
              icon={<IconDoor size={18} aria-hidden />}
              label={t(property.tipo_propiedad === 'camping' ? 'property.pitchTypes' : 'property.roomTypes')}
              // accommodation_units of a hotel are its room types (what the website sells).
              value={String(property.accommodation_units.length)}
            />
          )}
        </SimpleGrid>
        <Group gap={8} c="dimmed" wrap="nowrap" align="flex-start">
          <IconBuildingCommunity size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{t('property.quota', { used: user.properties.length, max: user.quantity })}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** No property yet: the next step is the creation wizard. */
export function NoPropertyCard() {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="xl" h="100%" component="section" aria-labelledby="no-property-title">
      <Stack align="center" ta="center" gap="md" py="lg" maw={460} mx="auto">
        <ThemeIcon size={72} radius="xl" variant="light" color="posada">
          <IconHomePlus size={36} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="xl" id="no-property-title">
          {t('noProperty.title')}
        </Title>
        <Text c="dimmed">{t('noProperty.description')}</Text>
        <Button
          component={Link}
          to={pathTo('firstCreatePropiedad')}
          leftSection={<IconHomePlus size={18} aria-hidden />}
        >
          {t('noProperty.create')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('noProperty.help')}{' '}
          <Anchor href={scheduleCallUrl} target="_blank" rel="noopener noreferrer" fw={600}>
            {t('noProperty.scheduleCall')}
            <VisuallyHidden> ({t('shell:newTab')})</VisuallyHidden>
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
