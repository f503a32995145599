import type { ReactNode } from 'react';
import { type LightLanguage, lightLanguages, t } from './i18n.ts';

/** The class prefix of an entry's pieces: `g` for the guest check-in, `b` for the booking site (base.css
 * styles both); each entry's ui.tsx binds its own. */
export type Prefix = 'g' | 'b';

export function Skeleton({
  prefix: p,
  lines = 4,
  photo = false,
}: {
  prefix: Prefix;
  lines?: number;
  photo?: boolean;
}) {
  return (
    <div className={`${p}-card`} aria-busy="true" aria-live="polite">
      <span className={`${p}-visually-hidden`}>{t('common.loading')}</span>
      {photo && <div className={`${p}-skel ${p}-skel-photo`} />}
      <div className={`${p}-skel ${p}-skel-title`} />
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={`${p}-skel`} style={{ width: `${90 - i * 12}%` }} />
      ))}
    </div>
  );
}

const names: Record<LightLanguage, string> = { es: 'Español', en: 'English', ar: 'العربية' };

export interface LanguagePickerProps {
  value: LightLanguage;
  onChange: (lng: LightLanguage) => void;
}

/** The language switch; `label` is the message key of its hidden legend. */
export function LanguagePicker({
  prefix: p,
  label,
  value,
  onChange,
}: LanguagePickerProps & { prefix: Prefix; label: string }) {
  return (
    <fieldset className={`${p}-langs`}>
      <legend className={`${p}-visually-hidden`}>{t(label)}</legend>
      {lightLanguages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={lng === value ? `${p}-lang ${p}-lang-on` : `${p}-lang`}
          aria-pressed={lng === value}
          onClick={() => onChange(lng)}
        >
          {names[lng]}
        </button>
      ))}
    </fieldset>
  );
}

export interface AlertProps {
  children: ReactNode;
  tone?: 'error' | 'info' | 'ok';
}

export function Alert({ prefix: p, children, tone = 'error' }: AlertProps & { prefix: Prefix }) {
  return (
    <div className={`${p}-alert ${p}-alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
