import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { PropertyListItem } from '@posada/contracts/properties';
import { IconBuildingCommunity, IconDownload, IconSettings, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PropertyAvatar } from '../../../components/property-avatar.tsx';
import { pathTo } from '../../../config/routes.ts';
import { propertiesQuery } from '../../../lib/api/properties-api.ts';
import { notify } from '../../../lib/notify.ts';
import { configQuery } from '../api/upselling-api.ts';
import { ExperiencesFrame } from '../components/experiences-frame.tsx';

/** The QR generator loads only with this page (ARCHITECTURE §4 budgets). */
async function qrPng(url: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(url, { width: 768, margin: 1, errorCorrectionLevel: 'M' });
}

const fileName = (name: string) =>
  `qr-${
    name
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'store'
  }.png`;

/** The store's state of one property, from its upselling settings (store switch, type, plan). */
function StoreState({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('upselling');
  const config = useQuery(configQuery(propertyId));
  if (config.isPending) return <Skeleton h={22} w={140} />;
  if (config.isError) return null;
  const c = config.data;
  return (
    <Group gap={6} data-testid="store-state">
      {!c.feature_available ? (
        <Badge color="gray" variant="light">
          {t('accommodations.planLacks')}
        </Badge>
      ) : (
        <Badge color={c.store_enabled ? 'teal' : 'gray'} variant="light">
          {c.store_enabled ? t('accommodations.storeOn') : t('accommodations.storeOff')}
        </Badge>
      )}
      <Badge color="blue" variant="outline" style={{ textTransform: 'none' }}>
        {t(`accommodations.type.${c.store_type}`)}
      </Badge>
    </Group>
  );
}

function PropertyCard({ property }: { property: PropertyListItem }) {
  const { t } = useTranslation('upselling');
  const qr = useQuery({
    queryKey: ['qr-code-png', property.checkin_url],
    queryFn: () => qrPng(property.checkin_url),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const download = () => {
    if (!qr.data) return;
    const link = document.createElement('a');
    link.href = qr.data;
    link.download = fileName(property.nombre);
    document.body.append(link);
    link.click();
    link.remove();
    notify.success(t('accommodations.qrDownloaded'));
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="accommodation-card">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            <PropertyAvatar property={property} radius="md" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={2} fz="h5" lineClamp={2}>
                {property.nombre}
              </Title>
              {property.city ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {property.city}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <StoreState propertyId={property.id} />
          <Text size="xs" c="dimmed">
            {t('accommodations.qrHint')}
          </Text>
          <Anchor component={Link} to={pathTo('crossSellingProperty', { propertyId: property.id })} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconSettings size={14} aria-hidden />
              {t('accommodations.storeSettings')}
            </Group>
          </Anchor>
        </Stack>
        <Box
          p={6}
          style={{ background: 'white', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}
        >
          {qr.data ? (
            <Image
              src={qr.data}
              alt={t('accommodations.qrAlt', { name: property.nombre })}
              w={104}
              h={104}
              data-testid="accommodation-qr"
            />
          ) : (
            <Skeleton w={104} h={104} />
          )}
        </Box>
      </Group>
      <Group gap="xs" mt="md" justify="flex-end" wrap="wrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={download}
          disabled={!qr.data}
        >
          {t('accommodations.downloadQr')}
        </Button>
        <Button
          component={Link}
          to={pathTo('upsellingConfig', { id: property.id })}
          size="xs"
          leftSection={<IconSparkles size={14} aria-hidden />}
        >
          {t('accommodations.configure')}
        </Button>
      </Group>
    </Card>
  );
}

/** upsellingAccommodations (spec 2.4 accommodation list with QR): each property's store, its QR, its offers. */
export function UpsellAccommodationsPage() {
  const { t } = useTranslation('upselling');
  useDocumentTitle(t('accommodations.documentTitle'));
  const properties = useQuery(propertiesQuery);
  const items = properties.data?.items;
  return (
    <ExperiencesFrame tab="accommodations">
      <Text size="sm" c="dimmed">
        {t('accommodations.intro')}
      </Text>
      {properties.isError && !items ? (
        <LoadError title={t('loadError')} onRetry={() => properties.refetch()} />
      ) : !items ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy>
          {['a', 'b'].map((k) => (
            <Skeleton key={k} h={200} radius="md" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Card withBorder radius="md">
          <EmptyState
            icon={<IconBuildingCommunity size={28} aria-hidden />}
            title={t('accommodations.emptyTitle')}
            description={t('accommodations.emptyBody')}
            action={
              <Button component={Link} to={pathTo('propertiesList')} variant="light">
                {t('accommodations.emptyCta')}
              </Button>
            }
          />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {items.map((p) => (
            <PropertyCard key={p.id} property={p} />
          ))}
        </SimpleGrid>
      )}
    </ExperiencesFrame>
  );
}
