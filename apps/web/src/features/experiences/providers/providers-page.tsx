import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Provider } from '@posada/contracts/experiences';
import { IconPencil, IconPlus, IconTrash, IconTruckDelivery } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { countryName } from '../../../lib/countries.ts';
import { notify } from '../../../lib/notify.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { deleteProvider, providersQuery, useInvalidateServices } from '../api/services-api.ts';
import { ExperiencesFrame } from '../components/experiences-frame.tsx';
import { ProviderModal } from './provider-modal.tsx';

function Country({ code }: { code: string }) {
  const { i18n } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="default" size="sm" radius="sm" aria-hidden style={{ minWidth: 'fit-content' }}>
        {code}
      </Badge>
      <Text size="sm">{countryName(code, i18n.resolvedLanguage ?? 'es')}</Text>
    </Group>
  );
}

function Contact({ provider }: { provider: Provider }) {
  // An address reads left to right even in Arabic: cut at its end, aligned with the column.
  const { dir } = useDirection();
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      {provider.phone ? (
        <Text size="sm">
          <bdi dir="ltr">{provider.phone}</bdi>
        </Text>
      ) : null}
      {provider.email ? (
        <Text
          size="sm"
          c="dimmed"
          lineClamp={1}
          dir="ltr"
          ta={dir === 'rtl' ? 'right' : 'left'}
          style={{ wordBreak: 'break-all' }}
        >
          {provider.email}
        </Text>
      ) : null}
      {!provider.phone && !provider.email ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : null}
    </Stack>
  );
}

/** upsellingProviders (spec 2.2 upselling/providers): who provides the services, added and edited in a modal. */
export function ProvidersPage() {
  const { t } = useTranslation(['experiences', 'common']);
  useDocumentTitle(`${t('providers.title')} · ${t('common:appName')}`);
  const isMobile = useIsMobile();
  const list = useQuery(providersQuery());
  const invalidate = useInvalidateServices();
  const [modal, setModal] = useState<{ editing: Provider | null } | null>(null);
  const removal = useMutation({
    mutationFn: (provider: Provider) => deleteProvider(provider.id),
    onSuccess: (_, provider) => notify.success(t('providers.deleted', { name: provider.name })),
    onError: (error) => notify.error(error.message || t('providers.deleteError')),
    onSettled: invalidate,
  });
  const askDelete = (provider: Provider) =>
    confirmDelete({
      title: t('providers.deleteTitle', { name: provider.name }),
      body:
        provider.services > 0
          ? t('providers.deleteBodyServices', { count: provider.services })
          : t('providers.deleteBody'),
      confirm: t('providers.delete'),
      onConfirm: () => removal.mutate(provider),
    });
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setModal({ editing: null })}>
      {t('providers.add')}
    </Button>
  );
  const actions = (provider: Provider) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('providers.edit')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('providers.editNamed', { name: provider.name })}
          onClick={() => setModal({ editing: provider })}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('providers.delete')} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('providers.deleteNamed', { name: provider.name })}
          onClick={() => askDelete(provider)}
          loading={removal.isPending && removal.variables?.id === provider.id}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  const services = (provider: Provider) => (
    <Text size="sm" c={provider.services > 0 ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {t('providers.servicesCount', { count: provider.services })}
    </Text>
  );

  let body: React.ReactNode;
  if (list.isPending)
    body = isMobile ? (
      <Paper withBorder radius="lg" p="md" aria-hidden>
        <Stack gap="md">
          {['a', 'b', 'c'].map((key) => (
            <Stack key={key} gap={6}>
              <Skeleton h={14} w="50%" />
              <Skeleton h={10} w="70%" />
            </Stack>
          ))}
        </Stack>
      </Paper>
    ) : (
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table>
          <Table.Tbody>
            <TableSkeletonRows columns={6} rows={4} />
          </Table.Tbody>
        </Table>
      </Paper>
    );
  else if (list.isError)
    body = (
      <LoadError
        title={t('providers.loadError')}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  else if (list.data.items.length === 0)
    body = (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconTruckDelivery size={28} aria-hidden />}
          title={t('providers.emptyTitle')}
          description={t('providers.emptyHint')}
          action={addButton}
        />
      </Paper>
    );
  else if (isMobile)
    body = (
      <Paper withBorder radius="lg">
        <CardList label={t('providers.title')} busy={list.isFetching}>
          {list.data.items.map((provider, index) => (
            <CardListItem key={provider.id} divided={index > 0}>
              <Group justify="space-between" wrap="nowrap" data-testid="provider-row">
                <Text fw={600} dir="auto" lineClamp={1}>
                  {provider.name}
                </Text>
                {actions(provider)}
              </Group>
              <Country code={provider.country} />
              <Contact provider={provider} />
              {provider.address ? (
                <Text size="sm" c="dimmed" dir="auto">
                  {provider.address}
                </Text>
              ) : null}
              <Group>{services(provider)}</Group>
            </CardListItem>
          ))}
        </CardList>
      </Paper>
    );
  else
    body = (
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={760}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            aria-label={t('providers.title')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('providers.fields.name')}</Table.Th>
                <Table.Th>{t('providers.fields.country')}</Table.Th>
                <Table.Th>{t('providers.contact')}</Table.Th>
                <Table.Th>{t('providers.fields.address')}</Table.Th>
                <Table.Th>{t('providers.services')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('providers.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((provider) => (
                <Table.Tr key={provider.id} data-testid="provider-row">
                  <Table.Td fw={600} dir="auto">
                    {provider.name}
                  </Table.Td>
                  <Table.Td>
                    <Country code={provider.country} />
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Contact provider={provider} />
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Text size="sm" lineClamp={2} dir="auto">
                      {provider.address || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{services(provider)}</Table.Td>
                  <Table.Td>{actions(provider)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );

  return (
    <ExperiencesFrame tab="providers" actions={list.data?.items.length ? addButton : undefined}>
      {body}
      <ProviderModal
        opened={modal !== null}
        editing={modal?.editing ?? null}
        onClose={() => setModal(null)}
      />
    </ExperiencesFrame>
  );
}
