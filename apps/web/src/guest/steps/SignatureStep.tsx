import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n.ts';
import { Alert } from '../ui.tsx';
import { apiMessage } from './CodeStep.tsx';
import { StepHeader } from './StepHeader.tsx';

/** spec 2.4 signature: drawn with a finger, pen or mouse (pointer events); required (spec 5). */
export function SignatureStep({
  initial,
  error: serverError,
  onBack,
  onSubmit,
}: {
  initial: string;
  error?: string;
  onBack: () => void;
  onSubmit: (signature: string) => Promise<void>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);
  const [error, setError] = useState(serverError ?? '');
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: sized once; an earlier signature is redrawn
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    canvas.width = canvas.clientWidth * ratio;
    canvas.height = canvas.clientHeight * ratio;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0b2b40';
    if (initial) {
      const image = new Image();
      image.onload = () => ctx.drawImage(image, 0, 0, canvas.clientWidth, canvas.clientHeight);
      image.src = initial;
      setSigned(true);
    }
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top] as const;
  };
  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const ctx = e.currentTarget.getContext('2d');
    const [x, y] = point(e);
    ctx?.beginPath();
    ctx?.moveTo(x, y);
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    const [x, y] = point(e);
    ctx?.lineTo(x, y);
    ctx?.stroke();
    if (!signed) setSigned(true);
    setError('');
  };
  const up = () => {
    drawing.current = false;
  };
  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setSigned(false);
  };
  const submit = async () => {
    if (!signed || !canvasRef.current) {
      setError(t('errors.signature'));
      canvasRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(canvasRef.current.toDataURL('image/png'));
    } catch (e) {
      setError(apiMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="g-step">
      <StepHeader title={t('signature.title')}>{t('signature.hint')}</StepHeader>
      <div className={error ? 'g-sign g-field-error' : 'g-sign'}>
        <canvas
          ref={canvasRef}
          tabIndex={0}
          role="img"
          aria-label={t('signature.area')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'f-signature-error' : undefined}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          data-testid="signature-pad"
        />
        <span className="g-sign-line" aria-hidden="true" />
      </div>
      {error && (
        <div className="g-error" id="f-signature-error" role="alert">
          {error}
        </div>
      )}
      <div className="g-actions">
        <button type="button" className="g-btn g-btn-primary" onClick={submit} disabled={busy}>
          {busy ? t('signature.sending') : t('signature.submit')}
        </button>
        <button type="button" className="g-btn" onClick={clear} disabled={busy}>
          {t('signature.clear')}
        </button>
        <button type="button" className="g-btn g-btn-subtle" onClick={onBack} disabled={busy}>
          {t('common.back')}
        </button>
      </div>
      {busy && <Alert tone="info">{t('signature.sending')}</Alert>}
    </div>
  );
}
