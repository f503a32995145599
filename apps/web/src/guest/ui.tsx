import type { ReactNode } from 'react';
import { type GuestLanguage, guestLanguages, t } from './i18n.ts';

export function Skeleton({ lines = 4 }: { lines?: number }) {
  return (
    <div className="g-card" aria-busy="true" aria-live="polite">
      <span className="g-visually-hidden">{t('common.loading')}</span>
      <div className="g-skel g-skel-title" />
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="g-skel" style={{ width: `${90 - i * 12}%` }} />
      ))}
    </div>
  );
}

const names: Record<GuestLanguage, string> = { es: 'Español', en: 'English', ar: 'العربية' };

export function LanguagePicker({
  value,
  onChange,
}: {
  value: GuestLanguage;
  onChange: (lng: GuestLanguage) => void;
}) {
  return (
    <fieldset className="g-langs">
      <legend className="g-visually-hidden">{t('language.label')}</legend>
      {guestLanguages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={lng === value ? 'g-lang g-lang-on' : 'g-lang'}
          aria-pressed={lng === value}
          onClick={() => onChange(lng)}
        >
          {names[lng]}
        </button>
      ))}
    </fieldset>
  );
}

export function Alert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' | 'ok' }) {
  return (
    <div className={`g-alert g-alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Progress({ step, total }: { step: number; total: number }) {
  return (
    <div className="g-progress">
      <div className="g-progress-text">{t('progress', { step, total })}</div>
      <div
        className="g-progress-bar"
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-label={t('progress', { step, total })}
      >
        <div style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}
