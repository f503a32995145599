import { jobsSchema } from '../lib/pg-boss-jobs.ts';
import type { TestApp } from './test-app.ts';

/**
 * Runs what the queue has due (and the events those jobs raise) until nothing due is left, five rounds at
 * most: what earlier requests set going in the background (a mail, a delivery's retry by the sweep, a police
 * send) has finished, so a snapshot taken next sees only the next request's changes.
 */
export async function settleJobs(t: TestApp) {
  for (let round = 0; round < 5; round++) {
    await t.app.eventsIdle();
    const { rows } = await t.database.sql.query<{ name: string }>(
      `SELECT DISTINCT name FROM ${jobsSchema}.job WHERE state < 'completed' AND start_after <= now()`,
    );
    if (rows.length === 0) return;
    for (const { name } of rows) await t.jobs.drain(name, 3000).catch(() => undefined);
  }
}
