import { type ReactNode, useState } from 'react';
import { t } from '../i18n.ts';
import { Alert } from '../ui.tsx';
import { apiMessage } from './CodeStep.tsx';
import { StepHeader } from './StepHeader.tsx';

/** spec 2.4 done: another guest of the same stay, or finish (then the services list). */
export function DoneStep({
  name,
  registered,
  expected,
  onAnother,
  onFinish,
  featured,
}: {
  name: string;
  registered: number;
  expected: number;
  onAnother: () => void;
  onFinish: () => Promise<void>;
  /** The store's services this moment highlights (issue 18), under the actions. */
  featured?: ReactNode;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const finish = async () => {
    setBusy(true);
    try {
      await onFinish();
    } catch (e) {
      setError(apiMessage(e));
      setBusy(false);
    }
  };
  const more = registered < expected;
  return (
    <div className="g-step g-done">
      <div className="g-done-mark" aria-hidden="true">
        ✓
      </div>
      <StepHeader title={t('done.title', { name })}>
        {t('done.count', { registered, expected: Math.max(expected, registered) })}
      </StepHeader>
      {error && <Alert>{error}</Alert>}
      {/* The API refuses more guests than the stay's count (issue 11); the accommodation can raise it. */}
      {!more && <Alert tone="info">{t('done.full')}</Alert>}
      {/* The police report waits for every traveller (issue 27): the lead guest is told who is missing. */}
      {more && <Alert tone="info">{t('done.missing', { missing: expected - registered })}</Alert>}
      <div className="g-actions">
        {more && (
          <button type="button" className="g-btn g-btn-primary" onClick={onAnother} disabled={busy}>
            {t('done.another')}
          </button>
        )}
        <button
          type="button"
          className={more ? 'g-btn' : 'g-btn g-btn-primary'}
          onClick={finish}
          disabled={busy}
        >
          {t('done.finish')}
        </button>
      </div>
      {featured}
    </div>
  );
}
