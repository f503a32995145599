import type { GuestSession, VerificationChannel, VerificationSent } from '@posada/contracts/guest-checkin';
import { useState } from 'react';
import { guestApi } from '../api.ts';
import { t } from '../i18n.ts';
import { Alert } from '../ui.tsx';
import { apiMessage } from './CodeStep.tsx';
import { StepHeader } from './StepHeader.tsx';

/** spec 2.4 messaging verification code: sent to the guest's phone or e-mail, then typed back. */
export function MessagingStep({
  channels,
  phone,
  email,
  onDone,
}: {
  channels: VerificationChannel[];
  phone: string;
  email: string;
  onDone: (session: GuestSession) => void;
}) {
  const offered = channels.length > 0 ? channels : (['email'] as VerificationChannel[]);
  const [channel, setChannel] = useState<VerificationChannel>(offered[0] ?? 'email');
  const [destination, setDestination] = useState(channel === 'email' ? email : phone);
  const [sent, setSent] = useState<VerificationSent | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    setError('');
    try {
      setSent(
        await guestApi<VerificationSent>('POST', '/api/guest/checkin/verification', { channel, destination }),
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
    return (
      <div className="g-step">
        <StepHeader title={t('messaging.title')}>{t('messaging.hint')}</StepHeader>
        {offered.length > 1 && (
          <fieldset className="g-radios g-segmented">
            <legend>{t('messaging.channel')}</legend>
            {offered.map((c) => (
              <label key={c} className="g-radio">
                <input
                  type="radio"
                  name="channel"
                  checked={channel === c}
                  onChange={() => {
                    setChannel(c);
                    setDestination(c === 'email' ? email : phone);
                  }}
                />
                {t(`messaging.channels.${c}`)}
              </label>
            ))}
          </fieldset>
        )}
        <div className={error ? 'g-field g-field-error' : 'g-field'}>
          <label htmlFor="f-destination">{t(channel === 'email' ? 'fields.email' : 'fields.phone')}</label>
          <input
            id="f-destination"
            type={channel === 'email' ? 'email' : 'tel'}
            value={destination}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'f-destination-error' : undefined}
            onChange={(e) => setDestination(e.currentTarget.value)}
          />
          {error && (
            <div className="g-error" id="f-destination-error" role="alert">
              {error}
            </div>
          )}
        </div>
        <div className="g-actions">
          <button
            type="button"
            className="g-btn g-btn-primary"
            onClick={send}
            disabled={busy || !destination.trim()}
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
        {t('messaging.sent_to', { destination: sent.destination })}
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
