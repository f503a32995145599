import { Anchor, Badge, Button, Card, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { InboxThreadDetail } from '@posada/contracts/inbox-requests';
import {
  IconCalendarEvent,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconHome,
  IconId,
  IconLink,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatStay } from '../../../lib/intl.ts';
import { LinkBookingModal } from './link-booking-modal.tsx';

const checkinColor: Record<string, string> = { pending: 'yellow', completed: 'teal', complete: 'teal' };

/** The guest's booking beside the thread: guest, property, dates, status, check-in and its link; manual linking. */
export function BookingCard({
  detail,
  bookingHref,
  withTitle = true,
}: {
  detail: InboxThreadDetail;
  bookingHref: (bookingId: string) => string | null;
  /** False inside the phone's drawer, whose own title says it. */
  withTitle?: boolean;
}) {
  const { t, i18n } = useTranslation('inbox');
  const [linkOpened, linkModal] = useDisclosure(false);
  const booking = detail.booking;
  const href = booking ? bookingHref(booking.booking_id) : null;
  return (
    <Stack gap="md" data-testid="inbox-booking-card">
      {withTitle ? (
        <Title order={2} fz="h5">
          {t('card.title')}
        </Title>
      ) : null}
      {booking ? (
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconUser size={16} aria-hidden />
              <Text fw={600} truncate title={booking.guest_name}>
                {booking.guest_name}
              </Text>
            </Group>
            <Badge
              variant="light"
              tt="none"
              color={booking.status === 'cancelled' ? 'red' : 'teal'}
              style={{ alignSelf: 'flex-start' }}
            >
              {t(`bookingStatus.${booking.status}`, { defaultValue: booking.status })}
            </Badge>
            <Group gap={6} wrap="nowrap">
              <IconHome size={16} aria-hidden />
              <Text size="sm" truncate>
                {booking.property_name}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconCalendarEvent size={16} aria-hidden />
              <Text size="sm">
                {formatStay(booking.arrival, booking.departure, i18n.language)} ·{' '}
                {t('card.guests', { count: booking.guests })}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('card.code', { code: booking.code })}
            </Text>
            <Group gap={6} wrap="nowrap">
              <IconId size={16} aria-hidden />
              {booking.checkin ? (
                <Badge variant="dot" tt="none" color={checkinColor[booking.checkin.status] ?? 'gray'}>
                  {t(`checkinStatus.${booking.checkin.status}`, { defaultValue: booking.checkin.status })}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('card.noCheckin')}
                </Text>
              )}
            </Group>
            {booking.checkin?.link ? (
              <Group gap="xs">
                <Anchor href={booking.checkin.link} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconExternalLink size={14} aria-hidden />
                    {t('card.openCheckin')}
                  </Group>
                </Anchor>
                <CopyButton value={booking.checkin.link}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={
                        copied ? <IconCheck size={12} aria-hidden /> : <IconCopy size={12} aria-hidden />
                      }
                      onClick={copy}
                    >
                      {copied ? t('card.copied') : t('card.copyLink')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            ) : null}
            {booking.door_code_released ? (
              <Text size="xs" c="teal.8">
                {t('card.doorCodeReleased')}
              </Text>
            ) : null}
            {href ? (
              <Button component={Link} to={href} variant="light" size="xs" mt={4}>
                {t('card.openBooking')}
              </Button>
            ) : null}
          </Stack>
        </Card>
      ) : (
        <EmptyState
          icon={<IconLink size={24} aria-hidden />}
          title={t('card.noneTitle')}
          description={t('card.noneBody')}
        />
      )}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLink size={14} aria-hidden />}
          onClick={linkModal.open}
        >
          {booking ? t('card.change') : t('card.link')}
        </Button>
        {detail.linked_by_hand ? (
          <Text size="xs" c="dimmed">
            {t('card.linkedByHand')}
          </Text>
        ) : null}
      </Group>
      <LinkBookingModal opened={linkOpened} onClose={linkModal.close} detail={detail} />
    </Stack>
  );
}
