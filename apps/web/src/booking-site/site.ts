import type { PublicSite } from '@posada/contracts/direct-booking';
import { useCallback, useEffect, useState } from 'react';
import { intlLocale } from '../lib/intl.ts';
import { loadSite, SiteApiError } from './api.ts';
import { money } from './format.ts';

export type SiteState =
  | { status: 'loading' }
  | { status: 'ok'; site: PublicSite }
  | { status: 'missing' }
  | { status: 'failed' };

/** The account's website in the guest's language; 404 (web booking off, unknown slug) is 'missing'. */
export function useSite(slug: string, language: string): { state: SiteState; retry: () => void } {
  const [state, setState] = useState<SiteState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again
  useEffect(() => {
    let live = true;
    loadSite(slug, language).then(
      (site) => live && setState({ status: 'ok', site }),
      (error: unknown) =>
        live &&
        setState({ status: error instanceof SiteApiError && error.status === 404 ? 'missing' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [slug, language, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}

/** "10 %" or "20,00 €": the direct-booking discount as the guest reads it. */
export function discountText(site: PublicSite, lng: string): string | null {
  if (!site.discount || site.discount.value <= 0) return null;
  if (site.discount.type === 'percentage')
    return new Intl.NumberFormat(intlLocale(lng), { style: 'percent' }).format(site.discount.value / 100);
  return money(site.discount.value, site.properties[0]?.currency ?? 'EUR', lng);
}
