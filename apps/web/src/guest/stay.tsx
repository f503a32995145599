import type { GuestCheckinSummary, StartCheckinData } from '@posada/contracts/guest-checkin';
import { guestApi } from './api.ts';
import { type GuestLanguage, t } from './i18n.ts';
import type { GuestPropertyView } from './property.ts';
import { guestPaths, navigate } from './router.ts';
import { Alert } from './ui.tsx';

/** Travellers the stay expects who have not registered yet (the police report waits for them). */
export function missingTravellers(stay: Pick<GuestCheckinSummary, 'registered_guests' | 'expected_guests'>) {
  return Math.max(0, stay.expected_guests - stay.registered_guests);
}

/**
 * The stay behind a check-in link, for the welcome page (its summary, or "already completed"). A link's
 * `t` alone: what comes back is the stay's dates, guest count and address, never the guest's data.
 */
export function startStay(propertyId: string, token: string, language: GuestLanguage) {
  return guestApi<StartCheckinData>('POST', '/api/guest/checkin/start', {
    propiedad_id: propertyId,
    t: token,
    language,
  });
}

/** "20 nov 2026": one format per language, Latin digits in Arabic as the rest of the product. */
export function stayDate(iso: string, lng: GuestLanguage): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (!y || !m || !d) return iso;
  const locale = lng === 'ar' ? 'ar-u-nu-latn' : lng === 'en' ? 'en-GB' : 'es';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.UTC(y, m - 1, d)))
    .replace(/\.$/, '');
}

const nightsOf = (start: string, end: string) =>
  Math.max(0, Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000));

/** A stay summary: dates and nights, guests, the property's check-in and check-out times, address. */
export function StaySummary({
  stay,
  language,
  guests,
}: {
  stay: Pick<GuestCheckinSummary, 'start_date' | 'end_date'> &
    Partial<Pick<GuestCheckinSummary, 'property_address' | 'checkin_time' | 'checkout_time'>>;
  language: GuestLanguage;
  /** Guests shown: expected on the welcome page, registered once done. */
  guests: number;
}) {
  const nights = nightsOf(stay.start_date, stay.end_date);
  return (
    <dl className="g-stay" data-testid="stay-summary">
      <div>
        <dt>{t('stay.dates')}</dt>
        <dd>
          <bdi>{stayDate(stay.start_date, language)}</bdi> – <bdi>{stayDate(stay.end_date, language)}</bdi>
          {nights > 0 && (
            <span className="g-muted">{` · ${t(nights === 1 ? 'stay.night' : 'stay.nights', { n: nights })}`}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('stay.guests')}</dt>
        <dd>{t(guests === 1 ? 'stay.guest' : 'stay.guests_n', { n: guests })}</dd>
      </div>
      {stay.checkin_time && stay.checkout_time && (
        <div>
          <dt>{t('stay.hours')}</dt>
          <dd data-testid="stay-hours">
            {/* Each time whole on its line when the two do not fit on one; the dot stays at the end of the first. */}
            <span style={{ display: 'inline-block' }}>
              {t('stay.checkin_from', { time: stay.checkin_time })}
              <span className="g-muted">{'\u00a0·'}</span>
            </span>{' '}
            <span style={{ display: 'inline-block' }}>
              {t('stay.checkout_by', { time: stay.checkout_time })}
            </span>
          </dd>
        </div>
      )}
      {stay.property_address && (
        <div>
          <dt>{t('stay.address')}</dt>
          <dd>
            <bdi>{stay.property_address}</bdi>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The property's main photo, sized and lazy (the first screen's budget is the JS, not this image). */
export function PropertyPhoto({ property }: { property: GuestPropertyView }) {
  if (!property.photo) return null;
  return (
    <img
      className="g-photo"
      src={property.photo.thumb_url}
      alt=""
      width={480}
      height={270}
      loading="lazy"
      decoding="async"
    />
  );
}

/** issue 13: a finished check-in reopened from its link says so, instead of starting over. */
export function CompletedStay({
  stay,
  property,
  language,
  onRegisterMissing,
}: {
  stay: GuestCheckinSummary;
  property: GuestPropertyView | null;
  language: GuestLanguage;
  /** A finished check-in still missing travellers: register them (issue 27). */
  onRegisterMissing?: () => void;
}) {
  const missing = missingTravellers(stay);
  return (
    <div className="g-completed" data-testid="checkin-completed">
      {property && <PropertyPhoto property={property} />}
      <div className="g-done-mark" aria-hidden="true">
        ✓
      </div>
      <header className="g-step-header g-center">
        <h1 tabIndex={-1}>{t('completed.title')}</h1>
        <p className="g-muted">{t('completed.text', { name: stay.property_name })}</p>
      </header>
      <StaySummary stay={stay} language={language} guests={stay.registered_guests} />
      {missing > 0 && (
        <Alert tone="info">{t('completed.missing', { missing, expected: stay.expected_guests })}</Alert>
      )}
      <div className="g-actions">
        {missing > 0 && onRegisterMissing && (
          <button type="button" className="g-btn g-btn-primary" onClick={onRegisterMissing}>
            {t('completed.register_missing')}
          </button>
        )}
        <a
          className={missing > 0 && onRegisterMissing ? 'g-btn' : 'g-btn g-btn-primary'}
          href={guestPaths.services(stay.propiedad_id, stay.id)}
          onClick={(e) => {
            // In the page: the chosen language stays.
            e.preventDefault();
            navigate(guestPaths.services(stay.propiedad_id, stay.id));
          }}
        >
          {t('completed.services')}
        </a>
      </div>
    </div>
  );
}
