import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { ServiceRequest } from '@posada/contracts/experiences';
import type { Currency } from '@posada/contracts/properties';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
