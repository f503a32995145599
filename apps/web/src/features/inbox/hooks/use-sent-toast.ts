import type { InboxMessage } from '@posada/contracts/inbox';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';

/**
 * The toast after the operator sends (issue 26): what the provider did with it, on the channel it really
 * went by. "Sent" only once a provider accepted it; queued says so; a failure its reason in words (never
 * the provider's English). The send's answer words the reason in Spanish: another reader is pointed to the
 * message, whose copy is reloaded in their language.
 */
export function useSentToast() {
  const { t, i18n } = useTranslation(['inbox', 'deliveries']);
  const spanish = (i18n.resolvedLanguage ?? 'es') === 'es';
  return (message: Pick<InboxMessage, 'status' | 'channel' | 'error_reason'>) => {
    const channel = t(`deliveries:channelIn.${message.channel}`);
    if (message.status === 'failed')
      notify.error(
        (spanish ? message.error_reason : null) ?? t('composer.seeReason'),
        t('composer.notSentBy', { channel }),
      );
    else if (message.status === 'queued') notify.info(t('composer.queued', { channel }));
    else notify.success(t('composer.sentBy', { channel }));
  };
}
