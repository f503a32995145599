import type { PublicProperty } from '@posada/contracts/direct-booking';
import { useEffect } from 'react';
import type { LanguageProps } from './BookingSite.tsx';
import { NotAvailable } from './BookingSite.tsx';
import { money } from './format.ts';
import { t } from './i18n.ts';
import { discountText, useSite } from './site.ts';
import { Alert, Link, SiteHeader, Skeleton } from './ui.tsx';

const propertyHref = (slug: string, id: string) =>
  `/book/${encodeURIComponent(slug)}/${encodeURIComponent(id)}`;

/** /book/{slug}: the business and its units on sale. */
export function SitePage({ slug, language, onLanguage }: { slug: string } & LanguageProps) {
  const { state, retry } = useSite(slug, language);
  useEffect(() => {
    if (state.status === 'ok') document.title = state.site.business_name;
  }, [state]);

  if (state.status === 'loading')
    return (
      <div className="b-grid">
        <Skeleton photo lines={2} />
        <Skeleton photo lines={2} />
      </div>
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
  const discount = discountText(site, language);
  return (
    <>
      <SiteHeader
        name={site.business_name}
        logo={site.logo}
        title
        language={language}
        onLanguage={onLanguage}
      />
      {discount && <p className="b-badge">{t('site.direct_discount', { value: discount })}</p>}
      <h2 className="b-section-title">{t('site.units')}</h2>
      {site.properties.length === 0 ? (
        <section className="b-card b-empty">
          <p>{t('site.empty')}</p>
        </section>
      ) : (
        <ul className="b-grid" data-testid="site-units">
          {site.properties.map((property, index) => (
            <UnitCard
              key={property.id}
              property={property}
              href={propertyHref(slug, property.id)}
              language={language}
              eager={index < 2}
            />
          ))}
        </ul>
      )}
      <p className="b-footer b-muted">{t('site.powered')}</p>
    </>
  );
}

function UnitCard({
  property,
  href,
  language,
  eager,
}: {
  property: PublicProperty;
  href: string;
  language: string;
  eager: boolean;
}) {
  const photo = property.photos[0];
  return (
    <li className="b-unit">
      <Link href={href} className="b-unit-link">
        {photo ? (
          <img
            className="b-unit-photo"
            src={photo}
            alt=""
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="b-unit-photo b-photo-empty" aria-hidden="true">
            {property.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="b-unit-body">
          <span className="b-unit-name">{property.name}</span>
          {property.city && <span className="b-muted">{property.city}</span>}
          <span className="b-muted">
            {property.guests === 1 ? t('site.capacity_one') : t('site.capacity', { n: property.guests })}
          </span>
          <span className="b-unit-price">
            {property.price_from !== null
              ? t('site.from', { price: money(property.price_from, property.currency, language) })
              : t('site.no_price')}
          </span>
        </span>
      </Link>
    </li>
  );
}
