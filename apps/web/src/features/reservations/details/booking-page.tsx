import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCalendarOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import classes from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { bookingQuery } from '../../../lib/api/bookings-api.ts';
import { ProgrammedCheckin, useBookingCheckin } from '../../../lib/booking-checkin.tsx';
import { StayMessages } from '../../../lib/stay-messages.tsx';
import { usePageAlign } from '../lib/bidi.ts';
import { ReservationModal } from '../modal/reservation-modal.tsx';
import { BookingPayments } from '../payments/booking-payments.tsx';
import { BookingActionBar } from './booking-action-bar.tsx';
import { BookingBadges, BookingDetails } from './booking-details.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BackLink() {
  const { t } = useTranslation('reservations');
  return (
    <Anchor component={Link} to={pathTo('Reservas')} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden className={classes.mirror} />
        {t('details.back')}
      </Group>
    </Anchor>
  );
}

/**
 * spec 2.2 scheduled-checkins/{userId}/{relationId}/booking: one reservation (relationId is the booking id).
 * Another account's booking, or an id that is not one, shows the not-found state.
 */
export function BookingPage() {
  const align = usePageAlign();
  const { t } = useTranslation(['reservations', 'common']);
  const { relationId = '' } = useParams();
  const valid = UUID.test(relationId);
  const query = useQuery({ ...bookingQuery(relationId), enabled: valid });
  const [editing, setEditing] = useState(false);
  const booking = query.data;
  const checkin = useBookingCheckin(valid ? relationId : null);
  useDocumentTitle(
    booking
      ? `${booking.code} · ${booking.name} · ${t('common:appName')}`
      : `${t('details.title')} · ${t('common:appName')}`,
  );

  const notFound = !valid || (query.isError && (query.error as { status?: number }).status === 404);
  if (notFound)
    return (
      <Stack gap="lg">
        <BackLink />
        <Paper withBorder radius="lg" data-testid="booking-not-found">
          <EmptyState
            icon={<IconCalendarOff size={28} aria-hidden />}
            title={t('details.notFoundTitle')}
            description={t('details.notFound')}
            action={
              <Button component={Link} to={pathTo('Reservas')}>
                {t('details.toList')}
              </Button>
            }
          />
        </Paper>
      </Stack>
    );

  return (
    <Stack gap="lg" maw={960}>
      <BackLink />
      {query.isPending ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={32} w="40%" />
          <Skeleton h={140} radius="lg" />
          <Skeleton h={180} radius="lg" />
        </Stack>
      ) : query.isError ? (
        <LoadError
          radius="lg"
          title={t('errors.load')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      ) : booking ? (
        <>
          <Stack gap={6}>
            <Text size="sm" c="dimmed" ff="monospace">
              {booking.code}
            </Text>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }} dir="auto" style={align}>
              {booking.name}
            </Title>
            <BookingBadges booking={booking} />
          </Stack>
          <BookingActionBar booking={booking} onEdit={() => setEditing(true)} />
          <ProgrammedCheckin bookingId={booking.id} guestName={booking.name} />
          <BookingDetails booking={booking} checkin={checkin} />
          <StayMessages bookingId={booking.id} />
          <BookingPayments booking={booking} />
          <ReservationModal
            opened={editing}
            mode="edit"
            bookingId={booking.id}
            onClose={() => setEditing(false)}
          />
        </>
      ) : null}
    </Stack>
  );
}
