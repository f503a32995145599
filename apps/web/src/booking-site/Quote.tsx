import type { PriceQuote } from '@posada/contracts/direct-booking';
import { money } from './format.ts';
import { t, tOr } from './i18n.ts';

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; quote: PriceQuote }
  | { status: 'failed'; message: string };

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
          <dt>
            {quote.nights === 1
              ? t('quote.nights_one', { price: format(quote.price_per_night) })
              : t('quote.nights', { n: quote.nights, price: format(quote.price_per_night) })}
          </dt>
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
