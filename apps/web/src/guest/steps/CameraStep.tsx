import { useState } from 'react';
import { t } from '../i18n.ts';
import { Alert } from '../ui.tsx';
import { StepHeader } from './StepHeader.tsx';

/** spec 2.4 camera permission: why we ask; refusing still lets the guest go on (photo or manual entry). */
export function CameraStep({ onDone }: { onDone: (allowed: boolean) => void }) {
  const [state, setState] = useState<'idle' | 'asking' | 'refused'>('idle');
  const ask = async () => {
    setState('asking');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      for (const track of stream.getTracks()) track.stop();
      onDone(true);
    } catch {
      setState('refused');
    }
  };
  return (
    <div className="g-step">
      <StepHeader title={t('camera.title')}>{t('camera.why')}</StepHeader>
      <ul className="g-checklist">
        <li>{t('camera.on_phone')}</li>
        <li>{t('camera.never_stored')}</li>
      </ul>
      {state === 'refused' && <Alert>{t('camera.refused')}</Alert>}
      <div className="g-actions">
        {state !== 'refused' && (
          <button type="button" className="g-btn g-btn-primary" onClick={ask} disabled={state === 'asking'}>
            {t('camera.allow')}
          </button>
        )}
        <button
          type="button"
          className={state === 'refused' ? 'g-btn g-btn-primary' : 'g-btn'}
          onClick={() => onDone(false)}
        >
          {t('camera.without')}
        </button>
      </div>
    </div>
  );
}
