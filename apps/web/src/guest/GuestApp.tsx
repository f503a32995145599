import { lazy, Suspense, useState } from 'react';
import { type GuestLanguage, loadLanguage, t } from './i18n.ts';
import { matchGuestRoute, useLocation } from './router.ts';
import { Skeleton } from './ui.tsx';
import { Welcome } from './Welcome.tsx';

const Flow = lazy(() => import('./Flow.tsx'));
const Services = lazy(() => import('./Services.tsx'));
const ServiceDetail = lazy(() => import('./store/ServiceDetail.tsx'));
const Review = lazy(() => import('./review.tsx'));

export interface LanguageProps {
  language: GuestLanguage;
  onLanguage: (lng: GuestLanguage) => void;
}

export function GuestApp({ initialLanguage }: { initialLanguage: GuestLanguage }) {
  const [language, setLanguage] = useState(initialLanguage);
  const url = useLocation();
  const route = matchGuestRoute(url.split('?')[0] ?? '');
  const onLanguage = (lng: GuestLanguage) => void loadLanguage(lng).then(() => setLanguage(lng));
  const props = { language, onLanguage };
  return (
    <main className="g-page">
      <Suspense fallback={<Skeleton />}>
        {route.name === 'welcome' && <Welcome propertyId={route.propertyId} {...props} />}
        {route.name === 'flow' && <Flow propertyId={route.propertyId} {...props} />}
        {route.name === 'services' && (
          <Services propertyId={route.propertyId} checkinId={route.checkinId} {...props} />
        )}
        {route.name === 'serviceDetail' && (
          <ServiceDetail
            propertyId={route.propertyId}
            serviceId={route.serviceId}
            checkinId={route.checkinId}
            {...props}
          />
        )}
        {route.name === 'review' && <Review token={route.token} {...props} />}
        {route.name === 'unknown' && (
          <section className="g-card" role="alert">
            <h1>{t('errors.not_found_title')}</h1>
            <p>{t('errors.not_found')}</p>
          </section>
        )}
      </Suspense>
    </main>
  );
}
