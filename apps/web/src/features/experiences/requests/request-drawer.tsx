import { Divider, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ServiceRequest } from '@posada/contracts/experiences';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/intl.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children || '—'}</Text> : children}
    </Stack>
  );
}

/** Everything about one request, its notes included, and its actions. */
export function RequestDrawer({
  request,
  onClose,
  run,
}: {
  request: ServiceRequest | null;
  onClose: () => void;
  run: (request: ServiceRequest, action: RequestAction) => void;
}) {
  const { t, i18n } = useTranslation('upselling');
  const lang = i18n.language;
  const mobile = useIsMobile();
  return (
    <Drawer
      opened={request !== null}
      onClose={onClose}
      position={mobile ? 'bottom' : 'right'}
      size={mobile ? '90%' : 'md'}
      title={t('detail.title')}
    >
      {request ? (
        <Stack gap="md" data-testid="request-detail">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Title order={3} fz="h4">
                {request.service_name}
              </Title>
              <Text size="sm" c="dimmed">
                {request.property_name}
                {request.provider_name ? ` · ${request.provider_name}` : ` · ${t('detail.internal')}`}
              </Text>
            </Stack>
            <StatusBadge request={request} />
          </Group>
          <Divider />
          <SimpleGrid cols={2} spacing="md">
            <Field label={t('list.columns.client')}>{request.client_name}</Field>
            <Field label={t('list.columns.phone')}>
              <PhoneLinks phone={request.phone} />
            </Field>
            <Field label={t('detail.email')}>
              <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
                {request.email || '—'}
              </Text>
            </Field>
            <Field label={t('detail.language')}>{t(`languages.${request.language}`, request.language)}</Field>
            <Field label={t('detail.documentType')}>
              {request.document_type ? t(`documents.${request.document_type}`, request.document_type) : '—'}
            </Field>
            <Field label={t('detail.documentNumber')}>
              <Text size="sm" dir="ltr">
                {request.document_number || '—'}
              </Text>
            </Field>
          </SimpleGrid>
          <Divider />
          <SimpleGrid cols={2} spacing="md">
            <Field label={t('detail.serviceDate')}>{serviceWhen(request, lang)}</Field>
            <Field label={t('detail.requested')}>{requestedAt(request, lang)}</Field>
            <Field label={t('detail.quantity')}>
              {t(`quantity.${request.price_type}`, { count: request.quantity })}
            </Field>
            <Field label={t('detail.unitPrice')}>
              {`${money(request, request.unit_price, lang)} · ${t(`priceTypes.${request.price_type}`)}`}
            </Field>
            <Field label={t('list.columns.total')}>
              <Text size="sm" fw={700}>
                {money(request, request.total, lang)}
              </Text>
            </Field>
            <Field label={t('list.columns.payment')}>
              <PaymentBadge request={request} />
            </Field>
            {request.approved_at ? (
              <Field label={t('detail.approvedAt')}>{formatDateTime(request.approved_at, lang)}</Field>
            ) : null}
            {request.rejected_at ? (
              <Field label={t('detail.rejectedAt')}>{formatDateTime(request.rejected_at, lang)}</Field>
            ) : null}
            {request.paid_at ? (
              <Field label={t('detail.paidAt')}>{formatDateTime(request.paid_at, lang)}</Field>
            ) : null}
          </SimpleGrid>
          {request.provider_notice ? (
            <>
              <Divider />
              <Field label={t('detail.providerNotice', { provider: request.provider_name ?? '' })}>
                <ProviderNotice request={request} />
              </Field>
            </>
          ) : null}
          <Divider />
          <Field label={t('detail.notes')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={request.notes ? undefined : 'dimmed'}>
              {request.notes || t('detail.noNotes')}
            </Text>
          </Field>
          <Group justify="flex-end">
            <RequestActionsMenu request={request} run={run} />
          </Group>
        </Stack>
      ) : null}
    </Drawer>
  );
}
