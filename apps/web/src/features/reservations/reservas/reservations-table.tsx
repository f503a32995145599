import { ActionIcon, Anchor, Badge, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Booking } from '@posada/contracts/bookings';
import {
  IconAlertTriangleFilled,
  IconCash,
  IconCashOff,
  IconDots,
  IconEye,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { pathTo } from '../../../config/routes.ts';
import { channelName } from '../../../lib/channel-brand.ts';
import { ChannelLogo } from '../../../lib/channel-logo.tsx';
import { formatDay, formatMoneyIn, formatStay } from '../../../lib/intl.ts';
import { useBookingActions } from '../hooks/use-booking-actions.tsx';
import { usePageAlign } from '../lib/bidi.ts';
import { bookingActions, channelColor, paymentColor, statusColor } from '../lib/status.ts';

export interface RowHandlers {
  userId: string;
  onView: (booking: Booking) => void;
  onEdit: (booking: Booking) => void;
}

/** The row's actions: view, edit, pause or activate, mark paid or pending, cancel (spec 4). */
function RowMenu({ booking, onView, onEdit }: { booking: Booking } & Omit<RowHandlers, 'userId'>) {
  const { t } = useTranslation('reservations');
  const actions = useBookingActions();
  const allowed = bookingActions(booking);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.menu', { code: booking.code })}
          loading={actions.busy(booking.id)}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => onView(booking)}>
          {t('actions.view')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPencil size={16} aria-hidden />}
          disabled={!allowed.canEdit}
          onClick={() => onEdit(booking)}
        >
          {t('actions.edit')}
        </Menu.Item>
        <Menu.Item
          leftSection={
            booking.paused ? (
              <IconPlayerPlay size={16} aria-hidden />
            ) : (
              <IconPlayerPause size={16} aria-hidden />
            )
          }
          disabled={!allowed.canPause}
          onClick={() => actions.togglePaused(booking)}
        >
          {booking.paused ? t('actions.activate') : t('actions.pause')}
        </Menu.Item>
        <Menu.Item
          leftSection={
            booking.payment_status === 'paid' ? (
              <IconCashOff size={16} aria-hidden />
            ) : (
              <IconCash size={16} aria-hidden />
            )
          }
          disabled={!allowed.canChangePayment}
          onClick={() => actions.togglePayment(booking)}
        >
          {booking.payment_status === 'paid' ? t('actions.markPending') : t('actions.markPaid')}
        </Menu.Item>
        {booking.status !== 'cancelled' ? (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              disabled={!allowed.canCancel}
              onClick={() => actions.askCancel(booking)}
            >
              {t('actions.cancel')}
            </Menu.Item>
            {allowed.cancelBlockedByChannel ? (
              <Text size="xs" c="dimmed" px="sm" pb={6} role="note">
                {t('warnings.externalCancel', { channel: t(`channel.${booking.channel}`) })}
              </Text>
            ) : null}
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

function StatusBadges({ booking }: { booking: Booking }) {
  const { t } = useTranslation('reservations');
  return (
    <Group gap={4} wrap="wrap">
      {booking.status === 'overbooking' ? (
        <Badge
          color="red"
          variant="filled"
          tt="none"
          w="max-content"
          leftSection={<IconAlertTriangleFilled size={11} aria-hidden />}
          title={t('list.overbookingHint')}
          data-testid="overbooking-badge"
        >
          {t(`status.${booking.status}`)}
        </Badge>
      ) : (
        <Badge color={statusColor[booking.status]} variant="light" tt="none" w="max-content">
          {t(`status.${booking.status}`)}
        </Badge>
      )}
      {booking.paused ? (
        <Badge
          color="orange"
          variant="outline"
          tt="none"
          leftSection={<IconPlayerPause size={10} aria-hidden />}
        >
          {t('paused')}
        </Badge>
      ) : null}
    </Group>
  );
}

function PaymentBadge({ booking }: { booking: Booking }) {
  const { t } = useTranslation('reservations');
  return (
    <Badge color={paymentColor[booking.payment_status]} variant="dot" tt="none" w="max-content">
      {t(`payment.${booking.payment_status}`)}
    </Badge>
  );
}

/** The booking's source with its logo, and the channel's own code when it gave one (Airbnb HM…). */
function ChannelBadge({ booking, withRef = false }: { booking: Booking; withRef?: boolean }) {
  const { t } = useTranslation('reservations');
  const name = channelName(booking.channel, t);
  return (
    <Group gap={4} wrap="nowrap" data-channel={booking.channel}>
      <Badge
        color={channelColor[booking.channel]}
        variant="outline"
        tt="none"
        w="max-content"
        leftSection={<ChannelLogo channel={booking.channel} size={12} />}
        aria-label={t('list.source', { channel: name })}
      >
        {name}
      </Badge>
      {withRef && booking.external_ref ? (
        <Text
          size="xs"
          c="dimmed"
          ff="monospace"
          dir="ltr"
          title={t('list.externalRef', { channel: name })}
          data-testid="external-ref"
        >
          {booking.external_ref}
        </Text>
      ) : null}
    </Group>
  );
}

function roomsText(booking: Booking): string | null {
  if (booking.rooms.length > 0) return booking.rooms.map((r) => r.name).join(', ');
  return booking.room_type_name;
}

function CodeLink({ booking, userId }: { booking: Booking; userId: string }) {
  const { t, i18n } = useTranslation('reservations');
  return (
    <Anchor
      title={t('list.createdOn', { date: formatDay(booking.created_at, i18n.resolvedLanguage ?? 'es') })}
      component={Link}
      to={pathTo('reservationBooking', { userId, relationId: booking.id })}
      ff="monospace"
      size="sm"
      fw={600}
      style={{ whiteSpace: 'nowrap' }}
    >
      {booking.code}
    </Anchor>
  );
}

/** Desktop: one row per booking with every spec 3 Reservation column that fits. */
export function ReservationsTable({ items, userId, onView, onEdit }: { items: Booking[] } & RowHandlers) {
  const align = usePageAlign();
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="12%">{t('list.code')}</Table.Th>
          <Table.Th w="21%">{t('list.guest')}</Table.Th>
          <Table.Th w="18%">{t('list.stay')}</Table.Th>
          <Table.Th w="17%">{t('list.property')}</Table.Th>
          <Table.Th w="14%">{t('list.status')}</Table.Th>
          <Table.Th w="12%" ta="end">
            {t('list.total')}
          </Table.Th>
          <Table.Th w={52}>
            <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((booking) => {
          const rooms = roomsText(booking);
          return (
            <Table.Tr
              key={booking.id}
              data-booking={booking.code}
              opacity={booking.status === 'cancelled' ? 0.6 : 1}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Stack gap={4} align="flex-start">
                  <CodeLink booking={booking} userId={userId} />
                  <ChannelBadge booking={booking} withRef />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} truncate dir="auto" style={align}>
                  {booking.name}
                </Text>
                <Text size="xs" c="dimmed" truncate dir="ltr" style={align}>
                  {booking.email || booking.phone}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" truncate>
                  {formatStay(booking.start_date, booking.end_date, language)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {t('form.nights', { count: booking.nights })} ·{' '}
                  {t('list.guestsValue', { count: booking.number_of_guests })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" truncate dir="auto" style={align}>
                  {booking.property_title}
                </Text>
                {rooms ? (
                  <Text size="xs" c="dimmed" truncate dir="auto" style={align}>
                    {rooms}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <StatusBadges booking={booking} />
                  <PaymentBadge booking={booking} />
                </Stack>
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={600} dir="ltr" span style={{ unicodeBidi: 'isolate' }}>
                  {formatMoneyIn(booking.total, booking.currency, language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowMenu booking={booking} onView={onView} onEdit={onEdit} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </>
  );
}

/** Phones: one card per booking, the same facts in reading order. */
export function ReservationCards({
  items,
  userId,
  onView,
  onEdit,
  busy,
}: { items: Booking[]; busy: boolean } & RowHandlers) {
  const align = usePageAlign();
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <CardList label={t('title')} busy={busy}>
      {items.map((booking, index) => {
        const rooms = roomsText(booking);
        return (
          <CardListItem key={booking.id} divided={index > 0}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" data-booking={booking.code}>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} truncate dir="auto" style={align}>
                  {booking.name}
                </Text>
                <CodeLink booking={booking} userId={userId} />
              </Stack>
              <RowMenu booking={booking} onView={onView} onEdit={onEdit} />
            </Group>
            <Text size="sm">
              {formatStay(booking.start_date, booking.end_date, language)} ·{' '}
              {t('form.nights', { count: booking.nights })} ·{' '}
              {t('list.guestsValue', { count: booking.number_of_guests })}
            </Text>
            <Text size="sm" c="dimmed" truncate dir="auto" style={align}>
              {booking.property_title}
              {rooms ? ` · ${rooms}` : ''}
            </Text>
            <Group justify="space-between" wrap="nowrap" align="center">
              <Group gap={4}>
                <StatusBadges booking={booking} />
                <PaymentBadge booking={booking} />
                <ChannelBadge booking={booking} withRef />
              </Group>
              <Text fw={700} dir="ltr" style={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
                {formatMoneyIn(booking.total, booking.currency, language)}
              </Text>
            </Group>
          </CardListItem>
        );
      })}
    </CardList>
  );
}
