import type { PublicProperty, WebBookingAnswer } from '@posada/contracts/direct-booking';
import { useCallback, useEffect, useRef, useState } from 'react';
import { book, loadQuote, SiteApiError } from './api.ts';
import { BookingForm, type FieldErrors } from './BookingForm.tsx';
import { type LanguageProps, NotAvailable } from './BookingSite.tsx';
import { Calendar } from './Calendar.tsx';
import { Confirmation } from './Confirmation.tsx';
import type { Selection } from './calendar.ts';
import { Details, Gallery } from './Details.tsx';
import { emptyGuest, type GuestField, type GuestValues, validateGuest } from './form.ts';
import { t } from './i18n.ts';
import { Quote, type QuoteState } from './Quote.tsx';
import { useSite } from './site.ts';
import { Alert, Link, SiteHeader, Skeleton } from './ui.tsx';

const guestFields: readonly string[] = ['name', 'email', 'phone', 'notes'];

/** /book/{slug}/{propertyId}: the unit, its calendar, the quote, the guest form and the confirmation. */
export function PropertyPage({
  slug,
  propertyId,
  language,
  onLanguage,
}: { slug: string; propertyId: string } & LanguageProps) {
  const { state, retry } = useSite(slug, language);
  const siteHref = `/book/${encodeURIComponent(slug)}`;
  if (state.status === 'loading')
    return (
      <>
        <Skeleton photo lines={3} />
        <Skeleton lines={6} />
      </>
    );
  if (state.status === 'missing') return <NotAvailable />;
  if (state.status === 'failed')
    return (
      <section className="b-card">
        <Alert>{t('site.failed')}</Alert>
        <button type="button" className="b-btn b-btn-primary" onClick={retry}>
          {t('common.retry')}
        </button>
      </section>
    );
  const { site } = state;
  const property = site.properties.find((p) => p.id === propertyId);
  const header = (
    <SiteHeader
      name={site.business_name}
      logo={site.logo}
      href={siteHref}
      language={language}
      onLanguage={onLanguage}
    />
  );
  if (!property)
    return (
      <>
        {header}
        <section className="b-card b-empty" role="alert">
          <p>{t('property.not_found')}</p>
          <Link href={siteHref} className="b-btn b-btn-primary">
            {t('property.all_units')}
          </Link>
        </section>
      </>
    );
  return (
    <>
      {header}
      <Stay
        slug={slug}
        property={property}
        language={language}
        siteHref={siteHref}
        online={site.payment_type === 'online'}
      />
    </>
  );
}

function Stay({
  slug,
  property,
  language,
  siteHref,
  online,
}: {
  slug: string;
  property: PublicProperty;
  language: LanguageProps['language'];
  siteHref: string;
  /** Paid online in advance (issue 16): the guest goes to Stripe Checkout after "Reservar". */
  online: boolean;
}) {
  const hotel = property.room_types.length > 0;
  const [roomTypeId, setRoomTypeId] = useState<string | null>(property.room_types[0]?.id ?? null);
  const capacity = Math.max(
    1,
    hotel ? (property.room_types.find((r) => r.id === roomTypeId)?.capacity ?? 1) : property.guests,
  );
  const [selection, setSelection] = useState<Selection>({ start: null, end: null });
  const [guests, setGuests] = useState(Math.min(2, capacity));
  const [quote, setQuote] = useState<QuoteState>({ status: 'idle' });
  const [values, setValues] = useState<GuestValues>(emptyGuest);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [bookingError, setBookingError] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);
  const [answer, setAnswer] = useState<WebBookingAnswer | null>(null);
  const calendarBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = property.name;
  }, [property.name]);
  useEffect(() => {
    if (guests > capacity) setGuests(capacity);
  }, [capacity, guests]);

  const { start, end } = selection;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language asks again (the reason it cannot be booked is in it)
  useEffect(() => {
    if (!start || !end) return setQuote({ status: 'idle' });
    let live = true;
    setQuote({ status: 'loading' });
    loadQuote(slug, {
      property_id: property.id,
      room_type_id: roomTypeId,
      start_date: start,
      end_date: end,
      guests,
    }).then(
      (answer) => live && setQuote({ status: 'ok', quote: answer }),
      (error: unknown) =>
        live && setQuote({ status: 'failed', message: error instanceof SiteApiError ? error.message : '' }),
    );
    return () => {
      live = false;
    };
  }, [slug, property.id, roomTypeId, start, end, guests, language]);

  const onSelection = useCallback((next: Selection) => {
    setSelection(next);
    setBookingError(null);
  }, []);

  const onChange = (field: GuestField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async () => {
    const invalid = validateGuest(values);
    const fieldErrors: FieldErrors = {};
    for (const [field, [key, params]] of Object.entries(invalid) as [
      GuestField,
      [string, Record<string, number>?],
    ][])
      fieldErrors[field] = { key, params };
    setErrors(fieldErrors);
    setBookingError(null);
    if (Object.keys(fieldErrors).length > 0) {
      document.getElementById(`b-${Object.keys(fieldErrors)[0]}`)?.focus();
      return;
    }
    if (!start || !end) return;
    setSending(true);
    try {
      const booked = await book(slug, {
        property_id: property.id,
        room_type_id: roomTypeId,
        start_date: start,
        end_date: end,
        guests,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        notes: values.notes.trim() || undefined,
        language,
      });
      // Paid online: the nights are held while the guest pays on Checkout, which comes back to /pago/.
      if (booked.checkout_url) {
        location.assign(booked.checkout_url);
        return;
      }
      setAnswer(booked);
    } catch (error) {
      if (!(error instanceof SiteApiError)) throw error;
      if (error.status === 0) return setBookingError(t('form.errors.network'));
      if (error.code === 'booking.dates_taken' || error.status === 409) {
        // Someone took the nights meanwhile: say so by the calendar and show it as it is now.
        const said = error.message.trim() || t('form.errors.failed');
        setBookingError(`${said}${/[.!?؟]$/.test(said) ? '' : '.'} ${t('form.errors.dates_taken_refresh')}`);
        setRefresh((n) => n + 1);
        calendarBox.current?.scrollIntoView({ block: 'start' });
        return;
      }
      const mapped: FieldErrors = {};
      const others: string[] = [];
      for (const [field, messages] of Object.entries(error.errors)) {
        if (guestFields.includes(field)) mapped[field as GuestField] = { text: messages[0] ?? '' };
        else others.push(...messages);
      }
      setErrors(mapped);
      const first = Object.keys(mapped)[0];
      if (first) document.getElementById(`b-${first}`)?.focus();
      setBookingError(
        others.length > 0
          ? others.join(' ')
          : first
            ? t('form.errors.fix')
            : error.message || t('form.errors.failed'),
      );
    } finally {
      setSending(false);
    }
  };

  if (answer) return <Confirmation answer={answer} language={language} siteHref={siteHref} />;

  const bookable = quote.status === 'ok' && !quote.quote.unavailable;
  return (
    <article className="b-property">
      <Gallery property={property} />
      <div className="b-columns">
        <div className="b-info b-card">
          <h1>{property.name}</h1>
          <p className="b-muted b-facts">
            {[
              property.city,
              property.guests === 1 ? t('site.capacity_one') : t('site.capacity', { n: property.guests }),
              property.bedrooms > 0 ? t('property.bedrooms', { n: property.bedrooms }) : null,
              property.bathrooms > 0 ? t('property.bathrooms', { n: property.bathrooms }) : null,
            ]
              .filter(Boolean)
              // Each fact isolated: a Latin city beside Arabic words keeps its order.
              .map((fact) => (
                <bdi key={fact}>{fact}</bdi>
              ))}
          </p>
          <Details property={property} />
        </div>
        <div className="b-book b-card" ref={calendarBox}>
          {hotel && (
            <div className="b-field">
              <label htmlFor="b-room-type">{t('property.room_type')}</label>
              <select
                id="b-room-type"
                value={roomTypeId ?? ''}
                onChange={(event) => {
                  setRoomTypeId(event.target.value);
                  onSelection({ start: null, end: null });
                }}
              >
                {property.room_types.map((room) => (
                  <option key={room.id} value={room.id}>
                    {room.name} · {t('property.room_capacity', { n: room.capacity })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <h2>{t('property.dates')}</h2>
          {bookingError && <Alert>{bookingError}</Alert>}
          <Calendar
            key={roomTypeId ?? 'property'}
            slug={slug}
            propertyId={property.id}
            roomTypeId={roomTypeId}
            currency={property.currency}
            language={language}
            selection={selection}
            onSelection={onSelection}
            onStale={setSelection}
            refresh={refresh}
          />
          <div className="b-field">
            <label htmlFor="b-guests">{t('property.guests')}</label>
            <select id="b-guests" value={guests} onChange={(event) => setGuests(Number(event.target.value))}>
              {Array.from({ length: capacity }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? t('site.capacity_one') : t('site.capacity', { n })}
                </option>
              ))}
            </select>
          </div>
          <Quote state={quote} language={language} />
          {bookable && (
            <BookingForm
              values={values}
              errors={errors}
              sending={sending}
              online={online}
              onChange={onChange}
              onSubmit={() => void submit()}
            />
          )}
        </div>
      </div>
    </article>
  );
}
