import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import type { CheckinGuestFields } from '../../../lib/guest-details.ts';
import { formatDateTime } from '../../../lib/intl.ts';
import { checkinDetailQuery, programmedCheckinQuery, useCheckinMessagesLive } from '../api/checkins-api.ts';
import { checkinToBookingFields } from '../lib/guest-view.ts';
import { LinkProgress, StatusBadge } from './checkin-badges.tsx';
import { useResendCheckin } from './resend-checkin.tsx';

/** The check-in guest data of a booking for the details modal, once its check-in is complete. */
export function useBookingCheckin(bookingId: string | null | undefined): CheckinGuestFields | null {
  const programmed = useQuery({ ...programmedCheckinQuery(bookingId ?? ''), enabled: Boolean(bookingId) });
  const checkinId = programmed.data?.status === 'complete' ? programmed.data.checkin_id : null;
  const detail = useQuery({ ...checkinDetailQuery(checkinId ?? ''), enabled: Boolean(checkinId) });
  return detail.data ? checkinToBookingFields(detail.data) : null;
}

/**
 * The programmed check-in of a reservation (spec 7 retrieve-programmed-checkin): when the link goes out,
 * on which channel, sent, opened, completed; 'disabled' when the property sends by hand. A link not
 * sent yet opens the send form; one already sent can be resent.
 */
export function ProgrammedCheckin({ bookingId, guestName }: { bookingId: string; guestName: string }) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  const query = useQuery(programmedCheckinQuery(bookingId));
  const resend = useResendCheckin();
  useCheckinMessagesLive();
  const data = query.data;
  // The latest message with the link and its provider state (issue 26) comes with the check-in itself.
  const checkinId = data?.checkin_id ?? null;
  const detail = useQuery({ ...checkinDetailQuery(checkinId ?? ''), enabled: Boolean(checkinId) });
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-label={t('programmed.title')}
      data-testid="programmed-checkin"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
            {t('programmed.title')}
          </Title>
          {data?.status === 'disabled' || data?.status === 'expired' ? (
            <Badge
              color="gray"
              variant="light"
              tt="none"
              data-testid="programmed-state"
              data-state={data.status}
            >
              {t(`programmed.${data.status}`)}
            </Badge>
          ) : data?.status ? (
            <StatusBadge status={data.status} />
          ) : null}
        </Group>
        {query.isPending ? (
          <Skeleton h={40} />
        ) : query.isError || !data ? (
          <Alert color="gray" variant="light">
            {t('programmed.none')}
          </Alert>
        ) : data.status === 'expired' ? (
          // The stay is over without a finished check-in: what happened, and nothing to send any more.
          <>
            <Text size="sm" c="dimmed" data-testid="programmed-expired">
              {t('programmed.expiredHint')}
            </Text>
            <LinkProgress item={data} message={detail.data?.last_message ?? null} />
          </>
        ) : (
          <>
            <Group gap="xs" wrap="nowrap">
              <IconCalendarTime size={18} aria-hidden />
              <Text size="sm">
                {data.status === 'disabled' || !data.scheduled_for
                  ? t('programmed.manualHint')
                  : t('programmed.when', {
                      at: formatDateTime(data.scheduled_for, language),
                      channel: t(`channels.${data.channel ?? 'email'}`, { defaultValue: data.channel ?? '' }),
                    })}
              </Text>
            </Group>
            {data.schedule ? (
              <Text size="xs" c="dimmed">
                {t('programmed.schedule', { schedule: t(`schedule.${data.schedule}`) })}
              </Text>
            ) : null}
            <LinkProgress item={data} message={detail.data?.last_message ?? null} />
            {data.status === 'complete' ? null : data.checkin_id && data.sent_at ? (
              // Already sent: the same link again, asked first (issue 13).
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => data.checkin_id && resend.ask({ id: data.checkin_id, name: guestName })}
                  loading={resend.pending === data.checkin_id}
                  leftSection={<IconSend size={14} aria-hidden />}
                >
                  {t('actions.resend')}
                </Button>
              </Group>
            ) : (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={pathTo('checkinPrevie', undefined, { booking_id: bookingId })}
                  leftSection={<IconSend size={14} aria-hidden />}
                >
                  {t('programmed.sendNow')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
