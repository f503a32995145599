import type {
  GuestSession,
  VerificationChannel,
  VerificationPlan,
  VerificationSent,
} from '@posada/contracts/guest-checkin';
import { useState } from 'react';
import { guestApi } from '../api.ts';
import { t } from '../i18n.ts';
import { Alert } from '../ui.tsx';
import { apiMessage } from './CodeStep.tsx';
import { StepHeader } from './StepHeader.tsx';

/**
 * A translated sentence with the masked destination in it, isolated left to right so a phone number
 * reads the same in Arabic ("+34 6•• ••• •12").
 */
function WithDestination({ text, destination }: { text: string; destination: string }) {
  const [before = '', after = ''] = text.split('{{destination}}');
  return (
    <>
      {before}
      <bdi dir="ltr" className="g-destination">
        {destination}
      </bdi>
      {after}
    </>
  );
}

/**
 * spec 2.4 messaging verification code (issue 11): the code goes to the booking's own phone or e-mail,
 * shown masked; only a walk-in (no booking contact) types the contact it verifies.
 */
export function MessagingStep({
  plan,
  phone,
  email,
  onDone,
}: {
  /** From the code step's session; null only if the session lost it (then as a walk-in). */
  plan: VerificationPlan | null;
  /** The guest's own phone and e-mail from the personal data, proposed to a walk-in. */
  phone: string;
  email: string;
  onDone: (session: GuestSession) => void;
}) {
  const guestContact = plan?.guest_contact ?? true;
  const offered = (plan?.channels ?? [{ channel: 'email' as const, destination: null }]).filter(
    (c) => guestContact || c.destination !== null,
  );
  const [channel, setChannel] = useState<VerificationChannel | undefined>(offered[0]?.channel);
  const [typed, setTyped] = useState(channel === 'email' ? email : phone);
  const [sent, setSent] = useState<VerificationSent | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const target = offered.find((c) => c.channel === channel);

  const send = async () => {
    if (!channel) return;
    setBusy(true);
    setError('');
    try {
      setSent(
        await guestApi<VerificationSent>(
          'POST',
          '/api/guest/checkin/verification',
          guestContact ? { channel, destination: typed } : { channel },
        ),
      );
      setCode('');
    } catch (e) {
      setError(apiMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('messaging.six_digits'));
      document.getElementById('f-otp')?.focus();
      return;
    }
    setBusy(true);
    try {
      onDone(
        await guestApi<GuestSession>('POST', '/api/guest/checkin/verification/confirm', {
          code: code.trim(),
        }),
      );
    } catch (e) {
      setError(apiMessage(e));
      document.getElementById('f-otp')?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (!sent) {
    if (offered.length === 0) {
      return (
        <div className="g-step">
          <StepHeader title={t('messaging.title')} />
          <Alert>{t('messaging.no_contact')}</Alert>
        </div>
      );
    }
    return (
      <div className="g-step">
        <StepHeader title={t('messaging.title')}>
          {t(guestContact ? 'messaging.walk_in_hint' : 'messaging.hint')}
        </StepHeader>
        {offered.length > 1 && (
          <fieldset className="g-radios g-segmented">
            <legend>{t('messaging.channel')}</legend>
            {offered.map((c) => (
              <label key={c.channel} className="g-radio">
                <input
                  type="radio"
                  name="channel"
                  checked={channel === c.channel}
                  onChange={() => {
                    setChannel(c.channel);
                    setTyped(c.channel === 'email' ? email : phone);
                    setError('');
                  }}
                />
                {t(`messaging.channels.${c.channel}`)}
              </label>
            ))}
          </fieldset>
        )}
        {guestContact ? (
          <div className={error ? 'g-field g-field-error' : 'g-field'}>
            <label htmlFor="f-destination">{t(channel === 'email' ? 'fields.email' : 'fields.phone')}</label>
            <input
              id="f-destination"
              type={channel === 'email' ? 'email' : 'tel'}
              dir="ltr"
              value={typed}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'f-destination-error' : undefined}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
            {error && (
              <div className="g-error" id="f-destination-error" role="alert">
                {error}
              </div>
            )}
          </div>
        ) : (
          <>
            <p className="g-send-to" aria-live="polite">
              <WithDestination text={t('messaging.will_send')} destination={target?.destination ?? ''} />
            </p>
            {error && <Alert>{error}</Alert>}
          </>
        )}
        <div className="g-actions">
          <button
            type="button"
            className="g-btn g-btn-primary"
            onClick={send}
            disabled={busy || (guestContact && !typed.trim())}
          >
            {t('messaging.send')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="g-step" onSubmit={confirm} noValidate>
      <StepHeader title={t('messaging.enter_title')}>
        <WithDestination text={t('messaging.sent_to')} destination={sent.destination} />
      </StepHeader>
      <Alert tone="info">{t(`messaging.channels.${sent.channel}`)}</Alert>
      <div className={error ? 'g-field g-field-error' : 'g-field'}>
        <label htmlFor="f-otp">{t('messaging.code')}</label>
        <input
          id="f-otp"
          className="g-otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'f-otp-error' : undefined}
          onChange={(e) => {
            setCode(e.currentTarget.value.replace(/\D/g, ''));
            setError('');
          }}
        />
        {error && (
          <div className="g-error" id="f-otp-error" role="alert">
            {error}
          </div>
        )}
      </div>
      <div className="g-actions">
        <button type="submit" className="g-btn g-btn-primary" disabled={busy}>
          {t('messaging.confirm')}
        </button>
        <button type="button" className="g-btn g-btn-subtle" onClick={send} disabled={busy}>
          {t('messaging.resend')}
        </button>
      </div>
    </form>
  );
}
