import { useState } from 'react';
import { t } from '../i18n.ts';
import { downscale } from '../image.ts';
import { Alert } from '../ui.tsx';
import { StepHeader } from './StepHeader.tsx';

type Shot = 'front' | 'back' | 'selfie';

/**
 * spec 2.4 identity verification (when the property requires it): front, back and a selfie, compared on
 * the phone by face-api (loaded only here); only { score, match } leaves the phone.
 */
export function IdentityStep({
  documentImage,
  onBack,
  onDone,
}: {
  documentImage: HTMLCanvasElement | null;
  onBack: () => void;
  onDone: (face: { score: number; match: boolean }) => void;
}) {
  const [shots, setShots] = useState<Partial<Record<Shot, HTMLCanvasElement>>>(
    documentImage ? { front: documentImage } : {},
  );
  const [phase, setPhase] = useState<'idle' | 'loading' | 'comparing' | 'failed'>('idle');
  const [failures, setFailures] = useState(0);
  const [last, setLast] = useState<{ score: number; match: boolean } | null>(null);

  const take = async (shot: Shot, file: File | undefined) => {
    if (!file) return;
    const image = await downscale(file, 1024);
    setShots((s) => ({ ...s, [shot]: image }));
    setPhase('idle');
    // Start downloading the models while the guest takes the other photos.
    if (phase === 'idle') void import('../face.ts').then((m) => m.loadFaceModels()).catch(() => undefined);
  };

  const verify = async () => {
    if (!shots.front || !shots.selfie) return;
    setPhase('comparing');
    try {
      const { compareFaces } = await import('../face.ts');
      const result = await compareFaces(shots.front, shots.selfie);
      if (result?.match) return onDone(result);
      setLast(result ?? { score: 0, match: false });
    } catch {
      setLast({ score: 0, match: false });
    }
    setFailures((n) => n + 1);
    setPhase('failed');
  };

  const busy = phase === 'loading' || phase === 'comparing';
  const ready = Boolean(shots.front && shots.back && shots.selfie);
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
              disabled={busy}
              onChange={(e) => {
                void take(shot, e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
          </label>
        ))}
      </div>
      {phase === 'comparing' && (
        <div className="g-reading" role="status">
          {t('identity.comparing')}
          <progress />
        </div>
      )}
      {phase === 'failed' && (
        <Alert>
          <strong>{t('identity.failed')}</strong> {t('identity.advice')}
        </Alert>
      )}
      <div className="g-actions">
        <button type="button" className="g-btn g-btn-primary" onClick={verify} disabled={!ready || busy}>
          {t(phase === 'failed' ? 'identity.retry' : 'identity.verify')}
        </button>
        {failures >= 2 && last && (
          <button type="button" className="g-btn" onClick={() => onDone(last)}>
            {t('identity.continue_unverified')}
          </button>
        )}
        <button type="button" className="g-btn g-btn-subtle" onClick={onBack} disabled={busy}>
          {t('common.back')}
        </button>
      </div>
    </div>
  );
}
