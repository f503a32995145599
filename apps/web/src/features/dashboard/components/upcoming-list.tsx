import { Anchor, Badge, Box, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Booking } from '@posada/contracts/bookings';
import { IconChevronRight, IconMoon, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money } from '../../../lib/money.ts';
import { dayParts, formatCount, formatStay } from '../lib/format.ts';
import classes from './dashboard.module.css';

const channelColors: Record<string, string> = {
  manual: 'gray',
  web: 'teal',
  airbnb: 'pink',
  booking: 'blue',
  expedia: 'yellow',
  vrbo: 'indigo',
  other: 'gray',
};

function UpcomingRow({
  booking,
  href,
  showProperty,
}: {
  booking: Booking;
  href: string;
  showProperty: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'es';
  const tile = dayParts(booking.start_date, language);
  const content = (
    <Group wrap="nowrap" gap="md" align="center">
      <Stack gap={0} align="center" justify="center" className={classes.dateTile} aria-hidden>
        <Text size="xs" c="dimmed" lh={1.2}>
          {tile.weekday}
        </Text>
        <Text fw={750} fz={20} lh={1.1}>
          {tile.day}
        </Text>
        <Text size="xs" c="posada.8" fw={600} lh={1.2}>
          {tile.month}
        </Text>
      </Stack>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text fw={650} lineClamp={2} dir="auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {booking.name}
          </Text>
          <Text fw={650} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {money(booking.total, booking.currency, language, 'dashboard')}
          </Text>
        </Group>
        {showProperty && (
          <Text size="xs" c="dimmed" truncate dir="auto">
            {booking.property_title}
          </Text>
        )}
        <Group gap={10} mt={4} wrap="wrap" style={{ rowGap: 4 }}>
          <Text size="xs" c="dimmed">
            {formatStay(booking.start_date, booking.end_date, language)}
          </Text>
          <Group gap={3} wrap="nowrap">
            <IconMoon size={13} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {t('upcoming.nights', {
                count: booking.nights,
                formatted: formatCount(booking.nights, language),
              })}
            </Text>
          </Group>
          <Group gap={3} wrap="nowrap">
            <IconUsers size={13} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {t('upcoming.guests', {
                count: booking.number_of_guests,
                formatted: formatCount(booking.number_of_guests, language),
              })}
            </Text>
          </Group>
          <Badge
            size="xs"
            variant="light"
            radius="sm"
            tt="none"
            color={channelColors[booking.channel] ?? 'gray'}
          >
            {t(`channels.${booking.channel}`)}
          </Badge>
          {booking.payment_status === 'pending' && (
            <Badge size="xs" variant="outline" radius="sm" tt="none" color="orange">
              {t('upcoming.paymentPending')}
            </Badge>
          )}
        </Group>
      </Box>
      <Box visibleFrom="sm" lh={0}>
        <IconChevronRight
          size={18}
          aria-hidden
          className={classes.rowChevron}
          color="var(--mantine-color-dimmed)"
        />
      </Box>
    </Group>
  );
  return (
    <li>
      <UnstyledButton component={Link} to={href} className={classes.row} w="100%">
        {content}
      </UnstyledButton>
    </li>
  );
}

/** The next arrivals, soonest first, each linking to its booking in Reservas. */
export function UpcomingList({
  bookings,
  bookingHref,
  allHref,
  showProperty,
}: {
  bookings: Booking[];
  bookingHref: (booking: Booking) => string;
  allHref: string;
  showProperty: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      h="100%"
      component="section"
      aria-labelledby="upcoming-title"
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg" id="upcoming-title">
          {t('upcoming.title')}
        </Title>
        <Anchor component={Link} to={allHref} size="sm" fw={600}>
          {t('upcoming.all')}
        </Anchor>
      </Group>
      {bookings.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          {t('upcoming.none')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {bookings.map((b) => (
            <UpcomingRow key={b.id} booking={b} href={bookingHref(b)} showProperty={showProperty} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
