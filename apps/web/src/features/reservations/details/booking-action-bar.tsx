import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Booking } from '@posada/contracts/bookings';
import {
  IconCash,
  IconCashOff,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingActions } from '../hooks/use-booking-actions.tsx';
import { bookingActions } from '../lib/status.ts';

/** Edit, pause or activate, payment status and cancel for one booking (details modal and page). */
export function BookingActionBar({
  booking,
  onEdit,
  onCancelled,
  extra,
}: {
  booking: Booking;
  onEdit: () => void;
  onCancelled?: () => void;
  /** More actions of the caller (the hotel calendar's change room). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('reservations');
  const actions = useBookingActions();
  const allowed = bookingActions(booking);
  const busy = actions.busy(booking.id);
  const cancelButton = (
    <Button
      variant="light"
      color="red"
      leftSection={<IconX size={16} aria-hidden />}
      disabled={!allowed.canCancel || busy}
      onClick={() => actions.askCancel(booking, onCancelled)}
    >
      {t('actions.cancel')}
    </Button>
  );
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          disabled={!allowed.canEdit}
          onClick={onEdit}
        >
          {t('actions.edit')}
        </Button>
        <Button
          variant="default"
          leftSection={
            booking.paused ? (
              <IconPlayerPlay size={16} aria-hidden />
            ) : (
              <IconPlayerPause size={16} aria-hidden />
            )
          }
          disabled={!allowed.canPause || busy}
          onClick={() => actions.togglePaused(booking)}
        >
          {booking.paused ? t('actions.activate') : t('actions.pause')}
        </Button>
        <Button
          variant="default"
          leftSection={
            booking.payment_status === 'paid' ? (
              <IconCashOff size={16} aria-hidden />
            ) : (
              <IconCash size={16} aria-hidden />
            )
          }
          disabled={!allowed.canChangePayment || busy}
          onClick={() => actions.togglePayment(booking)}
        >
          {booking.payment_status === 'paid' ? t('actions.markPending') : t('actions.markPaid')}
        </Button>
        {extra}
        {allowed.cancelBlockedByChannel ? (
          <Tooltip
            label={t('warnings.externalCancel', { channel: t(`channel.${booking.channel}`) })}
            multiline
            w={260}
            withArrow
          >
            <span>{cancelButton}</span>
          </Tooltip>
        ) : booking.status === 'cancelled' ? null : (
          cancelButton
        )}
      </Group>
      {allowed.cancelBlockedByChannel ? (
        <Text size="xs" c="dimmed">
          {t('warnings.externalCancel', { channel: t(`channel.${booking.channel}`) })}
        </Text>
      ) : null}
    </Stack>
  );
}
