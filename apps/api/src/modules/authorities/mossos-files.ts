import type { MossosFiles } from './registration-context.ts';

/**
 * The Mossos d'Esquadra file builder (adapters/mossos) as the pipeline takes it; null until that adapter
 * exists, and the Mossos registrations then wait in needs_action without a file.
 */
export const mossosFiles: MossosFiles | null = null;
