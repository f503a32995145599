import { useEffect, useState } from 'react';
import type { LanguageProps } from './GuestApp.tsx';
import { t } from './i18n.ts';
import { type GuestPropertyView, loadProperty } from './property.ts';
import { Alert, LanguagePicker, Skeleton } from './ui.tsx';

/** spec 2.2 /services/{propiedad_id}/{checkin_id}/property: the property's services after check-in. */
export default function Services({
  propertyId,
  language,
  onLanguage,
}: { propertyId: string; checkinId: string } & LanguageProps) {
  const [property, setProperty] = useState<GuestPropertyView | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadProperty(propertyId).then(setProperty, () => setFailed(true));
  }, [propertyId]);
  if (failed) return <Alert>{t('errors.not_found')}</Alert>;
  if (!property) return <Skeleton />;
  const services = property.services ?? [];
  return (
    <section className="g-card">
      <LanguagePicker value={language} onChange={onLanguage} />
      <header className="g-step-header">
        <p className="g-done-banner" role="status">
          {t('services.checked_in')}
        </p>
        <h1>{t('services.title', { name: property.nombre })}</h1>
      </header>
      {services.length > 0 ? (
        <ul className="g-services">
          {services.map((s) => (
            <li key={s}>
              {t(`services.items.${s}`) === `services.items.${s}` ? s : t(`services.items.${s}`)}
            </li>
          ))}
        </ul>
      ) : (
        <div className="g-empty">
          <p>
            <strong>{t('services.empty_title')}</strong>
          </p>
          <p className="g-muted">{t('services.empty')}</p>
        </div>
      )}
    </section>
  );
}
