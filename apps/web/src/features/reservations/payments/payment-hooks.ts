import type { GuestPayment, SendVia } from '@posada/contracts/payments';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/notify.ts';
import { useSendPayment } from './booking-payments-api.ts';

/** The message of a failed call in the user's words (the API's translated message). */
export function useFailure() {
  const { t } = useTranslation(['payments', 'common']);
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 0) return notify.error(t('common:errors.network'));
    notify.error(error instanceof ApiError && error.message ? error.message : t('booking.errors.action'));
  };
}

/** Sends or copies an open link, with a toast for each outcome. */
export function useShareLink() {
  const { t } = useTranslation('payments');
  const send = useSendPayment();
  const failure = useFailure();
  return {
    pending: send.isPending,
    share: (payment: GuestPayment, via: SendVia) => {
      if (via === 'copy') {
        if (!payment.checkout_url) return;
        copyText(payment.checkout_url).then(
          () => {
            notify.success(t('booking.toasts.copied'));
            send.mutate({ id: payment.id, via: 'copy' });
          },
          () => notify.error(t('booking.errors.copy')),
        );
        return;
      }
      send.mutate(
        { id: payment.id, via },
        {
          onSuccess: () =>
            notify.success(t(via === 'email' ? 'booking.toasts.sentEmail' : 'booking.toasts.sentWhatsapp')),
          onError: failure,
        },
      );
    },
  };
}
