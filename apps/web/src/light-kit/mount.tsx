import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { type LightLanguage, loadLanguage, pickLanguage } from './i18n.ts';

/**
 * Starts a light entry in #root: the language of `?lang=` or the browser (Spanish otherwise), its
 * messages loaded before the first render. The entry's i18n.ts has registered its bundles by then.
 */
export function mountLightEntry(app: (initialLanguage: LightLanguage) => ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  const initial = pickLanguage([new URLSearchParams(location.search).get('lang'), ...navigator.languages]);
  void loadLanguage(initial).then(() => createRoot(root).render(<StrictMode>{app(initial)}</StrictMode>));
}
