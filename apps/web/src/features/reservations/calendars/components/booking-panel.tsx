import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  useDirection,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Booking } from '@posada/contracts/bookings';
import { isExternalChannel } from '@posada/domain/booking-rules';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconBan,
  IconCalendarEvent,
  IconCash,
  IconCashOff,
  IconMail,
  IconPencil,
  IconPhone,
  IconPlayerPause,
  IconPlayerPauseFilled,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKeyPrefix, reservationsKeys } from '../../../../lib/api/bookings-keys.ts';
import { ApiError } from '../../../../lib/api.ts';
import { ProgrammedCheckin } from '../../../../lib/booking-checkin.tsx';
import { channelName } from '../../../../lib/channel-brand.ts';
import { ChannelLogo } from '../../../../lib/channel-logo.tsx';
import { formatDateTime } from '../../../../lib/intl.ts';
import { moneyFormatter } from '../../../../lib/money.ts';
import { notify } from '../../../../lib/notify.ts';
import { StayMessages } from '../../../../lib/stay-messages.tsx';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';
import { useBookingActions } from '../../hooks/use-booking-actions.tsx';
import { bookingActions, bookingDetailQuery } from '../api/calendar-api.ts';
import { statusColor } from '../lib/booking-style.ts';
import { dayFormatters } from '../lib/format.ts';
import { ChangeRoom } from './change-room.tsx';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * spec 2.4 booking-details panel: the booking at a glance (guest, stay, rooms, channel, money), edit it
 * in the reservation modal, change its room (hotel), pause or activate it, mark it paid or pending (the
 * Reservas actions and toasts), send or resend the guest's check-in link, or cancel it after confirmation. A booking from an
 * external channel cannot be cancelled here (spec 4): the action is refused with the reason.
 */
export function BookingPanel({
  bookingId,
  onClose,
  onEdit,
}: {
  bookingId: string | null;
  onClose: () => void;
  onEdit: (booking: Booking) => void;
}) {
  const { t } = useTranslation('calendar');
  const isMobile = useIsMobile();
  const { dir } = useDirection();
  const query = useQuery({ ...bookingDetailQuery(bookingId ?? ''), enabled: Boolean(bookingId) });

  return (
    <Drawer
      opened={Boolean(bookingId)}
      onClose={onClose}
      position={isMobile ? 'bottom' : dir === 'rtl' ? 'left' : 'right'}
      size={isMobile ? '92%' : 440}
      radius={isMobile ? 'lg' : 0}
      title={t('panel.title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {query.isPending ? (
        <Stack gap="sm" data-testid="panel-skeleton">
          <Skeleton h={28} w="70%" />
          <Skeleton h={18} w="40%" />
          <Skeleton h={90} />
          <Skeleton h={120} />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('errors.request', { msg: messageOf(query.error) })}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <BookingDetails booking={query.data} onEdit={onEdit} onClosePanel={onClose} />
      )}
    </Drawer>
  );
}

function BookingDetails({
  booking,
  onEdit,
  onClosePanel,
}: {
  booking: Booking;
  onEdit: (booking: Booking) => void;
  onClosePanel: () => void;
}) {
  const { t, i18n } = useTranslation(['calendar', 'reservations', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const formats = dayFormatters(language);
  const actions = useBookingActions();
  const busy = actions.busy(booking.id);
  const money = moneyFormatter(booking.currency, language, 'calendar');
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const external = booking.external || isExternalChannel(booking.channel);
  const cancelled = booking.status === 'cancelled';
  const channel = channelName(booking.channel, t);
  const overbooking = booking.status === 'overbooking';

  const cancel = useMutation({
    mutationFn: () => bookingActions.cancel(booking.id),
  });

  const confirmCancel = () => {
    modals.openConfirmModal({
      title: t('panel.cancelTitle'),
      children: (
        <Text size="sm">
          {t('panel.cancelBody', {
            name: booking.name,
            range: formats.range(booking.start_date, booking.end_date),
          })}
        </Text>
      ),
      labels: { confirm: t('panel.cancelConfirm'), cancel: t('common:actions.back') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const updated = await cancel.mutateAsync();
          if (updated && typeof updated === 'object' && 'id' in updated) {
            queryClient.setQueryData(reservationsKeys.one(booking.id), updated);
          }
        } catch (e) {
          // spec 8: 'Error al procesar la solicitud' (the server's reason when it gives one).
          notify.error(messageOf(e), t('errors.cancel'));
          return;
        }
        notify.success(t('panel.cancelled'));
        onClosePanel();
        try {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: reservationsKeys.all }, { throwOnError: true }),
            queryClient.invalidateQueries({ queryKey: dashboardKeyPrefix }),
          ]);
        } catch {
          notify.error(t('errors.refreshAfterCancel'));
        }
      },
    });
  };

  const rooms = booking.rooms.map((r) => r.name).join(', ');
  return (
    <Stack gap="md" data-testid="booking-panel">
      <Stack gap={6}>
        <Text fw={750} fz="xl" lh={1.2}>
          <bdi>{booking.name}</bdi>
        </Text>
        <Group gap={6}>
          <Badge color={statusColor[booking.status]} variant="filled" tt="none">
            {t(`status.${booking.status}`)}
          </Badge>
          <Badge color={booking.payment_status === 'paid' ? 'teal' : 'yellow'} variant="light" tt="none">
            {t(`payment.${booking.payment_status}`)}
          </Badge>
          <Badge
            variant="light"
            color="gray"
            tt="none"
            leftSection={<ChannelLogo channel={booking.channel} size={14} />}
            data-testid="panel-channel"
          >
            {channel}
          </Badge>
          {booking.paused ? (
            <Badge color="violet" variant="light" tt="none" leftSection={<IconPlayerPauseFilled size={10} />}>
              {t('grid.paused')}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('panel.code', { code: booking.code })} · {booking.property_title}
        </Text>
        {booking.external_ref ? (
          <Text size="xs" c="dimmed" data-testid="panel-external-ref">
            {t('panel.channelCode', { channel })}{' '}
            <bdi style={{ fontWeight: 650 }}>{booking.external_ref}</bdi>
          </Text>
        ) : null}
      </Stack>

      <Paper withBorder radius="md" p="sm">
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <Field label={t('panel.arrival')} value={formats.long(booking.start_date)} />
          <Field label={t('panel.departure')} value={formats.long(booking.end_date)} />
          <Field label={t('panel.nights')} value={t('selection.nights', { count: booking.nights })} />
          <Field label={t('panel.guests')} value={String(booking.number_of_guests)} />
          {booking.room_type_name ? (
            <Field label={t('panel.roomType')} value={booking.room_type_name} />
          ) : null}
          {rooms ? (
            <Field
              label={t('panel.rooms', { count: booking.rooms.length })}
              value={rooms}
              testId="panel-rooms"
            />
          ) : null}
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p="sm">
        <Stack gap={4}>
          <MoneyLine label={t('panel.price')} value={money(booking.price)} />
          {booking.promotions.map((p) => (
            <MoneyLine
              key={`p${p.description}`}
              label={p.description || t('panel.promotion')}
              value={`− ${money(p.price)}`}
            />
          ))}
          {booking.taxes.map((p) => (
            <MoneyLine
              key={`t${p.description}`}
              label={p.description || t('panel.tax')}
              value={`+ ${money(p.price)}`}
            />
          ))}
          <Divider my={4} />
          <MoneyLine label={t('panel.total')} value={money(booking.total)} strong />
          {booking.deposit > 0 ? (
            <MoneyLine label={t('panel.deposit')} value={money(booking.deposit)} />
          ) : null}
        </Stack>
      </Paper>

      <Stack gap={4}>
        {booking.email ? (
          <Group gap={8} wrap="nowrap">
            <IconMail size={16} color="var(--mantine-color-gray-6)" />
            <Anchor href={`mailto:${booking.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {booking.email}
            </Anchor>
          </Group>
        ) : null}
        {booking.phone ? (
          <Group gap={8} wrap="nowrap">
            <IconPhone size={16} color="var(--mantine-color-gray-6)" />
            <Anchor href={`tel:${booking.phone}`} size="sm" dir="ltr">
              {booking.phone}
            </Anchor>
          </Group>
        ) : null}
        <Group gap={8} wrap="nowrap">
          <IconCalendarEvent size={16} color="var(--mantine-color-gray-6)" />
          <Text size="sm" c="dimmed">
            {t('panel.created', {
              date: formatDateTime(booking.created_at, language),
            })}
          </Text>
        </Group>
        {booking.notes ? (
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {booking.notes}
          </Text>
        ) : null}
      </Stack>

      {/* The guest's check-in link: send it, or resend it once sent (issue 13). */}
      {cancelled ? null : <ProgrammedCheckin bookingId={booking.id} guestName={booking.name} />}
      <StayMessages bookingId={booking.id} />

      {changing ? <ChangeRoom booking={booking} onDone={() => setChanging(false)} /> : null}

      {overbooking ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('panel.overbookingTitle')}
          data-testid="overbooking-warning"
        >
          {t('panel.overbookingBody', { channel })}
        </Alert>
      ) : null}

      {external && !cancelled ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="external-warning"
        >
          {t('panel.externalManaged', { channel })}
        </Alert>
      ) : null}

      {cancelled ? null : (
        <Stack gap="xs" mt="xs">
          <Group grow gap="xs">
            {/* A channel's booking is changed on its channel (spec 4; the API refuses it too). */}
            {external ? null : (
              <Button
                leftSection={<IconPencil size={16} />}
                onClick={() => onEdit(booking)}
                styles={wrapLabel}
              >
                {t('panel.edit')}
              </Button>
            )}
            {booking.rooms.length > 0 && !changing ? (
              <Button
                variant="light"
                leftSection={<IconArrowsExchange size={16} />}
                onClick={() => setChanging(true)}
                styles={wrapLabel}
              >
                {t('panel.changeRoom')}
              </Button>
            ) : null}
          </Group>
          <Group grow gap="xs">
            <Button
              variant="default"
              leftSection={
                booking.paused ? (
                  <IconPlayerPlay size={16} aria-hidden />
                ) : (
                  <IconPlayerPause size={16} aria-hidden />
                )
              }
              onClick={() => actions.togglePaused(booking)}
              disabled={busy}
              styles={wrapLabel}
            >
              {booking.paused ? t('reservations:actions.activate') : t('reservations:actions.pause')}
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
              onClick={() => actions.togglePayment(booking)}
              disabled={busy}
              styles={wrapLabel}
            >
              {booking.payment_status === 'paid'
                ? t('reservations:actions.markPending')
                : t('reservations:actions.markPaid')}
            </Button>
          </Group>
          {booking.paused ? (
            <Text size="xs" c="dimmed" data-testid="paused-hint">
              {t('panel.pausedHint')}
            </Text>
          ) : null}
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconBan size={16} />}
            onClick={confirmCancel}
            disabled={external}
            loading={cancel.isPending}
          >
            {t('panel.cancel')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** Long labels («Marcar pago pendiente» on a phone, «Cambiar habitación» beside Editar) wrap instead of being cut. */
const wrapLabel = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal', lineHeight: 1.25, textAlign: 'center' },
} as const;

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ textTransform: 'none' }}>
        {value}
      </Text>
    </Stack>
  );
}

function MoneyLine({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}
