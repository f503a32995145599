import {
  Box,
  Button,
  Code,
  Collapse,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { MessageDelivery } from '@posada/contracts/deliveries';
import { IconChevronDown, IconCopy, IconMessageOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DeliveryChannelIcon,
  DeliveryChannels,
  DeliveryStatusChip,
  DeliveryTime,
  useDeliveryWords,
} from '../../../components/delivery/delivery-status.tsx';
import {
  type DeliveryChain,
  groupChains,
  isProblem,
  resendChannels,
  stateTime,
} from '../../../components/delivery/delivery-view.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { stayMessagesQuery } from '../../../lib/api/deliveries-api.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/notify.ts';
import type { StayMessagesProps } from '../../../lib/stay-messages.tsx';
import { useDeliveryChanged } from '../../../lib/use-delivery-changed.ts';
import { ResendButtons } from './resend-actions.tsx';

/**
 * "Mensajes" of a stay (issue 26): every message Posada sent to the guest, newest first, one line per
 * message with its channels in order ("WhatsApp → SMS"), the provider's state, the reason of what failed
 * or was not tried, and on a failure the next action: resend on another channel (asked first; the toast says
 * the new record's real state) or copy the link to send it by hand. Live through `delivery.changed`.
 */
export function MessageDeliveries(props: StayMessagesProps) {
  const { t, i18n } = useTranslation('deliveries');
  const language = i18n.resolvedLanguage ?? 'es';
  const titleId = useId();
  const queryClient = useQueryClient();
  const options = props.bookingId
    ? stayMessagesQuery('booking', props.bookingId, language)
    : stayMessagesQuery('checkin', props.checkinId ?? '', language);
  const query = useQuery(options);
  useDeliveryChanged(() => void queryClient.invalidateQueries({ queryKey: options.queryKey }));
  const chains = query.data ? groupChains(query.data) : [];

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="stay-messages"
      aria-busy={query.isPending || undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }} id={titleId}>
            {t('panel.title')}
          </Title>
          {chains.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t('panel.count', { count: chains.length })}
            </Text>
          ) : null}
        </Group>
        {query.isPending ? (
          <Stack gap="sm">
            {[0, 1, 2].map((i) => (
              <Stack key={i} gap={6}>
                <Skeleton h={14} w="45%" />
                <Skeleton h={12} w="70%" />
              </Stack>
            ))}
          </Stack>
        ) : query.isError ? (
          <LoadError
            title={t('panel.loadError')}
            onRetry={() => void query.refetch()}
            retrying={query.isRefetching}
          />
        ) : chains.length === 0 ? (
          <Group gap="sm" wrap="nowrap" align="flex-start" py={4} data-testid="stay-messages-empty">
            <ThemeIcon variant="light" color="gray" radius="xl" size={36} style={{ flex: 'none' }}>
              <IconMessageOff size={18} aria-hidden />
            </ThemeIcon>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('panel.emptyTitle')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('panel.emptyHint')}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {chains.map((chain, i) => (
              <Box component="li" key={chain.id}>
                {i > 0 ? <Divider my="sm" /> : null}
                <ChainItem chain={chain} />
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** One message: what, to whom, through which channels, its state now, and each attempt when there were several. */
function ChainItem({ chain }: { chain: DeliveryChain }) {
  const words = useDeliveryWords();
  const { t } = words;
  const [showText, setShowText] = useState(false);
  const textId = useId();
  const current = chain.current;
  const first = chain.attempts[0] ?? current;
  const problem = isProblem(current.status);
  const several = chain.attempts.length > 1;
  const template = chain.attempts.find((a) => a.template)?.template ?? null;
  return (
    <Stack
      gap={6}
      data-testid="delivery-message"
      data-kind={current.kind}
      data-status={current.status}
      data-channel={current.channel}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Text size="sm" fw={650}>
            {words.kind(current.kind)}
          </Text>
          <Group gap={6} wrap="wrap">
            <DeliveryChannels channels={chain.channels} />
            <Text size="xs" c="dimmed" span>
              {t('panel.to')} <bdi>{current.recipient_name || first.recipient_name}</bdi>
              {current.to ? (
                <>
                  {' · '}
                  <Text span size="xs" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                    {current.to}
                  </Text>
                </>
              ) : null}
            </Text>
          </Group>
        </Stack>
        <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
          <DeliveryTime at={stateTime(current)} />
          <DeliveryStatusChip status={current.status} channel={current.channel} />
        </Group>
      </Group>
      {problem && !several && current.error_reason ? (
        <Text size="xs" c={current.status === 'failed' ? 'red.8' : 'dimmed'} data-testid="delivery-reason">
          {current.error_reason}
        </Text>
      ) : null}
      {several ? (
        <Stack
          gap={4}
          ps="sm"
          component="ol"
          m={0}
          style={{ listStyle: 'none', borderInlineStart: '2px solid var(--mantine-color-default-border)' }}
          aria-label={t('panel.attempts')}
          data-testid="delivery-attempts"
        >
          {chain.attempts.map((attempt) => (
            <Attempt key={attempt.id} attempt={attempt} />
          ))}
        </Stack>
      ) : null}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6} wrap="wrap">
          {template ? (
            <Text size="xs" c="dimmed" span>
              {t('panel.template')}{' '}
              <Code fz="xs" dir="ltr">
                {template}
              </Code>
            </Text>
          ) : null}
          {current.body ? (
            <UnstyledButton
              onClick={() => setShowText((v) => !v)}
              aria-expanded={showText}
              aria-controls={textId}
              fz="xs"
              c="blue.7"
            >
              <Group gap={2} wrap="nowrap" component="span">
                {t(showText ? 'panel.hideText' : 'panel.showText')}
                <IconChevronDown
                  size={12}
                  aria-hidden
                  style={{ transform: showText ? 'rotate(180deg)' : undefined }}
                />
              </Group>
            </UnstyledButton>
          ) : null}
        </Group>
        {problem ? <ChainActions chain={chain} /> : null}
      </Group>
      <Collapse in={showText} id={textId}>
        <Text
          size="sm"
          dir="auto"
          p="xs"
          bg="var(--mantine-color-gray-0)"
          style={{ whiteSpace: 'pre-wrap', borderRadius: 8, overflowWrap: 'anywhere' }}
        >
          {current.body}
        </Text>
      </Collapse>
    </Stack>
  );
}

function Attempt({ attempt }: { attempt: MessageDelivery }) {
  const words = useDeliveryWords();
  return (
    <Box
      component="li"
      data-testid="delivery-attempt"
      data-channel={attempt.channel}
      data-status={attempt.status}
    >
      <Group gap={6} wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <DeliveryChannelIcon channel={attempt.channel} />
          <Text size="xs" fw={600} span>
            {words.channel(attempt.channel)}
          </Text>
        </Group>
        <DeliveryStatusChip status={attempt.status} size="xs" />
        <DeliveryTime at={stateTime(attempt)} />
      </Group>
      {attempt.error_reason ? (
        <Text size="xs" c={attempt.status === 'failed' ? 'red.8' : 'dimmed'} data-testid="delivery-reason">
          {attempt.error_reason}
        </Text>
      ) : null}
    </Box>
  );
}

/** What to do with a message that did not get through: resend on another channel, or copy its link. */
function ChainActions({ chain }: { chain: DeliveryChain }) {
  const words = useDeliveryWords();
  const { t } = words;
  const current = chain.current;
  const link = chain.attempts.find((a) => a.link)?.link ?? null;

  const copy = () => {
    if (!link) return;
    copyText(link).then(
      () => notify.success(t('panel.copied')),
      () => notify.error(t('panel.copyFailed')),
    );
  };

  return (
    <Group gap={6} wrap="wrap" data-testid="delivery-actions">
      <ResendButtons
        deliveryId={current.id}
        channels={resendChannels(chain)}
        recipientName={current.recipient_name}
        what={words.kind(current.kind)}
      />
      {link ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={copy}
        >
          {t('panel.copyLink')}
        </Button>
      ) : null}
    </Group>
  );
}
