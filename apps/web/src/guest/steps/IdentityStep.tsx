import type { IdentityVerdict } from '@posada/contracts/guest-checkin';
import { useState } from 'react';
import { GuestApiError, guestApi } from '../api.ts';
import { t } from '../i18n.ts';
import { downscale } from '../image.ts';
import { Alert } from '../ui.tsx';
import { StepHeader } from './StepHeader.tsx';

type Shot = 'front' | 'back' | 'selfie';

/** What the identity step hands the registration: the server's verdict, and whether a person checks it. */
export interface IdentityOutcome {
  verdictId: string;
  /** A mismatch the guest sends to the accommodation's manual check. */
  manual: boolean;
}

/** Tries before the manual check is offered. */
const TRIES_BEFORE_MANUAL = 2;

const jpeg = (canvas: HTMLCanvasElement) => canvas.toDataURL('image/jpeg', 0.85);

/**
 * spec 2.4 identity verification (when the property requires it): front, back and a selfie. The server
 * compares the face on the front with the selfie in memory and keeps only its verdict (issue 27); after
 * failed tries the guest may ask the accommodation for a manual check, never pass silently.
 */
export function IdentityStep({
  documentImage,
  onBack,
  onDone,
}: {
  documentImage: HTMLCanvasElement | null;
  onBack: () => void;
  onDone: (outcome: IdentityOutcome) => void;
}) {
  const [shots, setShots] = useState<Partial<Record<Shot, HTMLCanvasElement>>>(
    documentImage ? { front: documentImage } : {},
  );
  const [comparing, setComparing] = useState(false);
  const [failures, setFailures] = useState(0);
  const [last, setLast] = useState<IdentityVerdict | null>(null);
  const [error, setError] = useState('');

  const take = async (shot: Shot, file: File | undefined) => {
    if (!file) return;
    const image = await downscale(file, 1024);
    setShots((s) => ({ ...s, [shot]: image }));
    // A new photo: the last verdict no longer applies.
    setLast(null);
    setError('');
  };

  const verify = async () => {
    if (!shots.front || !shots.selfie) return;
    setComparing(true);
    setError('');
    try {
      const verdict = await guestApi<IdentityVerdict>('POST', '/api/guest/checkin/identity', {
        document: jpeg(shots.front),
        selfie: jpeg(shots.selfie),
      });
      if (verdict.match) return onDone({ verdictId: verdict.id, manual: false });
      setLast(verdict);
      setFailures((n) => n + 1);
    } catch (e) {
      setError(e instanceof GuestApiError ? e.message : t('identity.failed'));
    } finally {
      setComparing(false);
    }
  };

  const ready = Boolean(shots.front && shots.back && shots.selfie);
  const failed = last && !last.match;
  return (
    <div className="g-step">
      <StepHeader title={t('identity.title')}>{t('identity.hint')}</StepHeader>
      <div className="g-shots">
        {(['front', 'back', 'selfie'] as const).map((shot) => (
          <label key={shot} className={shots[shot] ? 'g-shot g-shot-done' : 'g-shot'}>
            <span className="g-shot-mark" aria-hidden="true">
              {shots[shot] ? '✓' : shot === 'selfie' ? '☺' : '▭'}
            </span>
            <span>{t(`identity.${shot}`)}</span>
            <input
              type="file"
              accept="image/*"
              capture={shot === 'selfie' ? 'user' : 'environment'}
              disabled={comparing}
              onChange={(e) => {
                void take(shot, e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
          </label>
        ))}
      </div>
      {comparing && (
        <div className="g-reading" role="status">
          {t('identity.comparing')}
          <progress />
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      {failed && !comparing && (
        <Alert>
          <strong>{t('identity.failed')}</strong> {t(`identity.reason.${last.reason}`)}
        </Alert>
      )}
      {failed && failures >= TRIES_BEFORE_MANUAL && <Alert tone="info">{t('identity.manual_hint')}</Alert>}
      <div className="g-actions">
        <button type="button" className="g-btn g-btn-primary" onClick={verify} disabled={!ready || comparing}>
          {t(failed ? 'identity.retry' : 'identity.verify')}
        </button>
        {failed && failures >= TRIES_BEFORE_MANUAL && (
          <button
            type="button"
            className="g-btn"
            disabled={comparing}
            onClick={() => onDone({ verdictId: last.id, manual: true })}
          >
            {t('identity.manual')}
          </button>
        )}
        <button type="button" className="g-btn g-btn-subtle" onClick={onBack} disabled={comparing}>
          {t('common.back')}
        </button>
      </div>
    </div>
  );
}
