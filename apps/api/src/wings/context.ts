// What every wing is built from (docs/architecture.md, Wings): the shared pieces app.ts makes once.
import type { FastifyBaseLogger } from 'fastify';
import type { Adapters } from '../adapters/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import type { Clock } from '../lib/clock.ts';
import type { Jobs } from '../lib/jobs.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { Deliver } from '../modules/delivery/delivery.types.ts';
import type { FileStorage } from '../modules/files/storage.ts';
import type { Realtime } from '../plugins/realtime.ts';

export interface WingContext {
  config: Config;
  database: Database;
  db: Database['db'];
  clock: Clock;
  jobs: Jobs;
  events: EventBus;
  adapters: Adapters;
  secrets: SecretBox;
  storage: FileStorage;
  logger: FastifyBaseLogger;
  /** The socket.io rooms: decorated when the realtime plugin registers; events reach it only after that. */
  realtime: () => Realtime;
  /**
   * The delivery pipeline's send (issue 26, docs/messaging.md Delivery). The messaging wing builds it last;
   * every module that writes to a guest, a provider or an operator calls it only once the app is built.
   */
  deliver: () => Deliver | null;
}
