import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import type { SendCheckinData } from '@posada/contracts/checkins';
import type { MessageDelivery } from '@posada/contracts/deliveries';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeliveryStatusChip, useDeliveryWords } from '../../../components/delivery/delivery-status.tsx';
import { type SendOutcome, sendOutcome } from '../../../components/delivery/delivery-view.ts';
import { checkinMessagesQuery } from '../../../lib/api/deliveries-api.ts';
import { notify } from '../../../lib/notify.ts';

/**
 * What a send of the check-in link says (issue 26): "sent by WhatsApp" only once a provider accepted it;
 * queued while it waits; what failed and why, and where it went next. The message's records come live
 * (the stay's messages list shares the query), so the headline follows the provider.
 */
export function useLiveOutcome(result: Pick<SendCheckinData, 'checkin' | 'delivery'>): SendOutcome {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'es';
  const records = useQuery({
    ...checkinMessagesQuery(result.checkin.id, language),
    enabled: result.delivery !== null,
  });
  return sendOutcome(result.delivery, records.data ?? []);
}

/** A phone kept left to right inside a sentence in any direction (Unicode isolates). */
const isolated = (text: string) => `\u2066${text}\u2069`;

/** The lines about attempts that failed before the one that went (a fallback): channel and reason. */
function FailedBefore({ failed }: { failed: MessageDelivery[] }) {
  const { t } = useTranslation('checkins');
  const words = useDeliveryWords();
  if (failed.length === 0) return null;
  return (
    <Stack gap={2}>
      {failed.map((f) => (
        <Text key={f.id} size="sm" data-testid="send-failed-before">
          {f.error_reason
            ? t('send.outcome.failedWith', { channel: words.channel(f.channel), reason: f.error_reason })
            : t('send.outcome.failedOn', { channel: words.by(f.channel) })}
        </Text>
      ))}
    </Stack>
  );
}

/** The result page's headline: title, what happened, the state chip; a problem in an alert. */
export function SendOutcomeHeadline({ result }: { result: SendCheckinData }) {
  const { t } = useTranslation('checkins');
  const words = useDeliveryWords();
  const outcome = useLiveOutcome(result);
  const name = result.checkin.name;
  const current = result.delivery;

  if (outcome.kind === 'none')
    return (
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('send.qrTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('send.qrHint', { name })}
        </Text>
      </Stack>
    );

  const channel = words.by(outcome.channel);
  const to = (outcome.kind === 'underway' || outcome.kind === 'queued' ? current?.to : null) ?? '';
  const chip =
    outcome.kind === 'failed' ? null : (
      <DeliveryStatusChip
        status={outcome.kind === 'underway' ? outcome.status : 'queued'}
        channel={outcome.channel}
        testId="send-state"
      />
    );

  return (
    <Stack gap="xs" data-testid="send-outcome" data-outcome={outcome.kind}>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {outcome.kind === 'underway'
          ? t('send.doneTitle')
          : outcome.kind === 'queued'
            ? t('send.queuedTitle')
            : t('send.failedTitle')}
      </Title>
      {outcome.kind === 'failed' ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          role="alert"
          data-testid="send-failed"
        >
          <Stack gap={4}>
            <FailedBefore failed={outcome.failedBefore} />
            <Text size="sm" fw={600}>
              {outcome.reason
                ? t('send.outcome.failedWith', {
                    channel: words.channel(outcome.channel),
                    reason: outcome.reason,
                  })
                : t('send.outcome.failedOn', { channel })}
            </Text>
            <Text size="sm">{t('send.outcome.next')}</Text>
          </Stack>
        </Alert>
      ) : (
        <>
          {outcome.failedBefore.length > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
              <Stack gap={4}>
                <FailedBefore failed={outcome.failedBefore} />
                <Text size="sm" fw={600}>
                  {t('send.outcome.triedNext', { channel })}
                </Text>
              </Stack>
            </Alert>
          ) : null}
          <Group gap="xs" wrap="wrap">
            {outcome.kind === 'queued' ? <IconClock size={16} aria-hidden /> : null}
            <Text c="dimmed" size="sm">
              {outcome.kind === 'underway'
                ? // The phone isolated left to right: "+34…" stays whole in Arabic.
                  t(`send.sent.${outcome.channel}`, { name, email: to, phone: isolated(to) })
                : t('send.outcome.queued', { channel })}
            </Text>
            {chip}
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The toast of "Reenviar enlace": where it went and the provider's state, or why it did not go. */
export function useResendToast() {
  const { t } = useTranslation('checkins');
  const words = useDeliveryWords();
  return (data: SendCheckinData, name: string) => {
    const outcome = sendOutcome(data.delivery);
    if (outcome.kind === 'none') {
      notify.warning(t('send.notSent'));
      return;
    }
    const channel = words.by(outcome.channel);
    if (outcome.kind === 'underway') notify.success(t('actions.resentBy', { name, channel }), undefined);
    else if (outcome.kind === 'queued') notify.info(t('actions.resendQueued', { channel }));
    else notify.error(outcome.reason ?? words.status('failed'), t('actions.resendFailed', { channel }));
  };
}
