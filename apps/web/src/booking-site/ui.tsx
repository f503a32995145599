import type { ReactNode } from 'react';
import { type SiteLanguage, siteLanguages, t } from './i18n.ts';
import { navigate } from './router.ts';

export function Skeleton({ lines = 4, photo = false }: { lines?: number; photo?: boolean }) {
  return (
    <div className="b-card" aria-busy="true" aria-live="polite">
      <span className="b-visually-hidden">{t('common.loading')}</span>
      {photo && <div className="b-skel b-skel-photo" />}
      <div className="b-skel b-skel-title" />
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="b-skel" style={{ width: `${90 - i * 12}%` }} />
      ))}
    </div>
  );
}

const names: Record<SiteLanguage, string> = { es: 'Español', en: 'English', ar: 'العربية' };

export function LanguagePicker({
  value,
  onChange,
}: {
  value: SiteLanguage;
  onChange: (lng: SiteLanguage) => void;
}) {
  return (
    <fieldset className="b-langs">
      <legend className="b-visually-hidden">{t('common.language')}</legend>
      {siteLanguages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={lng === value ? 'b-lang b-lang-on' : 'b-lang'}
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
    <div className={`b-alert b-alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** The business's name and logo (its initial when it has none), with the language switch. */
export function SiteHeader({
  name,
  logo,
  href,
  title = false,
  language,
  onLanguage,
}: {
  name: string;
  logo: string | null;
  href?: string;
  /** The site's own page: the business name is its heading. */
  title?: boolean;
  language: SiteLanguage;
  onLanguage: (lng: SiteLanguage) => void;
}) {
  const brand = (
    <>
      {logo ? (
        <img className="b-logo" src={logo} alt="" width={40} height={40} />
      ) : (
        <span className="b-logo b-logo-letter" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="b-brand-name">{name}</span>
    </>
  );
  return (
    <header className="b-header">
      {href ? (
        <Link className="b-brand" href={href}>
          {brand}
        </Link>
      ) : title ? (
        <h1 className="b-brand">{brand}</h1>
      ) : (
        <span className="b-brand">{brand}</span>
      )}
      <LanguagePicker value={language} onChange={onLanguage} />
    </header>
  );
}

/** An in-site link: client-side navigation, a real address for a new tab. */
export function Link({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
