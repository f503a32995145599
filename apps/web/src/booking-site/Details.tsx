import type { PublicProperty } from '@posada/contracts/direct-booking';
import { t, tOr } from './i18n.ts';

/** The photos as a swipeable strip: the first one loads at once, the others when near. */
export function Gallery({ property }: { property: PublicProperty }) {
  const total = property.photos.length;
  if (total === 0)
    return (
      <div className="b-gallery-empty" aria-hidden="true">
        {property.name.slice(0, 1).toUpperCase()}
      </div>
    );
  return (
    <section className="b-gallery" aria-label={t('property.photos', { name: property.name })}>
      {property.photos.map((src, index) => (
        <img
          key={src}
          src={src}
          alt={t('property.photo', { n: index + 1, total })}
          width={800}
          height={600}
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding={index === 0 ? 'sync' : 'async'}
        />
      ))}
    </section>
  );
}

/** Description, services, policies and the check-in and check-out times. */
export function Details({ property }: { property: PublicProperty }) {
  return (
    <>
      {property.description.trim() && (
        <section className="b-section">
          <h2>{t('property.about')}</h2>
          <p className="b-prose">{property.description}</p>
        </section>
      )}
      {property.services.length > 0 && (
        <section className="b-section">
          <h2>{t('property.services')}</h2>
          <ul className="b-services">
            {property.services.map((service) => (
              <li key={service}>{tOr(`services.${service}`, service)}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="b-section">
        <h2>{t('property.times')}</h2>
        <ul className="b-times">
          <li>{t('property.checkin', { time: property.checkin_time.slice(0, 5) })}</li>
          <li>{t('property.checkout', { time: property.checkout_time.slice(0, 5) })}</li>
        </ul>
      </section>
      {property.policies.trim() && (
        <section className="b-section">
          <h2>{t('property.policies')}</h2>
          <p className="b-prose b-muted">{property.policies}</p>
        </section>
      )}
    </>
  );
}
