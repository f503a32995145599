import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Booking } from '@posada/contracts/bookings';
import type { GuestPayment, GuestPaymentStatusName } from '@posada/contracts/payments';
import type { Currency } from '@posada/contracts/properties';
import {
  IconBrandWhatsapp,
  IconCopy,
  IconDots,
  IconExternalLink,
  IconInfoCircle,
  IconLink,
  IconMail,
  IconReceiptRefund,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoneyIn } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { paymentColor } from '../lib/status.ts';
import { bookingPaymentsQuery, paymentAccountQuery, useCancelPayment } from './booking-payments-api.ts';
import { useFailure, useShareLink } from './payment-hooks.ts';
import { PaymentLinkModal } from './payment-link-modal.tsx';
import { RefundModal } from './refund-modal.tsx';

export const guestPaymentColor: Record<GuestPaymentStatusName, string> = {
  open: 'blue',
  authorized: 'cyan',
  paid: 'teal',
  rejected: 'red',
  expired: 'gray',
  released: 'gray',
  refunded: 'grape',
  canceled: 'gray',
};

function PaymentRow({
  payment,
  onRefund,
}: {
  payment: GuestPayment;
  onRefund: (payment: GuestPayment) => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const language = i18n.resolvedLanguage ?? 'es';
  const money = (minor: number) => formatMoneyIn(minor, payment.currency as Currency, language);
  const cancel = useCancelPayment();
  const failure = useFailure();
  const { share, pending } = useShareLink();
  const open = payment.status === 'open' || payment.status === 'rejected';
  const left = payment.captured_amount - payment.refunded_amount;
  const refundable = (payment.status === 'paid' || payment.status === 'refunded') && left > 0;

  const askCancel = () =>
    modals.openConfirmModal({
      title: t('booking.cancel.title'),
      centered: true,
      children: (
        <Text size="sm">
          {t('booking.cancel.body', { concept: payment.concept, amount: money(payment.amount) })}
        </Text>
      ),
      labels: { confirm: t('booking.cancel.confirm'), cancel: t('booking.cancel.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(payment.id, {
          onSuccess: (after) =>
            after.status === 'canceled'
              ? notify.success(t('booking.toasts.cancelled'))
              : notify.info(t('booking.toasts.changedMeanwhile', { status: t(`status.${after.status}`) })),
          onError: failure,
        }),
    });

  const when =
    payment.refunded_at && payment.status === 'refunded'
      ? t('booking.refundedAt', { date: formatDateTime(payment.refunded_at, language) })
      : payment.paid_at
        ? t('booking.paidAt', { date: formatDateTime(payment.paid_at, language) })
        : t('booking.createdAt', { date: formatDateTime(payment.created_at, language) });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="guest-payment" data-status={payment.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" dir="auto" truncate>
              {payment.concept}
            </Text>
            <Badge color={guestPaymentColor[payment.status]} variant="light" tt="none">
              {t(`status.${payment.status}`)}
            </Badge>
          </Group>
          <Text size="sm" dir="ltr" style={{ textAlign: 'start' }}>
            {money(payment.amount)}
            {payment.refunded_amount > 0
              ? ` · ${t('booking.refunded', { amount: money(payment.refunded_amount) })}`
              : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`kind.${payment.kind}`)} · {when}
          </Text>
          {payment.status === 'rejected' && payment.failure_message ? (
            <Text size="xs" c="red">
              {payment.failure_message}
            </Text>
          ) : null}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {open && payment.checkout_url ? (
            <Tooltip label={t('booking.copy')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('booking.copy')}
                onClick={() => share(payment, 'copy')}
              >
                <IconCopy size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {open || refundable ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('booking.more')}
                  loading={pending || cancel.isPending}
                >
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {open && payment.checkout_url ? (
                  <>
                    <Menu.Item
                      leftSection={<IconExternalLink size={16} aria-hidden />}
                      component="a"
                      href={payment.checkout_url}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {t('booking.openLink')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconMail size={16} aria-hidden />}
                      onClick={() => share(payment, 'email')}
                    >
                      {t('booking.sendEmail')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
                      onClick={() => share(payment, 'whatsapp')}
                    >
                      {t('booking.sendWhatsapp')}
                    </Menu.Item>
                    <Menu.Item color="red" leftSection={<IconX size={16} aria-hidden />} onClick={askCancel}>
                      {t('booking.cancelLink')}
                    </Menu.Item>
                  </>
                ) : null}
                {refundable ? (
                  <Menu.Item
                    color="red"
                    leftSection={<IconReceiptRefund size={16} aria-hidden />}
                    onClick={() => onRefund(payment)}
                  >
                    {t('booking.refund')}
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The "Pagos" section of a reservation (spec 4 Guest charges, spec 8 payment link): its payment status,
 * the guest payments with their states, a new payment link, sending, refunds and withdrawing a link.
 */
export function BookingPayments({ booking }: { booking: Booking }) {
  const { t } = useTranslation(['payments', 'reservations']);
  const list = useQuery(bookingPaymentsQuery(booking.id));
  const account = useQuery(paymentAccountQuery());
  const [creating, setCreating] = useState(false);
  const [refunding, setRefunding] = useState<GuestPayment | null>(null);
  const payments = list.data ?? [];
  const notConfigured = account.data && !account.data.configured;
  const noProvider = account.data?.configured && !account.data.charges_enabled;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('booking.title')}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Title order={2} fz="h5">
              {t('booking.title')}
            </Title>
            <Badge
              color={paymentColor[booking.payment_status]}
              variant="dot"
              tt="none"
              data-testid="booking-payment-status"
            >
              {t(`reservations:payment.${booking.payment_status}`)}
            </Badge>
          </Group>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            disabled={booking.status === 'cancelled' || Boolean(notConfigured)}
            onClick={() => setCreating(true)}
          >
            {t('booking.create')}
          </Button>
        </Group>
        {notConfigured ? (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('account.notConfigured')}
          </Alert>
        ) : noProvider ? (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('booking.noProvider')}
          </Alert>
        ) : null}
        {list.isPending ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={56} radius="md" />
            <Skeleton h={56} radius="md" />
          </Stack>
        ) : list.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('booking.errors.load')}
          </Alert>
        ) : payments.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="guest-payments-empty">
            {t('booking.empty')}
          </Text>
        ) : (
          <Stack gap="xs">
            {payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} onRefund={setRefunding} />
            ))}
          </Stack>
        )}
      </Stack>
      <PaymentLinkModal opened={creating} booking={booking} onClose={() => setCreating(false)} />
      <RefundModal payment={refunding} onClose={() => setRefunding(null)} />
    </Paper>
  );
}
