import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { GuestPayment } from '@posada/contracts/payments';
import type { Currency } from '@posada/contracts/properties';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/money-input.tsx';
import { formatMoneyIn } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useRefundPayment } from './booking-payments-api.ts';
import { useFailure } from './payment-hooks.ts';

/** Refund a guest payment, whole or in part, after confirming (the money goes back to the guest's card). */
export function RefundModal({ payment, onClose }: { payment: GuestPayment | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('payments');
  const refund = useRefundPayment();
  const failure = useFailure();
  const [mode, setMode] = useState<'all' | 'part'>('all');
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const left = payment ? payment.captured_amount - payment.refunded_amount : 0;
  const currency = (payment?.currency ?? 'EUR') as Currency;
  const money = (minor: number) => formatMoneyIn(minor, currency, i18n.resolvedLanguage ?? 'es');

  useEffect(() => {
    if (payment) {
      setMode('all');
      setAmount(null);
      setError(undefined);
    }
  }, [payment]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!payment) return;
    const give = mode === 'all' ? left : (amount ?? 0);
    if (give <= 0 || give > left) {
      setError(t('booking.refundForm.amountInvalid', { max: money(left) }));
      return;
    }
    refund.mutate(
      { id: payment.id, ...(mode === 'part' ? { amount: give } : {}) },
      {
        onSuccess: () => {
          notify.success(t('booking.toasts.refunded', { amount: money(give) }));
          onClose();
        },
        onError: failure,
      },
    );
  };

  return (
    <Modal opened={payment !== null} onClose={onClose} title={t('booking.refundForm.title')} centered>
      {payment ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {t('booking.refundForm.body', { concept: payment.concept, amount: money(left) })}
            </Text>
            <Radio.Group value={mode} onChange={(v) => setMode(v as 'all' | 'part')}>
              <Stack gap="xs">
                <Radio value="all" label={t('booking.refundForm.all', { amount: money(left) })} />
                <Radio value="part" label={t('booking.refundForm.part')} />
              </Stack>
            </Radio.Group>
            {mode === 'part' ? (
              <MoneyInput
                label={t('booking.refundForm.amount')}
                currency={currency}
                value={amount}
                onChange={setAmount}
                error={error}
                required
              />
            ) : null}
            <Text size="xs" c="dimmed">
              {t('booking.refundForm.irreversible')}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('booking.refundForm.keep')}
              </Button>
              <Button type="submit" color="red" loading={refund.isPending}>
                {t('booking.refundForm.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
