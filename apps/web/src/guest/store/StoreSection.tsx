import type { GuestStore } from '@posada/contracts/experiences';
import { useEffect, useState } from 'react';
import { type GuestLanguage, t } from '../i18n.ts';
import { RequestList, ServiceCard } from './cards.tsx';
import { loadStore } from './store-api.ts';

/**
 * The experiences store on the services page (issue 18): an internal store's services and the guest's
 * requests, an external store's message and link, or nothing. A store that cannot be read shows nothing:
 * the rest of the page (door code, stay) matters more.
 */
export function StoreSection({
  propertyId,
  checkinId,
  language,
}: {
  propertyId: string;
  checkinId: string;
  language: GuestLanguage;
}) {
  const [store, setStore] = useState<GuestStore | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    loadStore(propertyId, checkinId, language).then(
      (s) => live && setStore(s),
      () => live && setStore('failed'),
    );
    return () => {
      live = false;
    };
  }, [propertyId, checkinId, language]);

  if (store === null) {
    return (
      <div className="g-store-loading" aria-busy="true" data-testid="store-loading">
        <span className="g-visually-hidden">{t('common.loading')}</span>
        <div className="g-skel g-skel-title" />
        <div className="g-offer-skel" />
        <div className="g-offer-skel" />
      </div>
    );
  }
  if (store === 'failed' || store.mode === 'none') return null;
  if (store.mode === 'external') {
    return (
      <section className="g-store" aria-labelledby="g-store-title" data-testid="store-external">
        <h2 id="g-store-title">{t('store.title')}</h2>
        {store.message && <p className="g-store-message">{store.message}</p>}
        <div className="g-actions">
          <a className="g-btn g-btn-primary" href={store.url} target="_blank" rel="noopener noreferrer">
            {t('store.external_button')}
            <span className="g-visually-hidden"> ({t('store.external_hint')})</span>
            <svg className="g-external-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
            </svg>
          </a>
        </div>
      </section>
    );
  }
  return (
    <section className="g-store" aria-labelledby="g-store-title" data-testid="store-internal">
      <h2 id="g-store-title">{t('store.title')}</h2>
      {store.services.length > 0 ? (
        <>
          <p className="g-muted">{t('store.subtitle')}</p>
          <ul className="g-offers">
            {store.services.map((s) => (
              <ServiceCard
                key={s.id}
                service={s}
                propertyId={propertyId}
                checkinId={checkinId}
                language={language}
              />
            ))}
          </ul>
        </>
      ) : (
        <div className="g-empty">
          <p>
            <strong>{t('store.empty_title')}</strong>
          </p>
          <p className="g-muted">{t('store.empty')}</p>
        </div>
      )}
      <RequestList
        requests={store.requests}
        titles={Object.fromEntries(store.services.map((s) => [s.id, s.title]))}
        title={t('store.my_requests')}
        propertyId={propertyId}
        checkinId={checkinId}
        language={language}
      />
    </section>
  );
}
