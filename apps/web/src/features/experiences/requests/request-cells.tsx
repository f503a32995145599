import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ServiceRequest } from '@posada/contracts/experiences';
import type { Currency } from '@posada/contracts/properties';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeliveryStatusChip, DeliveryTime } from '../../../components/delivery/delivery-status.tsx';
import { formatDateTime, formatDay, formatMoneyIn } from '../../../lib/intl.ts';
import { paymentColors, paymentState, statusColors, whatsappUrl } from '../lib/request-view.ts';

export function StatusBadge({ request }: { request: Pick<ServiceRequest, 'status'> }) {
  const { t } = useTranslation('upselling');
  return (
    <Badge
      color={statusColors[request.status]}
      variant="light"
      styles={{ label: { overflow: 'visible' } }}
      data-testid="request-status"
    >
      {t(`status.${request.status}`)}
    </Badge>
  );
}

export function PaymentBadge({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('upselling');
  const state = paymentState(request);
  return (
    <Badge
      color={paymentColors[state]}
      variant="outline"
      style={{ textTransform: 'none' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`payment.${state}`)}
    </Badge>
  );
}

/** The phone as a call link and a WhatsApp chat (the operator contacts the guest before approving). */
export function PhoneLinks({ phone }: { phone: string }) {
  const { t } = useTranslation('upselling');
  if (!phone) return <Text c="dimmed">—</Text>;
  const wa = whatsappUrl(phone);
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor href={`tel:${phone.replace(/\s/g, '')}`} size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconPhone size={14} aria-hidden />
          {phone}
        </Group>
      </Anchor>
      {wa ? (
        <Tooltip label={t('list.whatsapp')}>
          <ActionIcon
            component="a"
            href={wa}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="green"
            size="sm"
            aria-label={t('list.whatsapp')}
          >
            <IconBrandWhatsapp size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

export function money(request: Pick<ServiceRequest, 'currency'>, minor: number, language: string) {
  return formatMoneyIn(minor, request.currency as Currency, language);
}

/** The service's day and time the guest asked for ("12 mar 2026 · 10:00"), or a dash. */
export function serviceWhen(request: ServiceRequest, language: string): string {
  if (!request.service_date) return '—';
  const day = formatDay(request.service_date, language);
  return request.service_time ? `${day} · ${request.service_time}` : day;
}

export function requestedAt(request: ServiceRequest, language: string): string {
  return formatDateTime(request.created_at, language);
}

/**
 * The notice to the service's provider once the request was confirmed (issue 26): its channel and the
 * provider's state, the reason when it did not get through. `compact`: the glyphs, the words in a tooltip.
 */
export function ProviderNotice({
  request,
  compact = false,
}: {
  request: Pick<ServiceRequest, 'provider_notice'>;
  compact?: boolean;
}) {
  const { t } = useTranslation('upselling');
  const notice = request.provider_notice;
  if (!notice) return null;
  if (compact)
    return (
      <Group gap={4} wrap="nowrap" data-testid="provider-notice">
        <Text size="xs" c="dimmed" span>
          {t('detail.providerNoticeShort')}
        </Text>
        <DeliveryStatusChip
          status={notice.status}
          channel={notice.channel}
          reason={notice.error_reason}
          at={notice.updated_at}
          compact
          size="xs"
        />
      </Group>
    );
  return (
    <Stack gap={2} data-testid="provider-notice" align="flex-start">
      <Group gap={6} wrap="wrap">
        <DeliveryStatusChip status={notice.status} channel={notice.channel} reason={notice.error_reason} />
        <DeliveryTime at={notice.updated_at} />
      </Group>
      <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
        {notice.to}
      </Text>
      {notice.error_reason ? (
        <Text
          size="xs"
          c={notice.status === 'failed' ? 'red.8' : 'dimmed'}
          data-testid="provider-notice-reason"
        >
          {notice.error_reason}
        </Text>
      ) : null}
    </Stack>
  );
}
