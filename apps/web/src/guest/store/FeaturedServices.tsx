import type { GuestService } from '@posada/contracts/experiences';
import { useEffect, useState } from 'react';
import { type GuestLanguage, t } from '../i18n.ts';
import { apiMessage } from '../steps/CodeStep.tsx';
import { Alert } from '../ui.tsx';
import { ServiceCard } from './cards.tsx';
import { loadFeatured } from './store-api.ts';

const FEATURED_MAX = 3;

/**
 * The done step's "Complete your stay" (upselling moment `checkin_done`): up to 3 of the services the
 * store highlights. Nothing when the store has none (or cannot be read). A card ends the check-in, then
 * opens the service's page.
 */
export function FeaturedServices({
  propertyId,
  checkinId,
  language,
  onOpen,
}: {
  propertyId: string;
  checkinId: string;
  language: GuestLanguage;
  onOpen: (href: string) => Promise<void>;
}) {
  const [services, setServices] = useState<GuestService[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    loadFeatured(propertyId, language).then(
      (answer) => {
        if (live) setServices(answer.services.slice(0, FEATURED_MAX));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [propertyId, language]);

  if (services.length === 0) return null;
  return (
    <section className="g-featured" aria-labelledby="g-featured-title" data-testid="featured-services">
      <h2 id="g-featured-title">{t('store.featured_title')}</h2>
      {error && <Alert>{error}</Alert>}
      <ul className="g-offers g-offers-compact">
        {services.map((s) => (
          <ServiceCard
            key={s.id}
            service={s}
            propertyId={propertyId}
            checkinId={checkinId}
            language={language}
            compact
            onOpen={(href) => {
              setError('');
              onOpen(href).catch((e: unknown) => setError(apiMessage(e)));
            }}
          />
        ))}
      </ul>
    </section>
  );
}
