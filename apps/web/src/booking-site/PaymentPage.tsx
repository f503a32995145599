import type { WebBookingStatus } from '@posada/contracts/direct-booking';
import { useEffect, useState } from 'react';
import { loadBookingStatus, SiteApiError } from './api.ts';
import type { LanguageProps } from './BookingSite.tsx';
import { NotAvailable } from './BookingSite.tsx';
import { Confirmation } from './Confirmation.tsx';
import { t } from './i18n.ts';
import { Alert, LanguagePicker, Link, Skeleton } from './ui.tsx';

/** How long the page keeps asking after Checkout said "paid" (the webhook usually lands in a second). */
const POLL_MS = 2000;
const POLLS = 30;

/**
 * Checkout's return page of a booking paid online (issue 16), /book/{slug}/pago/{bookingId}?result=: shows
 * "payment received, booking confirmed" once the webhook confirmed it (polling the booking's public state),
 * that the nights are held a little longer after a cancel (with the way back to Checkout), or that the
 * booking was cancelled because the payment did not go through.
 */
export function PaymentPage({
  slug,
  bookingId,
  language,
  onLanguage,
}: { slug: string; bookingId: string } & LanguageProps) {
  const result = new URLSearchParams(location.search).get('result') === 'cancel' ? 'cancel' : 'success';
  const [status, setStatus] = useState<WebBookingStatus | null>(null);
  const [failed, setFailed] = useState<'missing' | 'network' | null>(null);
  const [polls, setPolls] = useState(0);
  const siteHref = `/book/${encodeURIComponent(slug)}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each poll tick asks again
  useEffect(() => {
    let live = true;
    loadBookingStatus(slug, bookingId).then(
      (s) => {
        if (!live) return;
        setStatus(s);
        setFailed(null);
        if (s.state === 'awaiting_payment' && result === 'success' && polls < POLLS) {
          setTimeout(() => live && setPolls((n) => n + 1), POLL_MS);
        }
      },
      (error: unknown) =>
        live && setFailed(error instanceof SiteApiError && error.status === 404 ? 'missing' : 'network'),
    );
    return () => {
      live = false;
    };
  }, [slug, bookingId, polls]);

  if (failed === 'missing') return <NotAvailable message={t('payment.not_found')} />;
  const picker = <LanguagePicker value={language} onChange={onLanguage} />;
  if (failed === 'network')
    return (
      <section className="b-card">
        {picker}
        <Alert>{t('form.errors.network')}</Alert>
        <button type="button" className="b-btn b-btn-primary" onClick={() => setPolls((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </section>
    );
  if (!status) return <Skeleton lines={5} />;
  if (status.state === 'confirmed')
    return <Confirmation answer={status} language={language} siteHref={siteHref} />;

  const heldUntil = status.held_until
    ? new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(
        new Date(status.held_until),
      )
    : null;
  const waiting =
    status.state === 'awaiting_payment' && result === 'success' && status.payment_status !== 'rejected';
  return (
    <section className="b-card b-payment-page" data-testid="payment-page" aria-live="polite">
      {picker}
      {status.state === 'cancelled' ? (
        <>
          <h1>{t('payment.cancelled_title')}</h1>
          <Alert tone="info">{t('payment.cancelled')}</Alert>
          <Link href={siteHref} className="b-btn b-btn-primary">
            {t('done.another')}
          </Link>
        </>
      ) : waiting ? (
        <>
          <h1>{t('payment.confirming_title')}</h1>
          <p className="b-muted" aria-busy="true">
            {t('payment.confirming')}
          </p>
          <Skeleton lines={2} />
        </>
      ) : (
        <>
          <h1>{t('payment.not_paid_title')}</h1>
          <Alert tone="info">
            {status.payment_status === 'rejected' ? `${t('payment.rejected')} ` : ''}
            {heldUntil ? t('payment.held_until', { time: heldUntil }) : t('payment.held')}
          </Alert>
          {status.checkout_url && (
            <a className="b-btn b-btn-primary b-btn-block" href={status.checkout_url}>
              {t('payment.try_again')}
            </a>
          )}
        </>
      )}
    </section>
  );
}
