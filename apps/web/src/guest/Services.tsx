import type { GuestServicesData } from '@posada/contracts/guest-checkin';
import { useEffect, useState } from 'react';
import { GuestApiError, guestApi } from './api.ts';
import { DoorCode } from './door-code.tsx';
import type { LanguageProps } from './GuestApp.tsx';
import { t } from './i18n.ts';
import { type GuestPropertyView, loadProperty } from './property.ts';
import { PropertyPhoto, StaySummary } from './stay.tsx';
import { StoreSection } from './store/StoreSection.tsx';
import { LanguagePicker, Skeleton } from './ui.tsx';

/** Line icons (24 px grid) of spec 3's fixed services list; others get the check mark. */
const icons: Record<string, string> = {
  wifi: 'M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01',
  parking: 'M5 3h14v18H5zM9 17V7h4a3 3 0 0 1 0 6H9',
  air_conditioning: 'M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7M9 4l3 2 3-2M9 20l3-2 3 2',
  heating: 'M8 21c-2-3 2-5 0-8s2-5 0-8M12 21c-2-3 2-5 0-8s2-5 0-8M16 21c-2-3 2-5 0-8s2-5 0-8',
  washing_machine: 'M4 2h16v20H4zM4 7h16M12 10a4 4 0 1 0 0 8 4 4 0 0 0 0-8M7 4.5h.01',
  refrigerator: 'M6 2h12v20H6zM6 10h12M9 5v2M9 13v3',
  oven: 'M3 4h18v16H3zM3 9h18M7 6.5h.01M11 6.5h.01M7 12h10v5H7z',
  pets_allowed:
    'M12 13c-3 0-5 3-5 5a2 2 0 0 0 3 1.5c1.3-.7 2.7-.7 4 0A2 2 0 0 0 17 18c0-2-2-5-5-5M6 9a1.5 2 0 1 0 0 .1M18 9a1.5 2 0 1 0 0 .1M9.5 5a1.5 2 0 1 0 0 .1M14.5 5a1.5 2 0 1 0 0 .1',
  children_allowed: 'M12 3a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5M8 11h8M12 9v7M9 22l3-6 3 6',
  essentials: 'M4 8h16v13H4zM9 8V5a3 3 0 0 1 6 0v3',
};
const CHECK = 'M4 12.5l5 5L20 6.5';

function ServiceIcon({ name }: { name: string }) {
  return (
    <svg className="g-service-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d={icons[name] ?? CHECK} />
    </svg>
  );
}

/**
 * spec 2.2 /services/{propiedad_id}/{checkin_id}/property: after a finished check-in, the stay and what
 * the property offers (information, not actions). Only a completed check-in of that property opens it.
 */
export default function Services({
  propertyId,
  checkinId,
  language,
  onLanguage,
}: { propertyId: string; checkinId: string } & LanguageProps) {
  const [property, setProperty] = useState<GuestPropertyView | null>(null);
  const [stay, setStay] = useState<GuestServicesData | null>(null);
  const [failed, setFailed] = useState<'not_found' | 'error' | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again on retry
  useEffect(() => {
    let live = true;
    setFailed(null);
    Promise.all([
      loadProperty(propertyId),
      guestApi<GuestServicesData>(
        'GET',
        `/api/guest/services/${encodeURIComponent(propertyId)}/${encodeURIComponent(checkinId)}`,
      ),
    ]).then(
      ([p, s]) => {
        if (!live) return;
        setProperty(p);
        setStay(s);
      },
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof GuestApiError ? error.status : 0;
        setFailed(status === 404 || status === 400 ? 'not_found' : 'error');
      },
    );
    return () => {
      live = false;
    };
  }, [propertyId, checkinId, attempt]);

  if (failed) {
    return (
      <section className="g-card" role="alert">
        <LanguagePicker value={language} onChange={onLanguage} />
        <h1>{t(failed === 'not_found' ? 'errors.not_found_title' : 'errors.blocked_title')}</h1>
        <p>{t(failed === 'not_found' ? 'errors.not_found' : 'errors.network')}</p>
        {failed === 'error' && (
          <button type="button" className="g-btn" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        )}
      </section>
    );
  }
  if (!property || !stay) return <Skeleton />;
  const services = property.services ?? [];
  const label = (s: string) =>
    t(`services.items.${s}`) === `services.items.${s}` ? s : t(`services.items.${s}`);
  return (
    <section className="g-card">
      <LanguagePicker value={language} onChange={onLanguage} />
      <PropertyPhoto property={property} />
      <header className="g-step-header">
        <p className="g-done-banner" role="status">
          <span aria-hidden="true">✓ </span>
          {t('services.checked_in')}
        </p>
        <h1>{property.nombre}</h1>
      </header>
      <DoorCode access={stay.access_code} language={language} />
      <StaySummary stay={stay} language={language} guests={stay.registered_guests} />
      <h2>{t('services.title', { name: property.nombre })}</h2>
      {services.length > 0 ? (
        <>
          <p className="g-muted">{t('services.included')}</p>
          <ul className="g-services">
            {services.map((s) => (
              <li key={s}>
                <ServiceIcon name={s} />
                <span>{label(s)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="g-empty">
          <p>
            <strong>{t('services.empty_title')}</strong>
          </p>
          <p className="g-muted">{t('services.empty')}</p>
        </div>
      )}
      <StoreSection propertyId={propertyId} checkinId={checkinId} language={language} />
    </section>
  );
}
