import { toNamespaces } from './to-namespaces.ts';

/** Every es namespace in one chunk, loaded only when es is the interface language. */
export const bundle = toNamespaces(
  import.meta.glob<{ default: Record<string, unknown> }>('../../locales/es/*.json', { eager: true }),
);
