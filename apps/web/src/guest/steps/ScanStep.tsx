import type { MrzGuestFields } from '@posada/domain/mrz-reader';
import { useEffect, useRef, useState } from 'react';
import { today } from '../flow-state.ts';
import { t } from '../i18n.ts';
import { downscale, grabFrame } from '../image.ts';
import { Alert } from '../ui.tsx';
import { StepHeader } from './StepHeader.tsx';

type Phase = { kind: 'idle' } | { kind: 'reading'; progress: number } | { kind: 'failed' };

/**
 * spec 2.4 document scan: a photo from the live camera or the file input (`capture`), downscaled and
 * read on the phone (tesseract.js, mrz); the photo is never uploaded.
 */
export function ScanStep({
  camera,
  timeZone,
  onScanned,
  onManual,
}: {
  camera: boolean;
  /** The property's zone: a document's expiry is judged on the property's date. */
  timeZone: string;
  onScanned: (fields: MrzGuestFields, image: HTMLCanvasElement) => void;
  onManual: () => void;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const videoRef = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!camera) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 } } })
      .then((s) => {
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        if (videoRef.current) {
          videoRef.current.srcObject = s;
          void videoRef.current.play();
          setLive(true);
        }
      })
      .catch(() => setLive(false));
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [camera]);

  const read = async (image: HTMLCanvasElement) => {
    setPhase({ kind: 'reading', progress: 0 });
    try {
      const [{ recognizeMrzText }, { readMrz }] = await Promise.all([
        import('../ocr.ts'),
        import('@posada/domain/mrz-reader'),
      ]);
      for await (const text of recognizeMrzText(image, (progress) =>
        setPhase({ kind: 'reading', progress }),
      )) {
        const reading = readMrz(text, today(timeZone));
        if (reading) return onScanned(reading.fields, image);
      }
      setPhase({ kind: 'failed' });
    } catch {
      setPhase({ kind: 'failed' });
    }
  };

  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      await read(await downscale(file));
    } catch {
      setPhase({ kind: 'failed' });
    }
  };

  const busy = phase.kind === 'reading';
  return (
    <div className="g-step">
      <StepHeader title={t('scan.title')}>{t('scan.hint')}</StepHeader>
      {camera && (
        <div className="g-camera" hidden={!live}>
          <video ref={videoRef} playsInline muted aria-label={t('scan.preview')} />
          <div className="g-camera-frame" aria-hidden="true" />
        </div>
      )}
      {busy && (
        <div className="g-reading" role="status">
          <span>{t('scan.reading')}</span>
          <progress max={1} value={phase.progress} />
        </div>
      )}
      {phase.kind === 'failed' && (
        <Alert>
          <strong>{t('scan.failed')}</strong> {t('scan.advice')}
        </Alert>
      )}
      <div className="g-actions">
        {camera && live && (
          <button
            type="button"
            className="g-btn g-btn-primary"
            disabled={busy}
            onClick={() => videoRef.current && void read(grabFrame(videoRef.current))}
          >
            {t(phase.kind === 'failed' ? 'scan.retry' : 'scan.capture')}
          </button>
        )}
        <label className={`g-btn ${camera && live ? '' : 'g-btn-primary'} g-file`} aria-disabled={busy}>
          {t('scan.choose_photo')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            disabled={busy}
            onChange={(e) => {
              void fromFile(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </label>
        <button type="button" className="g-btn g-btn-subtle" onClick={onManual} disabled={busy}>
          {t('scan.manual')}
        </button>
      </div>
    </div>
  );
}
