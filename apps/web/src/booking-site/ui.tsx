import type { ReactNode } from 'react';
import { navigate } from '../light-kit/router.ts';
import type { AlertProps, LanguagePickerProps } from '../light-kit/ui.tsx';
import * as Kit from '../light-kit/ui.tsx';
import type { SiteLanguage } from './i18n.ts';

export const Skeleton = (props: { lines?: number; photo?: boolean }) => (
  <Kit.Skeleton prefix="b" {...props} />
);
export const LanguagePicker = (props: LanguagePickerProps) => (
  <Kit.LanguagePicker prefix="b" label="common.language" {...props} />
);
export const Alert = (props: AlertProps) => <Kit.Alert prefix="b" {...props} />;

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
