import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventProducer } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';

/** What the concierge needs from the rest of the API (wired in app.ts). */
export interface ConciergeDeps {
  db: Db;
  clock: Clock;
  events: EventProducer;
  logger: FastifyBaseLogger;
}
