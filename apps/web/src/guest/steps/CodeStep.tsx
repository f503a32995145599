import type { GuestSession } from '@posada/contracts/guest-checkin';
import { useState } from 'react';
import { GuestApiError, guestApi } from '../api.ts';
import { t } from '../i18n.ts';
import { StepHeader } from './StepHeader.tsx';

/** The API's code → our text (spec 8), else the API's own translated message. */
export function apiMessage(error: unknown): string {
  if (!(error instanceof GuestApiError)) return t('errors.network');
  if (error.status === 0) return t('errors.network');
  const key = `errors.${error.code.split('.').pop()}`;
  const text = t(key);
  return text !== key ? text : error.message || t('errors.network');
}

/** spec 2.4 security code or check-in code (spec 5: it must match a registered one). */
export function CodeStep({ onDone }: { onDone: (session: GuestSession) => void }) {
  const [kind, setKind] = useState<'security_code' | 'checkin_code'>('security_code');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('errors.required'));
    setBusy(true);
    try {
      onDone(await guestApi<GuestSession>('POST', '/api/guest/checkin/code', { [kind]: code.trim() }));
    } catch (e) {
      setError(apiMessage(e));
      document.getElementById('f-code')?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="g-step" onSubmit={submit} noValidate>
      <StepHeader title={t('code.title')}>{t('code.hint')}</StepHeader>
      <fieldset className="g-radios g-segmented">
        <legend className="g-visually-hidden">{t('code.kind')}</legend>
        {(['security_code', 'checkin_code'] as const).map((k) => (
          <label key={k} className="g-radio">
            <input
              type="radio"
              name="code-kind"
              checked={kind === k}
              onChange={() => {
                setKind(k);
                setError('');
              }}
            />
            {t(`code.${k}`)}
          </label>
        ))}
      </fieldset>
      <div className={error ? 'g-field g-field-error' : 'g-field'}>
        <label htmlFor="f-code">{t(`code.${kind}`)}</label>
        <input
          id="f-code"
          value={code}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'f-code-error' : undefined}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError('');
          }}
        />
        {error && (
          <div className="g-error" id="f-code-error" role="alert">
            {error}
          </div>
        )}
      </div>
      <div className="g-actions">
        <button type="submit" className="g-btn g-btn-primary" disabled={busy}>
          {t('common.continue')}
        </button>
      </div>
    </form>
  );
}
