import type { GuestRequest, GuestService } from '@posada/contracts/experiences';
import { useId, useState } from 'react';
import { type GuestLanguage, t } from '../i18n.ts';
import { guestPaths, navigate } from '../router.ts';
import { stayDate } from '../stay.tsx';
import { apiMessage } from '../steps/CodeStep.tsx';
import { Alert } from '../ui.tsx';
import { money, payRequest, priceLabel } from './store-api.ts';
import './store.css';

/** An internal store's service: cover photo, title, short description, price and category; opens its page. */
export function ServiceCard({
  service,
  propertyId,
  checkinId,
  language,
  compact = false,
  onOpen = navigate,
}: {
  service: GuestService;
  propertyId: string;
  checkinId: string;
  language: GuestLanguage;
  /** The done step's small cards: no description. */
  compact?: boolean;
  /** Opens the service's page (the done step finishes the check-in first). */
  onOpen?: (href: string) => void;
}) {
  const href = guestPaths.serviceDetail(propertyId, service.id, checkinId);
  const cover = service.photos[0];
  return (
    <li className={compact ? 'g-offer g-offer-compact' : 'g-offer'}>
      <a
        href={href}
        className="g-offer-link"
        onClick={(e) => {
          // In the page: the chosen language stays.
          e.preventDefault();
          onOpen(href);
        }}
      >
        {cover ? (
          <img
            className="g-offer-photo"
            src={cover.thumb_url ?? cover.url}
            alt=""
            width={320}
            height={180}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="g-offer-photo g-offer-nophoto" aria-hidden="true" />
        )}
        <span className="g-offer-body">
          <span className="g-offer-category">{t(`store.categories.${service.category}`)}</span>
          <span className="g-offer-title">{service.title}</span>
          {!compact && service.description && <span className="g-offer-text">{service.description}</span>}
          <span className="g-offer-price">{priceLabel(service, language)}</span>
        </span>
      </a>
    </li>
  );
}

/** A request's payment, in words: held on the card, paid at the property, free… (null: the status says it). */
function paymentNote(r: GuestRequest): string | null {
  if (r.status === 'rejected' || r.status === 'paid') return null;
  if (r.payment_mode === 'free') return t('store.payment.free');
  if (r.payment_mode === 'at_property') return t('store.payment.at_property');
  if (r.payment_status === 'authorized') return t('store.payment.authorized');
  return r.can_pay ? t('store.payment.unpaid') : null;
}

/** The guest's own requests, with their status and the pay button while the payment is still due. */
export function RequestList({
  requests,
  titles,
  title,
  propertyId,
  checkinId,
  language,
}: {
  requests: GuestRequest[];
  /** The services' titles as the guest reads them, by id (a request names the operator's service name). */
  titles: Record<string, string>;
  title: string;
  propertyId: string;
  checkinId: string;
  language: GuestLanguage;
}) {
  const headingId = useId();
  const [paying, setPaying] = useState<string | null>(null);
  const [error, setError] = useState('');
  if (requests.length === 0) return null;
  const pay = async (id: string) => {
    setPaying(id);
    setError('');
    try {
      await payRequest(propertyId, checkinId, id);
    } catch (e) {
      setError(apiMessage(e));
      setPaying(null);
    }
  };
  return (
    <section className="g-requests" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {error && <Alert>{error}</Alert>}
      <ul>
        {requests.map((r) => {
          const note = paymentNote(r);
          return (
            <li key={r.id} data-testid="guest-request">
              <div className="g-request-head">
                <span className="g-request-name">
                  {(r.service_id && titles[r.service_id]) || r.service_name}
                </span>
                <span className={`g-status g-status-${r.status}`}>{t(`store.status.${r.status}`)}</span>
              </div>
              <div className="g-muted">
                <bdi>
                  {r.quantity} ×{r.service_date ? ` · ${stayDate(r.service_date, language)}` : ''}
                  {r.service_time ? ` · ${r.service_time}` : ''}
                </bdi>
                {r.total > 0 && (
                  <>
                    {' · '}
                    <bdi>{money(r.total, r.currency, language)}</bdi>
                  </>
                )}
              </div>
              {note && <div className="g-hint">{note}</div>}
              {r.can_pay && (
                <button
                  type="button"
                  className="g-btn g-btn-primary g-request-pay"
                  disabled={paying !== null}
                  aria-busy={paying === r.id || undefined}
                  onClick={() => void pay(r.id)}
                >
                  {t('store.pay', { amount: money(r.total, r.currency, language) })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
