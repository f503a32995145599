import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { RegistrationError } from '../../db/schema/authorities.ts';
import type { EventProducer } from '../../events/bus.ts';
import { translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
export const sendJob = 'authorities.send';
export const pollJob = 'authorities.poll';
export const sweepJob = 'authorities.sweep';

/**
 * The demo's authority login (npm run demo): it points at nothing, so nothing is ever sent, queried or
 * tested with it, wherever SES_URL points; its registrations wait for real credentials.
 */
export const DEMO_AUTHORITY_USER = 'DEMO-SIN-CONEXION';
export const isDemoAuthority = (authority: { username: string }) =>
  authority.username === DEMO_AUTHORITY_USER;

/** The error the operator sees for the awaited Mossos upload (a needs_action that is not a fault). */
export const AWAITING_UPLOAD = 'authorities.awaiting_upload';

export interface PipelineDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  events?: EventProducer;
  jobs?: Jobs;
  notifications: Pick<NotificationsService, 'create'>;
  /** How long after a batch went out it is queried (SES_POLL_INTERVAL_SECONDS). */
  pollIntervalMs: number;
}

export const errorOf = (
  code: string,
  message?: string,
  extra: Partial<RegistrationError> = {},
): RegistrationError => ({
  code,
  message: message ?? translate('es', code),
  ...extra,
});
