import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { checkinsApi, invalidateCheckins } from '../api/checkins-api.ts';
import { useResendToast } from './send-outcome.tsx';

/**
 * "Reenviar enlace" (POST /api/checkins/{id}/resend): asked first, since the guest gets another message
 * (issue 13), then a toast says what happened: the channel and the provider's state (issue 26). `pending` is the id being resent.
 */
export function useResendCheckin() {
  const { t } = useTranslation(['checkins', 'common']);
  const queryClient = useQueryClient();
  const toast = useResendToast();
  const mutation = useMutation({
    mutationFn: (checkin: { id: string; name: string }) => checkinsApi.resend(checkin.id),
    onSuccess: (data, checkin) => {
      // Says what the provider did with it (issue 26): sent only once accepted, the reason when it failed.
      toast(data, checkin.name);
      void invalidateCheckins(queryClient);
    },
    onError: (error) => notify.error(error.message, t('actions.resendError')),
  });
  const ask = (checkin: { id: string; name: string }) =>
    modals.openConfirmModal({
      title: t('actions.resendConfirmTitle'),
      children: <Text size="sm">{t('actions.resendConfirm', { name: checkin.name })}</Text>,
      labels: { confirm: t('actions.resend'), cancel: t('common:actions.cancel') },
      onConfirm: () => mutation.mutate(checkin),
    });
  return { ask, pending: mutation.isPending ? (mutation.variables?.id ?? null) : null };
}
