import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { Booking } from '@posada/contracts/bookings';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { bookingQuery } from '../../../lib/api/bookings-api.ts';
import { ProgrammedCheckin, useBookingCheckin } from '../../../lib/booking-checkin.tsx';
import { StayMessages } from '../../../lib/stay-messages.tsx';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { ReservationModal } from '../modal/reservation-modal.tsx';
import { BookingPayments } from '../payments/booking-payments.tsx';
import { BookingActionBar } from './booking-action-bar.tsx';
import { BookingBadges, BookingDetails } from './booking-details.tsx';

export interface BookingDetailsModalProps {
  /** The booking shown; null keeps the modal closed. */
  bookingId: string | null;
  onClose: () => void;
  /** Edit elsewhere instead of the built-in reservation modal. */
  onEdit?: (booking: Booking) => void;
  /** More actions (the hotel calendar's change room), given the loaded booking. */
  extraActions?: (booking: Booking) => ReactNode;
}

/**
 * spec 2.4 Booking details modal, with the booking's actions (edit, pause, payment status, cancel) and a
 * link to its page. The calendars open it for a booking; Reservas opens it from a row's "view".
 */
export function BookingDetailsModal({ bookingId, onClose, onEdit, extraActions }: BookingDetailsModalProps) {
  const { t } = useTranslation(['reservations', 'common']);
  const isMobile = useIsMobile();
  const { data: user } = useCurrentUser();
  const [editing, setEditing] = useState<string | null>(null);
  const query = useQuery({ ...bookingQuery(bookingId ?? ''), enabled: Boolean(bookingId) });
  const booking = query.data;
  const checkin = useBookingCheckin(bookingId);

  return (
    <>
      <Modal
        opened={Boolean(bookingId) && !editing}
        onClose={onClose}
        size="xl"
        fullScreen={isMobile}
        centered
        title={
          booking ? (
            <Stack gap={4}>
              <Text fw={650} fz="lg" component="span" dir="auto">
                {booking.name}
              </Text>
              <Group gap="xs">
                <Text size="sm" c="dimmed" ff="monospace" span>
                  {booking.code}
                </Text>
                <BookingBadges booking={booking} />
              </Group>
            </Stack>
          ) : (
            t('details.title')
          )
        }
      >
        {query.isPending ? (
          <Stack gap="md" aria-busy>
            <Skeleton h={120} radius="lg" />
            <Skeleton h={160} radius="lg" />
            <Skeleton h={100} radius="lg" />
          </Stack>
        ) : query.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            {(query.error as { status?: number }).status === 404 ? t('details.notFound') : t('errors.load')}
          </Alert>
        ) : booking ? (
          <Stack gap="md">
            <BookingActionBar
              booking={booking}
              onEdit={() => (onEdit ? onEdit(booking) : setEditing(booking.id))}
              onCancelled={onClose}
              extra={extraActions?.(booking)}
            />
            <ProgrammedCheckin bookingId={booking.id} guestName={booking.name} />
            <BookingDetails booking={booking} checkin={checkin} />
            <StayMessages bookingId={booking.id} />
            <BookingPayments booking={booking} />
            {user ? (
              <Group justify="flex-end">
                <Anchor
                  component={Link}
                  to={pathTo('reservationBooking', { userId: user.id, relationId: booking.id })}
                  size="sm"
                  onClick={onClose}
                >
                  <Group gap={4} component="span">
                    {t('details.openPage')}
                    <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              </Group>
            ) : null}
          </Stack>
        ) : null}
        {query.isError ? (
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
          </Group>
        ) : null}
      </Modal>
      <ReservationModal
        opened={editing !== null}
        mode="edit"
        bookingId={editing ?? undefined}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
