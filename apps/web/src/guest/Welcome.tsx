import type { GuestCheckinSummary } from '@posada/contracts/guest-checkin';
import { useEffect, useState } from 'react';
import type { LanguageProps } from './GuestApp.tsx';
import { t } from './i18n.ts';
import { type GuestPropertyView, loadProperty, localized } from './property.ts';
import { guestPaths, navigate } from './router.ts';
import { CompletedStay, PropertyPhoto, StaySummary, startStay } from './stay.tsx';
import { Alert, LanguagePicker, Skeleton } from './ui.tsx';

/** spec 2.2 /checkin/customers/previe/{propiedad_id}/: language and welcome (spec 2.4's first two steps). */
export function Welcome({ propertyId, language, onLanguage }: { propertyId: string } & LanguageProps) {
  const [property, setProperty] = useState<GuestPropertyView | null>(null);
  const [failed, setFailed] = useState(false);
  /** The linked stay (a link's `t`); undefined while asked, null without a link or when it failed. */
  const [stay, setStay] = useState<GuestCheckinSummary | null | undefined>(undefined);
  useEffect(() => {
    loadProperty(propertyId).then(setProperty, () => setFailed(true));
  }, [propertyId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per link; the language is the greeting's
  useEffect(() => {
    const token = new URLSearchParams(location.search).get('t');
    if (!token) return setStay(null);
    let live = true;
    // A refused link (expired, unknown) is said by the flow; the welcome page just shows no summary.
    startStay(propertyId, token, language).then(
      (started) => live && setStay(started.checkin),
      () => live && setStay(null),
    );
    return () => {
      live = false;
    };
  }, [propertyId]);

  if (failed) {
    return (
      <section className="g-card">
        <LanguagePicker value={language} onChange={onLanguage} />
        <Alert>{t('errors.not_found')}</Alert>
      </section>
    );
  }
  if (!property || stay === undefined) return <Skeleton lines={5} />;
  const start = () => navigate(`${guestPaths.flow(propertyId)}${location.search}`);
  if (stay?.status === 'complete') {
    return (
      <section className="g-card">
        <LanguagePicker value={language} onChange={onLanguage} />
        <CompletedStay stay={stay} property={property} language={language} onRegisterMissing={start} />
      </section>
    );
  }
  const welcome = localized(property.welcome, language);
  const policies = localized(property.policies, language);
  return (
    <section className="g-card g-welcome">
      <LanguagePicker value={language} onChange={onLanguage} />
      <PropertyPhoto property={property} />
      <header className="g-property">
        {property.logo ? (
          <img className="g-logo" src={property.logo} alt="" width={72} height={72} />
        ) : (
          <div className="g-logo g-logo-letter" aria-hidden="true">
            {property.nombre.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div>
          <h1>{property.nombre}</h1>
          {property.city && <p className="g-muted">{property.city}</p>}
        </div>
      </header>
      <h2 className="g-welcome-title">{t('welcome.title')}</h2>
      <p className="g-welcome-text">{welcome || t('welcome.default_message', { name: property.nombre })}</p>
      {stay && (
        <section aria-labelledby="g-stay-title">
          <h2 id="g-stay-title" className="g-stay-title">
            {t('stay.title')}
          </h2>
          <StaySummary stay={stay} language={language} guests={stay.expected_guests} />
        </section>
      )}
      {policies && (
        <details className="g-policies">
          <summary>{t('welcome.policies')}</summary>
          <p>{policies}</p>
        </details>
      )}
      <ul className="g-checklist">
        <li>{t('welcome.need_document')}</li>
        <li>{t('welcome.need_minutes')}</li>
        <li>{t('welcome.privacy')}</li>
      </ul>
      {property.active ? (
        <div className="g-actions">
          <button type="button" className="g-btn g-btn-primary" onClick={start}>
            {t('welcome.start')}
          </button>
        </div>
      ) : (
        <Alert>{t('errors.accommodation_disabled')}</Alert>
      )}
    </section>
  );
}
