import { type PublicReview, reviewPaths } from '@posada/contracts/reviews';
import { useEffect, useState } from 'react';
import { GuestApiError, guestApi } from './api.ts';
import type { LanguageProps } from './GuestApp.tsx';
import { t } from './i18n.ts';
import { Alert, LanguagePicker, Skeleton } from './ui.tsx';

/**
 * /r/{token} (issue 17, docs/messaging.md "Review requests"): the guest scores the stay on the request's scale,
 * then every guest, whatever the score, gets the same button to the property's review site (no review gating).
 */
export default function Review({ token, language, onLanguage }: { token: string } & LanguageProps) {
  const [view, setView] = useState<PublicReview | null>(null);
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    guestApi<PublicReview>('GET', reviewPaths.publicRequest(token)).then(setView, () => setMissing(true));
  }, [token]);

  const answer = async (score: number) => {
    setSending(score);
    setFailed(null);
    try {
      setView(await guestApi<PublicReview>('POST', reviewPaths.publicRequest(token), { score }));
    } catch (error) {
      setFailed(error instanceof GuestApiError && error.status !== 0 ? error.message : t('review.failed'));
    } finally {
      setSending(null);
    }
  };

  if (missing)
    return (
      <section className="g-card">
        <LanguagePicker value={language} onChange={onLanguage} />
        <Alert>{t('review.notFound')}</Alert>
      </section>
    );
  if (!view) return <Skeleton lines={3} />;

  return (
    <section className="g-card g-review">
      <LanguagePicker value={language} onChange={onLanguage} />
      <p className="g-muted">{view.property_name}</p>
      {view.score === null ? (
        <>
          <h1>{view.guest_name ? t('review.hello', { name: view.guest_name }) : view.property_name}</h1>
          <fieldset className="g-scores-set">
            <legend className="g-welcome-text">{t('review.question', { scale: view.scale })}</legend>
            <div className="g-scores">
              {Array.from({ length: view.scale }, (_, i) => i + 1).map((score) => (
                <button
                  key={score}
                  type="button"
                  className="g-btn g-score"
                  aria-label={t('review.score', { score, scale: view.scale })}
                  disabled={sending !== null}
                  aria-busy={sending === score}
                  onClick={() => void answer(score)}
                >
                  {score}
                </button>
              ))}
            </div>
          </fieldset>
          {sending !== null && (
            <p className="g-muted" role="status">
              {t('review.sending')}
            </p>
          )}
          {failed && <Alert>{failed}</Alert>}
        </>
      ) : (
        <div role="status">
          <h1>{t('review.thanks')}</h1>
          <p className="g-welcome-text">{t('review.thanksText', { score: view.score, scale: view.scale })}</p>
          {view.review_url ? (
            <div className="g-actions">
              <a className="g-btn g-btn-primary" href={view.review_url} rel="noopener noreferrer">
                {t('review.cta')}
              </a>
            </div>
          ) : (
            <p className="g-muted">{t('review.noLink')}</p>
          )}
        </div>
      )}
    </section>
  );
}
