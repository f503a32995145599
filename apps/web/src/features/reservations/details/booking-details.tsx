import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Booking } from '@posada/contracts/bookings';
import { IconAlertTriangleFilled, IconClockHour4, IconPlayerPause } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { channelName } from '../../../lib/channel-brand.ts';
import { ChannelLogo } from '../../../lib/channel-logo.tsx';
import { type CheckinGuestFields, guestIdentity } from '../../../lib/guest-details.ts';
import { formatDateTime, formatDay, formatLongDay, formatMoneyIn } from '../../../lib/intl.ts';
import { countryName } from '../../../lib/phone-countries.ts';
import { useOperatorToday } from '../../../lib/today.ts';
import { DepositSection } from '../deposits/deposit-table.tsx';
import { usePageAlign } from '../lib/bidi.ts';
import { channelColor, paymentColor, statusColor } from '../lib/status.ts';

/** One label and value of the details. */
function Field({ label, children, pending }: { label: string; children?: ReactNode; pending?: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {pending ? (
        <Text size="sm" c="dimmed" fs="italic">
          {pending}
        </Text>
      ) : (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} component="div">
          {children}
        </Text>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The status, payment, channel and paused badges of a booking. */
export function BookingBadges({ booking }: { booking: Booking }) {
  const { t } = useTranslation('reservations');
  return (
    <Group gap={6}>
      <Badge
        color={statusColor[booking.status]}
        variant={booking.status === 'overbooking' ? 'filled' : 'light'}
        tt="none"
        leftSection={
          booking.status === 'overbooking' ? <IconAlertTriangleFilled size={12} aria-hidden /> : undefined
        }
      >
        {t(`status.${booking.status}`)}
      </Badge>
      <Badge color={paymentColor[booking.payment_status]} variant="dot" tt="none">
        {t(`payment.${booking.payment_status}`)}
      </Badge>
      <Badge
        color={channelColor[booking.channel]}
        variant="outline"
        tt="none"
        leftSection={<ChannelLogo channel={booking.channel} size={12} />}
      >
        {channelName(booking.channel, t)}
        {booking.external_ref ? ` · ${booking.external_ref}` : ''}
      </Badge>
      {booking.paused ? (
        <Badge
          color="orange"
          variant="light"
          tt="none"
          leftSection={<IconPlayerPause size={12} aria-hidden />}
        >
          {t('paused')}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * spec 2.4 Booking details: property name, creation date and time, guest name, messaging number, stay
 * dates and days, document type (P passport, otherwise ID) and number, country code, birth date with age,
 * sex, and the deposit table when the programmed payment is over 0. The check-in fields come from the
 * guest's check-in; until there is one they say so.
 */
export function BookingDetails({
  booking,
  checkin = null,
}: {
  booking: Booking;
  /** The guest's check-in, once the check-in feature provides it. */
  checkin?: CheckinGuestFields | null;
}) {
  const align = usePageAlign();
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  const money = (minor: number) => formatMoneyIn(minor, booking.currency, language);
  const today = useOperatorToday(booking.property_id);
  const guest = guestIdentity(checkin, today);
  const pending = guest.pending ? t('details.pendingValue') : undefined;
  const promotions = booking.promotions.reduce((sum, line) => sum + line.price, 0);
  const rooms = booking.rooms.map((room) => room.name).join(', ');

  return (
    <Stack gap="md">
      <Section title={t('details.stay')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Field label={t('details.property')}>
            <span dir="auto">{booking.property_title}</span>
          </Field>
          <Field label={t('details.createdAt')}>{formatDateTime(booking.created_at, language)}</Field>
          <Field label={t('details.arrival')}>{formatLongDay(booking.start_date, language)}</Field>
          <Field label={t('details.departure')}>{formatLongDay(booking.end_date, language)}</Field>
          <Field label={t('details.length')}>
            {t('details.days', { count: booking.nights + 1 })} · {t('form.nights', { count: booking.nights })}
          </Field>
          <Field label={t('details.guests')}>
            {t('list.guestsValue', { count: booking.number_of_guests })}
          </Field>
          {booking.room_type_name ? (
            <Field label={t('details.roomType')}>
              {booking.room_type_name}
              {booking.quantity > 1 ? ` × ${booking.quantity}` : ''}
            </Field>
          ) : null}
          {rooms ? <Field label={t('details.rooms')}>{rooms}</Field> : null}
        </SimpleGrid>
        {booking.notes ? (
          <Field label={t('form.notes')}>
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', ...align }}>
              {booking.notes}
            </Text>
          </Field>
        ) : null}
      </Section>

      <Section title={t('details.guest')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Field label={t('details.guestName')}>
            <span dir="auto">{guest.fullName ?? booking.name}</span>
          </Field>
          <Field label={t('form.email')}>
            <span dir="ltr">{booking.email}</span>
          </Field>
          <Field label={t('details.phone')}>
            <span dir="ltr">{booking.phone}</span>
          </Field>
          <Field label={t('details.messagingNumber')} pending={pending}>
            <span dir="ltr">{guest.messagingNumber ?? '—'}</span>
          </Field>
        </SimpleGrid>
        {guest.pending ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconClockHour4 size={18} aria-hidden />}
            title={t('details.pendingTitle')}
            data-testid="checkin-pending"
          >
            {t('details.pendingBody')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Field label={t('details.document')} pending={pending}>
            {guest.documentKind ? t(`details.documentKind.${guest.documentKind}`) : '—'}
            {guest.documentNumber ? (
              <Text span dir="ltr" ms={6}>
                {guest.documentNumber}
              </Text>
            ) : null}
          </Field>
          <Field label={t('details.country')} pending={pending}>
            {guest.countryCode ? `${countryName(guest.countryCode, language)} (${guest.countryCode})` : '—'}
          </Field>
          <Field label={t('details.birthDate')} pending={pending}>
            {guest.birthDate
              ? `${formatDay(guest.birthDate, language)}${guest.age !== null ? ` · ${t('details.age', { count: guest.age })}` : ''}`
              : '—'}
          </Field>
          <Field label={t('details.sex')} pending={pending}>
            {guest.sex ? t(`details.sexKind.${guest.sex}`) : '—'}
          </Field>
        </SimpleGrid>
      </Section>

      <Section title={t('details.amounts')}>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
          <Table.Tbody>
            <AmountRow label={t('form.price')} value={money(booking.price)} />
            {booking.promotions.map((line, i) => (
              <AmountRow
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines
                key={`p${i}`}
                label={line.description || t('form.promotion')}
                value={`− ${money(line.price)}`}
              />
            ))}
            {promotions > 0 ? (
              <AmountRow label={t('details.subtotal')} value={money(booking.subtotal)} />
            ) : null}
            {booking.taxes.map((line, i) => (
              <AmountRow
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines
                key={`t${i}`}
                label={line.description || t('form.tax')}
                value={`+ ${money(line.price)}`}
              />
            ))}
            <AmountRow label={t('form.total')} value={money(booking.total)} strong />
          </Table.Tbody>
        </Table>
      </Section>

      <Section title={t('details.deposit')}>
        <DepositSection bookingId={booking.id} currency={booking.currency} />
      </Section>
    </Stack>
  );
}

function AmountRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const align = usePageAlign();
  return (
    <Table.Tr style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
      <Table.Td>
        <Text size="sm" fw={strong ? 700 : 400} dir="auto" style={align}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td ta="end">
        <Text size="sm" fw={strong ? 700 : 500} dir="ltr" span style={{ unicodeBidi: 'isolate' }}>
          {value}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
