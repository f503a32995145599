import { Anchor, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ServiceRequest } from '@posada/contracts/experiences';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import type { RequestAction } from '../api/upselling-api.ts';
import { RequestActionsMenu } from './request-actions.tsx';
import {
  money,
  PaymentBadge,
  PhoneLinks,
  ProviderNotice,
  requestedAt,
  StatusBadge,
  serviceWhen,
} from './request-cells.tsx';

interface ListProps {
  items: ServiceRequest[] | undefined;
  busy: boolean;
  onOpen: (request: ServiceRequest) => void;
  run: (request: ServiceRequest, action: RequestAction) => void;
}

function Document({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('upselling');
  if (!request.document_number) return null;
  return (
    <Text size="xs" c="dimmed">
      {request.document_type ? `${t(`documents.${request.document_type}`, request.document_type)} ` : ''}
      <span dir="ltr">{request.document_number}</span>
    </Text>
  );
}

function ServiceLink({ request, onOpen }: { request: ServiceRequest; onOpen: ListProps['onOpen'] }) {
  const { t } = useTranslation('upselling');
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      size="sm"
      ta="start"
      onClick={() => onOpen(request)}
      aria-label={t('list.open', { service: request.service_name, client: request.client_name })}
    >
      {request.service_name}
    </Anchor>
  );
}

/** The requests as a table (desktop). */
export function RequestTable({ items, busy, onOpen, run }: ListProps) {
  const { t, i18n } = useTranslation('upselling');
  const lang = i18n.language;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-busy={busy}
        style={{ opacity: busy && items ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.service')}</Table.Th>
            <Table.Th>{t('list.columns.client')}</Table.Th>
            <Table.Th>{t('list.columns.dates')}</Table.Th>
            <Table.Th>{t('list.columns.total')}</Table.Th>
            <Table.Th>{t('list.columns.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items === undefined ? (
            <TableSkeletonRows columns={6} />
          ) : (
            items.map((r) => (
              <Table.Tr key={r.id} data-testid="request-row">
                <Table.Td>
                  <Stack gap={2}>
                    <ServiceLink request={r} onOpen={onOpen} />
                    <Text size="xs" c="dimmed">
                      {r.property_name}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm">{r.client_name}</Text>
                    <Document request={r} />
                    <PhoneLinks phone={r.phone} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm">{serviceWhen(r, lang)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('list.requestedOn', { date: requestedAt(r, lang) })}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {money(r, r.total, lang)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`quantity.${r.price_type}`, { count: r.quantity })}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Stack gap={6} align="flex-start">
                    <StatusBadge request={r} />
                    <PaymentBadge request={r} />
                    <ProviderNotice request={r} compact />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <RequestActionsMenu request={r} run={run} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The requests as cards (phone). */
export function RequestCards({ items, busy, onOpen, run }: ListProps) {
  const { t, i18n } = useTranslation('upselling');
  const lang = i18n.language;
  if (items === undefined) return <ListSkeleton />;
  return (
    <CardList label={t('list.label')} busy={busy}>
      {items.map((r, n) => (
        <CardListItem key={r.id} divided={n > 0}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" data-testid="request-row">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <ServiceLink request={r} onOpen={onOpen} />
              <Text size="xs" c="dimmed">
                {r.property_name}
              </Text>
            </Stack>
            <StatusBadge request={r} />
          </Group>
          <div>
            <Text size="sm">{r.client_name}</Text>
            <Document request={r} />
          </div>
          <PhoneLinks phone={r.phone} />
          <Text size="sm">
            {serviceWhen(r, lang)} · {t(`quantity.${r.price_type}`, { count: r.quantity })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('list.requestedOn', { date: requestedAt(r, lang) })}
          </Text>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Text fw={700} size="sm">
                {money(r, r.total, lang)}
              </Text>
              <PaymentBadge request={r} />
              <ProviderNotice request={r} compact />
            </Group>
            <RequestActionsMenu request={r} run={run} />
          </Group>
        </CardListItem>
      ))}
    </CardList>
  );
}
