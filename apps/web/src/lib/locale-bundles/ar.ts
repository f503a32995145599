import { toNamespaces } from './to-namespaces.ts';

/** Every ar namespace in one chunk, loaded only when ar is the interface language. */
export const bundle = toNamespaces(
  import.meta.glob<{ default: Record<string, unknown> }>('../../locales/ar/*.json', { eager: true }),
);
