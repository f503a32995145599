import type { AlertProps, LanguagePickerProps } from '../light-kit/ui.tsx';
import * as Kit from '../light-kit/ui.tsx';
import { t } from './i18n.ts';

export const Skeleton = (props: { lines?: number }) => <Kit.Skeleton prefix="g" {...props} />;
export const LanguagePicker = (props: LanguagePickerProps) => (
  <Kit.LanguagePicker prefix="g" label="language.label" {...props} />
);
export const Alert = (props: AlertProps) => <Kit.Alert prefix="g" {...props} />;

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
