import { mossosFiles as adapter } from '../../adapters/mossos/mossos-file.ts';
import type { MossosFiles } from './registration-context.ts';

/** The Mossos d'Esquadra V24 file builder and its pre-file checks (adapters/mossos) as the pipeline takes them. */
export const mossosFiles: MossosFiles = adapter;
