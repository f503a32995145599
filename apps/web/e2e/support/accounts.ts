import type { test as base } from '@playwright/test';
import { DEMO_PASSWORD, E2E_MAIL_PORT } from './ports.ts';

/** A spec file's own copies of the demo empresas: same properties, rooms, bookings, check-ins and settings. */
export interface SpecAccounts {
  /** demo@posada.local's copy: two apartments, every paid extra. */
  empresa: string;
  /** hotel@posada.local's copy: Hotel Alameda Centro, on its trial. */
  hotel: string;
  /** basico@posada.local's copy: one apartment, subscribed without add-ons. */
  basico: string;
  password: string;
}

/**
 * The accounts of a spec that changes data (bookings, check-ins, settings), so two workers never change
 * one account at once: `const own = accountsFor(test, 'reservations')`, then sign in as `own.hotel`. The
 * e2e server seeds them before the run (global setup) or else before the spec's first test, once. Read-only
 * specs may keep the shared demo accounts of support/auth.ts.
 */
export function accountsFor(test: typeof base, spec: string): SpecAccounts {
  const email = (local: string) => `${local}+${spec}@posada.local`;
  // Normally already seeded by the global setup (support/seed-accounts.ts); then this answers at once.
  test.beforeAll(() => seedOwnAccounts(spec));
  return { empresa: email('demo'), hotel: email('hotel'), basico: email('basico'), password: DEMO_PASSWORD };
}

/** Asks the e2e server (mail port) to seed a spec's copies of the demo empresas; idempotent. */
export async function seedOwnAccounts(spec: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/accounts?spec=${spec}`, { method: 'POST' });
  if (!res.ok) throw new Error(`seeding the accounts of ${spec} failed: ${await res.text()}`);
}
