import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { PropertyListItem } from '@posada/contracts/properties';
import { IconHomePlus, IconMapPin, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PropertyAvatar } from '../../../components/property-avatar.tsx';
import { pathTo } from '../../../config/routes.ts';
import { propertiesQuery } from '../../../lib/api/properties-api.ts';
import { countryName } from '../../../lib/countries.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { CheckinQr } from '../components/checkin-qr.tsx';
import { LimitModal } from '../components/limit-modal.tsx';
import { atPropertyLimit } from '../lib/limit.ts';

function PropertyCard({ property }: { property: PropertyListItem }) {
  const { t, i18n } = useTranslation(['properties', 'common']);
  const place = [property.city, countryName(property.pais, i18n.resolvedLanguage ?? 'es')]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper withBorder radius="lg" p="lg" component="li" aria-labelledby={`property-${property.id}`}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <PropertyAvatar property={property} size={56} radius="md" fz={22} />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} fz="lg" id={`property-${property.id}`} lineClamp={2} dir="auto">
              {property.nombre}
            </Title>
            {property.internal_name ? (
              <Text size="sm" c="dimmed" lineClamp={1} dir="auto">
                {t('list.internalName', { name: property.internal_name })}
              </Text>
            ) : null}
            <Group gap={6} mt={2}>
              <Badge variant="light" color="posada" radius="sm" tt="none">
                {t(`common:propertyTypes.${property.tipo_propiedad}`)}
              </Badge>
              <Badge variant="dot" color={property.active ? 'teal' : 'gray'} radius="sm" tt="none">
                {property.active ? t('list.active') : t('list.disabled')}
              </Badge>
            </Group>
          </Stack>
          <Button
            component={Link}
            to={pathTo('editionProperty', { propertyId: property.id })}
            variant="light"
            size="xs"
            leftSection={<IconSettings size={14} aria-hidden />}
            aria-label={t('list.configureFor', { name: property.nombre })}
            style={{ flexShrink: 0 }}
          >
            {t('list.configure')}
          </Button>
        </Group>
        {place ? (
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" lineClamp={1} dir="auto">
              {place}
            </Text>
          </Group>
        ) : null}
        <div
          style={{
            borderTop: '1px solid var(--mantine-color-gray-2)',
            paddingTop: 'var(--mantine-spacing-md)',
          }}
        >
          <CheckinQr name={property.nombre} url={property.checkin_url} />
        </div>
      </Stack>
    </Paper>
  );
}

function ListSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg" aria-hidden>
      {['a', 'b', 'c'].map((key) => (
        <Paper key={key} withBorder radius="lg" p="lg">
          <Group gap="md" wrap="nowrap">
            <Skeleton h={56} w={56} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={16} w="60%" />
              <Skeleton h={12} w="40%" />
            </Stack>
          </Group>
          <Group mt="lg" gap="md" wrap="nowrap">
            <Skeleton h={112} w={112} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={12} w="70%" />
              <Skeleton h={24} w="50%" />
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** /business/properties: the accommodation list, each with its guest check-in QR code (spec 2.4). */
export function PropertiesListPage() {
  const { t } = useTranslation(['properties', 'common']);
  useDocumentTitle(`${t('list.title')} · ${t('common:appName')}`);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const { data, isPending, isError, refetch, isRefetching } = useQuery(propertiesQuery);
  const [limitOpen, setLimitOpen] = useState(false);

  const add = () => {
    const atLimit = data ? data.count >= data.quantity : user ? atPropertyLimit(user) : false;
    if (atLimit) return setLimitOpen(true);
    void navigate(pathTo(user && user.properties.length > 0 ? 'createPropiedad' : 'firstCreatePropiedad'));
  };

  return (
    <Stack gap="xl">
      <PageHeader
        title={t('list.title')}
        description={data ? t('list.quota', { used: data.count, max: data.quantity }) : t('list.description')}
        actions={
          <Button leftSection={<IconHomePlus size={18} aria-hidden />} onClick={add}>
            {t('list.add')}
          </Button>
        }
      />
      {isPending ? (
        <ListSkeleton />
      ) : isError ? (
        <LoadError
          radius="lg"
          title={t('list.loadError')}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconHomePlus size={28} aria-hidden />}
            title={t('list.emptyTitle')}
            description={t('list.emptyText')}
            action={
              <Button mt="sm" onClick={add}>
                {t('list.emptyAction')}
              </Button>
            }
          />
        </Paper>
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2, xl: 3 }}
          spacing="lg"
          component="ul"
          aria-label={t('list.title')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.items.map((property) => (
            <PropertyCard key={property.id} property={property} />
          ))}
        </SimpleGrid>
      )}
      {user && (
        <LimitModal
          opened={limitOpen}
          onClose={() => setLimitOpen(false)}
          user={{ ...user, quantity: data?.quantity ?? user.quantity }}
        />
      )}
    </Stack>
  );
}
