import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Booking } from '@posada/contracts/bookings';
import { useTranslation } from 'react-i18next';
import { useCancelBooking, useSetPaused, useSetPaymentStatus } from '../../../lib/api/bookings-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatStay } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { bookingActions } from '../lib/status.ts';

/**
 * Pause or activate, mark paid or pending, and cancel (after confirmation), with a toast for every
 * outcome. Shared by the Reservas rows, the booking details and the calendars' booking panel.
 */
export function useBookingActions() {
  const { t, i18n } = useTranslation(['reservations', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const pause = useSetPaused();
  const payment = useSetPaymentStatus();
  const cancel = useCancelBooking();

  const failure = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.status === 0) return notify.error(t('common:errors.network'));
    notify.error(error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback);
  };

  const togglePaused = (booking: Booking) =>
    pause.mutate(
      { id: booking.id, paused: !booking.paused },
      {
        onSuccess: () => notify.success(booking.paused ? t('toasts.activated') : t('toasts.paused')),
        onError: (error) => failure(error, t('errors.action')),
      },
    );

  const togglePayment = (booking: Booking) => {
    const status = booking.payment_status === 'paid' ? 'pending' : 'paid';
    payment.mutate(
      { id: booking.id, status },
      {
        onSuccess: () =>
          notify.success(status === 'paid' ? t('toasts.markedPaid') : t('toasts.markedPending')),
        onError: (error) => failure(error, t('errors.action')),
      },
    );
  };

  /** spec 4: external-channel bookings are warned against and never sent. */
  const askCancel = (booking: Booking, onCancelled?: () => void) => {
    if (bookingActions(booking).cancelBlockedByChannel) {
      notify.warning(t('warnings.externalCancel', { channel: t(`channel.${booking.channel}`) }));
      return;
    }
    modals.openConfirmModal({
      title: t('cancel.title', { code: booking.code }),
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('cancel.body', {
              name: booking.name,
              stay: formatStay(booking.start_date, booking.end_date, language),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('cancel.irreversible')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('cancel.confirm'), cancel: t('cancel.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(booking.id, {
          onSuccess: () => {
            notify.success(t('toasts.cancelled'));
            onCancelled?.();
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'booking.external_not_cancellable') {
              notify.warning(error.message);
              return;
            }
            // spec 8: 'Error al procesar la solicitud' (or the connection error when there is no answer).
            notify.error(
              error instanceof ApiError && error.status === 0
                ? t('common:errors.network')
                : t('errors.cancel'),
            );
          },
        }),
    });
  };

  const busy = (id: string) =>
    (pause.isPending && pause.variables?.id === id) ||
    (payment.isPending && payment.variables?.id === id) ||
    (cancel.isPending && cancel.variables === id);

  return { togglePaused, togglePayment, askCancel, busy };
}
