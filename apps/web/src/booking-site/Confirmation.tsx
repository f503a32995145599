import type { WebBookingAnswer } from '@posada/contracts/direct-booking';
import { useEffect, useRef } from 'react';
import { money, stayRange } from './format.ts';
import { t } from './i18n.ts';
import { Link } from './ui.tsx';

/** The booking is made: its code, the stay, the total and 'pay on arrival'. */
export function Confirmation({
  answer,
  language,
  siteHref,
}: {
  answer: WebBookingAnswer;
  language: string;
  siteHref: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const paid = answer.payment_type === 'online';
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo(0, 0);
  }, []);
  const nights = Math.round(
    (Date.parse(`${answer.end_date}T00:00:00Z`) - Date.parse(`${answer.start_date}T00:00:00Z`)) / 86_400_000,
  );
  return (
    <section className="b-card b-done" data-testid="booking-confirmed">
      <div className="b-done-mark" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path d="M4 12.5l5 5L20 6.5" />
        </svg>
      </div>
      <h1 ref={heading} tabIndex={-1}>
        {t(paid ? 'payment.confirmed' : 'done.title')}
      </h1>
      <dl className="b-summary">
        <div>
          <dt>{t('done.code')}</dt>
          <dd className="b-code" data-testid="booking-code">
            {answer.code}
          </dd>
        </div>
        <div>
          <dt>{t('done.property')}</dt>
          <dd>{answer.property_name}</dd>
        </div>
        <div>
          <dt>{t('done.stay')}</dt>
          <dd>
            <bdi>{stayRange(answer.start_date, answer.end_date, language)}</bdi>
            {' · '}
            {nights === 1 ? t('quote.night_one') : t('quote.night', { n: nights })}
          </dd>
        </div>
        <div>
          <dt>{t('done.guests')}</dt>
          <dd>{answer.guests}</dd>
        </div>
        <div>
          <dt>{t('done.total')}</dt>
          <dd>{money(answer.total_price, answer.currency, language)}</dd>
        </div>
        <div>
          <dt>{t('done.payment')}</dt>
          <dd>{t(answer.payment_type === 'online' ? 'payment.paid_online' : 'form.on_arrival')}</dd>
        </div>
      </dl>
      <p className="b-muted">{t('done.email')}</p>
      <Link href={siteHref} className="b-btn b-btn-subtle">
        {t('done.another')}
      </Link>
    </section>
  );
}
