import { Component, type ReactNode, useState } from 'react';
import { loadLanguage, type SiteLanguage, t } from './i18n.ts';
import { PaymentPage } from './PaymentPage.tsx';
import { PropertyPage } from './PropertyPage.tsx';
import { matchSiteRoute, usePathname } from './router.ts';
import { SitePage } from './SitePage.tsx';

export interface LanguageProps {
  language: SiteLanguage;
  onLanguage: (lng: SiteLanguage) => void;
}

/** The public direct-booking website (issue 15): /book/{slug} and /book/{slug}/{propertyId}. */
export function BookingSite({ initialLanguage }: { initialLanguage: SiteLanguage }) {
  const [language, setLanguage] = useState(initialLanguage);
  const route = matchSiteRoute(usePathname());
  const onLanguage = (lng: SiteLanguage) => void loadLanguage(lng).then(() => setLanguage(lng));
  const props = { language, onLanguage };
  return (
    <main className="b-page">
      <CrashGuard>
        {route.name === 'site' && <SitePage slug={route.slug} {...props} />}
        {route.name === 'property' && (
          <PropertyPage key={route.propertyId} slug={route.slug} propertyId={route.propertyId} {...props} />
        )}
        {route.name === 'payment' && <PaymentPage slug={route.slug} bookingId={route.bookingId} {...props} />}
        {route.name === 'unknown' && <NotAvailable />}
      </CrashGuard>
    </main>
  );
}

export function NotAvailable({ message = t('site.not_available') }: { message?: string }) {
  return (
    <section className="b-card b-empty" role="alert">
      <h1>{t('site.not_available_title')}</h1>
      <p className="b-muted">{message}</p>
    </section>
  );
}

/** A page that fails to draw says so and offers a reload, instead of leaving the guest a blank screen. */
class CrashGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="b-card b-empty" role="alert">
        <p>{t('site.failed')}</p>
        <button type="button" className="b-btn b-btn-primary" onClick={() => location.reload()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
}
