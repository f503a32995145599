import type { GuestRequest, GuestServiceDetail } from '@posada/contracts/experiences';
import { useEffect, useRef, useState } from 'react';
import { GuestApiError } from '../api.ts';
import type { LanguageProps } from '../GuestApp.tsx';
import { guestLanguages, t } from '../i18n.ts';
import { guestPaths, navigate } from '../router.ts';
import { Alert, LanguagePicker, Skeleton } from '../ui.tsx';
import { RequestList } from './cards.tsx';
import { RequestForm, returnLanguageKey } from './RequestForm.tsx';
import { loadServiceDetail, paymentSettled, priceLabel } from './store-api.ts';
import './store.css';

/** How often, and how many times, the page reads the request again after Checkout (the webhook may lag). */
const POLL_MS = 1500;
const POLL_TIMES = 8;

/** What Checkout sent the guest back with. */
function checkoutReturn(): 'paid' | 'cancelled' | null {
  const query = new URLSearchParams(location.search);
  if (query.get('paid') === '1') return 'paid';
  if (query.get('cancelled') === '1') return 'cancelled';
  return null;
}

/** The newest request paid online: the one Checkout just took. */
const newestOnline = (requests: GuestRequest[]) =>
  [...requests]
    .filter((r) => r.payment_mode === 'online')
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];

/**
 * spec 2.2 /services/{propiedad_id}/{service_id}/{checkin_id}/vew/: one service of the store (issue 18),
 * its photos, price and confirmation, the request form and the guest's earlier requests of it.
 */
export default function ServiceDetail({
  propertyId,
  serviceId,
  checkinId,
  language,
  onLanguage,
}: { propertyId: string; serviceId: string; checkinId: string } & LanguageProps) {
  const [detail, setDetail] = useState<GuestServiceDetail | null>(null);
  const [failed, setFailed] = useState<'not_found' | 'error' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [back] = useState(checkoutReturn);
  const [sent, setSent] = useState<GuestRequest | null>(null);
  const polls = useRef(0);

  // Back from Checkout: the language the guest left in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (!back) return;
    try {
      const saved = sessionStorage.getItem(returnLanguageKey);
      sessionStorage.removeItem(returnLanguageKey);
      if (saved && saved !== language && (guestLanguages as readonly string[]).includes(saved))
        onLanguage(saved as typeof language);
    } catch {
      // No storage: the browser's language.
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on retry, on the poll and in a new language
  useEffect(() => {
    let live = true;
    setFailed(null);
    loadServiceDetail(propertyId, serviceId, checkinId, language).then(
      (d) => live && setDetail(d),
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof GuestApiError ? error.status : 0;
        setFailed(status === 404 || status === 400 ? 'not_found' : 'error');
      },
    );
    return () => {
      live = false;
    };
  }, [propertyId, serviceId, checkinId, language, attempt]);

  // Paid on Checkout: the page reads the request again a few times until the payment shows.
  const newest = detail ? newestOnline(detail.requests) : undefined;
  const waiting = back === 'paid' && !!newest && !paymentSettled(newest) && polls.current < POLL_TIMES;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new read that still waits arms the next
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      setAttempt((n) => n + 1);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, detail]);

  const servicesHref = guestPaths.services(propertyId, checkinId);
  const backLink = (
    <a
      className="g-back-link"
      href={servicesHref}
      onClick={(e) => {
        e.preventDefault();
        navigate(servicesHref);
      }}
    >
      <span aria-hidden="true" className="g-back-arrow">
        ←
      </span>{' '}
      {t('store.back')}
    </a>
  );

  if (failed) {
    return (
      <section className="g-card" role="alert">
        <LanguagePicker value={language} onChange={onLanguage} />
        <h1>{t(failed === 'not_found' ? 'errors.not_found_title' : 'errors.blocked_title')}</h1>
        <p>{t(failed === 'not_found' ? 'store.not_found' : 'errors.network')}</p>
        {failed === 'error' ? (
          <button type="button" className="g-btn" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        ) : (
          backLink
        )}
      </section>
    );
  }
  if (!detail) return <Skeleton lines={7} />;
  const { service } = detail;
  const total = service.photos.length;
  return (
    <section className="g-card g-service-page">
      <div className="g-flow-top">
        {backLink}
        <LanguagePicker value={language} onChange={onLanguage} />
      </div>
      {total > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable gallery is reachable by keyboard
        <section className="g-gallery" aria-label={t('store.gallery', { title: service.title })} tabIndex={0}>
          {service.photos.map((photo, i) => (
            <img
              key={photo.url}
              src={photo.url}
              alt={t('store.photo_alt', { title: service.title, n: i + 1, total })}
              width={640}
              height={360}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              className={total > 1 ? 'g-gallery-photo g-gallery-many' : 'g-gallery-photo'}
            />
          ))}
        </section>
      )}
      <header className="g-step-header">
        <span className="g-offer-category">{t(`store.categories.${service.category}`)}</span>
        <h1>{service.title}</h1>
        <p className="g-service-price">{priceLabel(service, language)}</p>
        <p className="g-confirmation">
          <span aria-hidden="true">{service.confirmation === 'automatic' ? '⚡ ' : '⏱ '}</span>
          {t(`store.confirmation.${service.confirmation}`)}
        </p>
      </header>
      {service.description && <p className="g-service-description">{service.description}</p>}
      {back === 'paid' && (
        <Alert tone="ok">
          <strong>{t('store.paid')}</strong>
          <br />
          {waiting ? t('store.paid_waiting') : t('store.paid_text')}
        </Alert>
      )}
      {back === 'cancelled' && <Alert tone="info">{t('store.cancelled')}</Alert>}
      {sent && <Alert tone="ok">{t(sent.status === 'pending' ? 'store.sent_manual' : 'store.sent')}</Alert>}
      <RequestForm
        detail={detail}
        propertyId={propertyId}
        checkinId={checkinId}
        language={language}
        onSent={(answer) => {
          setSent(answer.request);
          setAttempt((n) => n + 1);
        }}
      />
      <RequestList
        requests={detail.requests}
        titles={{ [service.id]: service.title }}
        title={t('store.previous_requests')}
        propertyId={propertyId}
        checkinId={checkinId}
        language={language}
      />
    </section>
  );
}
