import type { Clock } from '../lib/clock.ts';
import { AdapterError } from './adapter-error.ts';

/**
 * What the operator sees of one outside service on the integrations page. Kept in memory, per API
 * process: after a restart (or on another process) lastError and lastSuccessAt start empty again
 * until the next call. Good enough to say "what is failing now"; not an audit log.
 */
export interface AdapterStatus {
  name: string;
  configured: boolean;
  /** `code` is the adapter's error code ('whatsapp.unauthorized'), never a message with secrets. */
  lastError: { at: Date; code: string } | null;
  lastSuccessAt: Date | null;
}

export interface AdapterTracker {
  readonly name: string;
  status(): AdapterStatus;
  /** Runs one call to the service and records how it went; errors pass through unchanged. */
  track<T>(call: () => Promise<T>): Promise<T>;
}

export function createAdapterTracker(name: string, configured: boolean, clock: Clock): AdapterTracker {
  let lastError: AdapterStatus['lastError'] = null;
  let lastSuccessAt: Date | null = null;
  return {
    name,
    status: () => ({ name, configured, lastError, lastSuccessAt }),
    async track(call) {
      try {
        const result = await call();
        lastSuccessAt = clock.now();
        return result;
      } catch (error) {
        const code = error instanceof AdapterError ? error.code : `${name}.unreachable`;
        lastError = { at: clock.now(), code };
        throw error;
      }
    },
  };
}

/** An adapter as the registry lists it: its status and the names of the settings that configure it. */
export type RegisteredStatus = AdapterStatus & { settings: readonly string[] };

/** Every adapter of the process, in the order the integrations page lists them. */
export interface AdapterRegistry {
  /** `settings`: the config variables an operator sets to configure it (names only, never values). */
  add(tracker: AdapterTracker, settings: readonly string[]): AdapterTracker;
  list(): RegisteredStatus[];
}

export function createAdapterRegistry(): AdapterRegistry {
  const entries: { tracker: AdapterTracker; settings: readonly string[] }[] = [];
  return {
    add(tracker, settings) {
      entries.push({ tracker, settings });
      return tracker;
    },
    list: () => entries.map(({ tracker, settings }) => ({ ...tracker.status(), settings })),
  };
}
