import type { GuestDeposit } from '@posada/contracts/deposits';
import { formatMoney } from '@posada/domain/money';
import { useEffect, useState } from 'react';
import { guestApi } from '../api.ts';
import { language, t } from '../i18n.ts';
import { Alert, Skeleton } from '../ui.tsx';
import { apiMessage } from './CodeStep.tsx';
import { StepHeader } from './StepHeader.tsx';

/** What Checkout sent the guest back with (`?deposit=`), or null on the first visit. */
export type DepositReturn = 'return' | 'cancel' | null;

export const depositPath = '/api/guest/checkin/deposit';

/** Money as the guest reads it, as packages/domain writes money (COP without decimals, spec 9). */
export function depositMoney(minor: number, currency: string): string {
  return formatMoney(minor, currency, language(), { locale: 'as-given' });
}

/**
 * The deposit step (issue 16; docs/payments.md "Deposits"), before the end of the check-in when the stay
 * asks for one: the card is held on Stripe Checkout (released after the stay). Back from Checkout the step
 * waits for the hold to be confirmed. Without online payments it says the deposit is paid at the property.
 */
export function DepositStep({
  returned,
  onPay,
  onFinish,
}: {
  returned: DepositReturn;
  onPay: () => Promise<void>;
  onFinish: () => Promise<void>;
}) {
  const [deposit, setDeposit] = useState<GuestDeposit | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [polls, setPolls] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on each poll tick
  useEffect(() => {
    let live = true;
    guestApi<GuestDeposit>('GET', depositPath)
      .then((d) => {
        if (!live) return;
        setDeposit(d);
        // Back from Checkout: the webhook may take a moment; ask again for about half a minute.
        if (returned === 'return' && d.status !== 1 && d.payment_state === 'open' && polls < 15) {
          setTimeout(() => live && setPolls((n) => n + 1), 2000);
        }
      })
      .catch((e: unknown) => live && setError(apiMessage(e)));
    return () => {
      live = false;
    };
  }, [polls]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(apiMessage(e));
      setBusy(false);
    }
  };

  if (!deposit) return error ? <Alert>{error}</Alert> : <Skeleton lines={3} />;
  const amount = depositMoney(deposit.amount, deposit.currency);
  const held = deposit.status === 1;
  const waiting = !held && returned === 'return' && deposit.payment_state === 'open';
  return (
    <div className="g-step" data-testid="deposit-step">
      <StepHeader title={t('deposit.title')}>{t('deposit.lead', { amount })}</StepHeader>
      {error && <Alert>{error}</Alert>}
      {held && <Alert tone="ok">{t('deposit.held', { amount })}</Alert>}
      {waiting && (
        <Alert tone="info">
          <span aria-busy="true">{t('deposit.confirming')}</span>
        </Alert>
      )}
      {!held && returned === 'cancel' && <Alert tone="info">{t('deposit.cancelled')}</Alert>}
      {!held && !deposit.online && <Alert tone="info">{t('deposit.at_property', { amount })}</Alert>}
      <div className="g-actions">
        {!held && deposit.online && (
          <button type="button" className="g-btn g-btn-primary" disabled={busy} onClick={() => act(onPay)}>
            {t('deposit.pay', { amount })}
          </button>
        )}
        <button
          type="button"
          className={held || !deposit.online ? 'g-btn g-btn-primary' : 'g-btn'}
          disabled={busy}
          onClick={() => act(onFinish)}
        >
          {held || !deposit.online ? t('done.finish') : t('deposit.later')}
        </button>
      </div>
    </div>
  );
}
