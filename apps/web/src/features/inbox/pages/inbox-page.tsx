import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import type { InboxThread } from '@posada/contracts/inbox';
import { featureAvailable } from '@posada/domain/feature-gates';
import { IconPlugConnected, IconSpeakerphone } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';
import { pathTo } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { useSocket } from '../../../lib/socket-context.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { emptyFilters, threadsQuery } from '../api/inbox-api.ts';
import { Conversation } from '../components/conversation.tsx';
import classes from '../components/inbox.module.css';
import { ThreadList } from '../components/thread-list.tsx';
import { useInboxLive } from '../hooks/use-inbox-live.ts';

/** The clock of the 24-hour window: ticks each minute so the composer closes on time. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/**
 * spec 2.1 messageChannelPage, 2.2 messages-channel, 2.4 Inbox (issue 17): every guest conversation in one
 * place. Desktop: the list, the conversation and the booking card side by side; a phone: list → thread → back
 * (the open thread is `?thread=` so the browser's back works too). Live over the account's socket.
 */
export function InboxPage() {
  const { t } = useTranslation('inbox');
  const user = useCurrentUser().data;
  const isMobile = useIsMobile();
  const now = useMinuteClock();
  const socket = useSocket();
  const [params, setParams] = useSearchParams();
  const selected = params.get('thread');
  // The first page with no filters tells whether WhatsApp is connected (the banner) and whether the plan allows.
  const overview = useInfiniteQuery({ ...threadsQuery(emptyFilters), retry: false });

  useInboxLive(socket);

  const select = (thread: InboxThread | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (thread) next.set('thread', thread.id);
        else next.delete('thread');
        return next;
      },
      { replace: false },
    );

  const holder = user
    ? { plan: user.plan, status_subscription: user.status_subscription, servicios: user.servicios }
    : null;
  const refused =
    (holder && !featureAvailable(holder, 'messaging')) ||
    (overview.error instanceof ApiError && overview.error.code === 'settings.feature_unavailable');
  // spec 2.2 profile › waba-integration: connect the own number or use the shared one.
  const connectHref = pathTo('wabaIntegration');
  const bookingHref = (bookingId: string) =>
    user ? pathTo('reservationBooking', { userId: user.id, relationId: bookingId }) : null;

  if (refused)
    return (
      <Stack gap="lg">
        <PageHeader title={t('title')} description={t('description')} />
        <PlanUpgradePrompt
          testId="inbox-plan-prompt"
          texts={{ title: t('plan.title'), body: t('plan.body'), cta: t('plan.cta') }}
        />
      </Stack>
    );

  const notConnected = overview.data?.pages[0]?.whatsapp === 'none';
  const showList = !isMobile || !selected;
  const showThread = !isMobile || !!selected;

  return (
    <Stack gap="md">
      {!isMobile || !selected ? (
        <PageHeader
          title={t('title')}
          description={t('description')}
          actions={
            <Button
              component={Link}
              to={pathTo('massCommunication')}
              variant="light"
              leftSection={<IconSpeakerphone size={18} aria-hidden />}
            >
              {t('massMessages')}
            </Button>
          }
        />
      ) : null}
      {notConnected ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconPlugConnected size={20} aria-hidden />}
          title={t('connect.title')}
          data-testid="inbox-connect-banner"
        >
          <Text size="sm">{t('connect.body')}</Text>
          <Button component={Link} to={connectHref} size="xs" mt="xs">
            {t('connect.cta')}
          </Button>
        </Alert>
      ) : null}
      <Box className={`${classes.layout} ${selected ? '' : classes.layoutNoCard}`}>
        {showList ? (
          <ThreadList
            selectedId={selected}
            onSelect={select}
            properties={user?.properties.map((p) => ({ id: p.id, nombre: p.nombre })) ?? []}
          />
        ) : null}
        {showThread ? (
          selected ? (
            <Conversation
              key={selected}
              threadId={selected}
              onBack={isMobile ? () => select(null) : null}
              now={now}
              connectHref={connectHref}
              bookingHref={bookingHref}
              showCardPane={!isMobile}
            />
          ) : (
            <Stack align="center" justify="center" p="xl" className={classes.conversation}>
              <Text c="dimmed" ta="center" maw={360}>
                {t('thread.choose')}
              </Text>
            </Stack>
          )
        ) : null}
      </Box>
    </Stack>
  );
}
