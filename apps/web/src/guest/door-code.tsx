import type { GuestAccessCode } from '@posada/contracts/smart-locks';
import { useState } from 'react';
import { formatDateTime } from '../lib/intl.ts';
import { t } from './i18n.ts';

/** The product's one date-time format (issue 13): "28 oct 2026, 08:15", Latin digits in Arabic. */
function when(iso: string, language: string): string {
  return formatDateTime(iso, language);
}

/**
 * The door code after the check-in (issue 14): big and copyable once released, otherwise a friendly line
 * saying when it comes (the police registration, the delivery time). Nothing when the property has no lock.
 */
export function DoorCode({ access, language }: { access?: GuestAccessCode; language: string }) {
  const [copied, setCopied] = useState(false);
  if (!access) return null;
  if ('waiting' in access) {
    if (access.waiting === 'not_configured') return null;
    return (
      <div className="g-door g-door-waiting" role="status" data-testid="door-code-waiting">
        <p className="g-door-label">{t('door.title')}</p>
        <p>{t(`door.waiting.${access.waiting}`)}</p>
      </div>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(access.code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="g-door" data-testid="door-code">
      <p className="g-door-label">{t('door.title')}</p>
      <p className="g-door-code" dir="ltr" aria-live="polite">
        {access.code}
      </p>
      {access.valid_from && access.valid_until ? (
        <p className="g-muted">
          {t('door.window', {
            from: when(access.valid_from, language),
            until: when(access.valid_until, language),
          })}
        </p>
      ) : null}
      <button type="button" className="g-btn" onClick={copy}>
        {copied ? t('door.copied') : t('door.copy')}
      </button>
    </div>
  );
}
