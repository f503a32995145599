import type { PriceQuote } from '@posada/contracts/direct-booking';
import { money } from './format.ts';
import { t, tOr } from './i18n.ts';

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; quote: PriceQuote }
  | { status: 'failed'; message: string };

/**
 * '3 noches × 95 €' when every night costs the same (before the discount), else just '3 noches': an
 * average such as 101,33 € is a price no night has.
 */
function nightsLabel(quote: PriceQuote, format: (minor: number) => string): string {
  const even = quote.nights > 0 && quote.subtotal % quote.nights === 0;
  if (!even)
    return quote.nights === 1 ? t('quote.nights_plain_one') : t('quote.nights_plain', { n: quote.nights });
  const price = format(quote.subtotal / quote.nights);
  return quote.nights === 1
    ? t('quote.nights_one', { price })
    : t('quote.nights', { n: quote.nights, price });
}

/** The live quote: nights × price, the direct-booking discount and the total, in the property's currency. */
export function Quote({ state, language }: { state: QuoteState; language: string }) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading')
    return (
      <div className="b-quote" aria-busy="true">
        <span className="b-visually-hidden">{t('quote.loading')}</span>
        <div className="b-skel" />
        <div className="b-skel" style={{ width: '60%' }} />
      </div>
    );
  if (state.status === 'failed')
    return (
      <div className="b-alert b-alert-error" role="alert">
        {state.message || t('quote.failed')}
      </div>
    );
  const { quote } = state;
  const format = (minor: number) => money(minor, quote.currency, language);
  return (
    <section className="b-quote" aria-live="polite" data-testid="quote">
      <h3 className="b-visually-hidden">{t('quote.title')}</h3>
      <dl>
        <div>
          <dt>{nightsLabel(quote, format)}</dt>
          <dd>{format(quote.subtotal)}</dd>
        </div>
        {quote.discount > 0 && (
          <div className="b-quote-discount">
            <dt>{t('quote.discount')}</dt>
            <dd>−{format(quote.discount)}</dd>
          </div>
        )}
        <div className="b-quote-total">
          <dt>{t('quote.total')}</dt>
          <dd data-testid="quote-total">{format(quote.total_price)}</dd>
        </div>
      </dl>
      {quote.unavailable && (
        <div className="b-alert b-alert-error" role="alert">
          {tOr(`quote.unavailable.${quote.unavailable}`, t('quote.unavailable.other'), { n: quote.min_stay })}
        </div>
      )}
    </section>
  );
}
