import { ActionIcon, Group, Paper, Stack, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Service } from '@posada/contracts/experiences';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useDeleteService, useSetServiceActive } from '../api/services-api.ts';
import { CategoryBadge, PriceText, RequestsCount, ServiceThumb } from './service-parts.tsx';

/** The active switch (deactivating asks first) and the edit and delete buttons of each service. */
function useServiceActions() {
  const { t } = useTranslation(['experiences', 'common']);
  const setActive = useSetServiceActive();
  const remove = useDeleteService();
  const toggle = (service: Service, active: boolean) => {
    const apply = () =>
      setActive.mutate(
        { id: service.id, active },
        {
          onSuccess: () =>
            notify.success(t(active ? 'list.activated' : 'list.deactivated', { name: service.name })),
          onError: (error) => notify.error(error.message || t('list.activeError')),
        },
      );
    if (active) return apply();
    modals.openConfirmModal({
      title: t('list.deactivateTitle', { name: service.name }),
      centered: true,
      children: <Text size="sm">{t('list.deactivateBody')}</Text>,
      labels: { confirm: t('list.deactivate'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: apply,
    });
  };
  const askDelete = (service: Service) =>
    confirmDelete({
      title: t('list.deleteTitle', { name: service.name }),
      body: t('list.deleteBody'),
      confirm: t('list.delete'),
      onConfirm: () =>
        remove.mutate(service.id, {
          onSuccess: () => notify.success(t('list.deleted', { name: service.name })),
          onError: (error) => notify.error(error.message || t('list.deleteError')),
        }),
    });
  const activeSwitch = (service: Service) => (
    <Switch
      checked={service.active}
      onChange={(event) => toggle(service, event.currentTarget.checked)}
      disabled={setActive.isPending && setActive.variables?.id === service.id}
      aria-label={t('list.activeFor', { name: service.name })}
      color="teal"
    />
  );
  const buttons = (service: Service) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('list.edit')} withArrow>
        <ActionIcon
          component={Link}
          to={pathTo('updateServicio', { id: service.id })}
          variant="subtle"
          color="gray"
          aria-label={t('list.editNamed', { name: service.name })}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('list.delete')} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => askDelete(service)}
          loading={remove.isPending && remove.variables === service.id}
          aria-label={t('list.deleteNamed', { name: service.name })}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  return { activeSwitch, buttons };
}

function Where({ service }: { service: Service }) {
  const { t } = useTranslation('experiences');
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" lineClamp={1} dir="auto">
        {service.property_name ?? t('form.allProperties')}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1} dir="auto">
        {service.provider_name ?? t('form.internal')}
      </Text>
    </Stack>
  );
}

function Names({ service }: { service: Service }) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'es') as 'es' | 'en' | 'ar';
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" lineClamp={1} dir="auto">
        {service.name}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1} dir="auto">
        {service.title[language]?.trim() || service.title.es}
      </Text>
    </Stack>
  );
}

/** The services: a table on wider screens, cards on phones; dimmed while a new filter loads. */
export function ServiceList({ items, busy }: { items: Service[]; busy: boolean }) {
  const { t } = useTranslation('experiences');
  const isMobile = useIsMobile();
  const { activeSwitch, buttons } = useServiceActions();
  if (isMobile)
    return (
      <Paper withBorder radius="lg">
        <CardList label={t('list.label')} busy={busy}>
          {items.map((service, index) => (
            <CardListItem key={service.id} divided={index > 0}>
              <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="service-row">
                <ServiceThumb service={service} size={48} />
                <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                  <Names service={service} />
                  <Group gap={6}>
                    <CategoryBadge category={service.category} />
                    <PriceText service={service} />
                  </Group>
                  <Where service={service} />
                  <Text size="xs" c="dimmed">
                    {t(`confirmation.${service.confirmation}`)}
                  </Text>
                  <RequestsCount service={service} />
                </Stack>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                {activeSwitch(service)}
                {buttons(service)}
              </Group>
            </CardListItem>
          ))}
        </CardList>
      </Paper>
    );
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          aria-label={t('list.label')}
          aria-busy={busy}
          style={{ opacity: busy ? 0.6 : undefined }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.columns.service')}</Table.Th>
              <Table.Th>{t('list.columns.where')}</Table.Th>
              <Table.Th>{t('list.columns.price')}</Table.Th>
              <Table.Th>{t('list.columns.requests')}</Table.Th>
              <Table.Th>{t('list.columns.active')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((service) => (
              <Table.Tr key={service.id} data-testid="service-row">
                <Table.Td miw={240} maw={360}>
                  <Group gap="sm" wrap="nowrap">
                    <ServiceThumb service={service} size={56} />
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Names service={service} />
                      <Group gap={4}>
                        <CategoryBadge category={service.category} />
                      </Group>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td miw={140} maw={220}>
                  <Where service={service} />
                </Table.Td>
                <Table.Td>
                  <PriceText service={service} />
                  <Text size="xs" c="dimmed">
                    {t(`confirmation.${service.confirmation}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RequestsCount service={service} />
                </Table.Td>
                <Table.Td>{activeSwitch(service)}</Table.Td>
                <Table.Td>{buttons(service)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
