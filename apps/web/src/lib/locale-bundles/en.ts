import { toNamespaces } from './to-namespaces.ts';

/** Every en namespace in one chunk, loaded only when en is the interface language. */
export const bundle = toNamespaces(
  import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en/*.json', { eager: true }),
);
