import type { VerificationChannel } from '@posada/contracts/guest-checkin';
import type { GuestAccessCode } from '@posada/contracts/smart-locks';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventProducer } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { CheckinRecords } from '../checkins/checkin-records.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createAttemptCounter } from './code-attempts.ts';
import type { FaceMatcher } from './face-match.ts';
import { createGuestCheckinService } from './guest-checkin.service.ts';
import type { MessageSender } from './messaging.ts';
import { createSessionSigner } from './session.ts';

/** The guest check-in service composed from the app's config (one call in app.ts). */
export function createGuestCheckin(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  secrets: SecretBox;
  mail: MailService;
  logger: FastifyBaseLogger;
  /** createMessagingSenders(…), shared with the operator's send check-in. */
  senders: Partial<Record<VerificationChannel, MessageSender>>;
  events?: EventProducer;
  notifications?: NotificationsService;
  checkinRecords?: CheckinRecords;
  /** smart-locks' guest view of the door code (issue 14). */
  accessCode?: (accountId: string, checkinId: string) => Promise<GuestAccessCode>;
  /** The identity check's face matcher (issue 27); its owner closes it. */
  faceMatcher: FaceMatcher;
}) {
  return createGuestCheckinService({
    db: deps.db,
    clock: deps.clock,
    secrets: deps.secrets,
    signer: createSessionSigner(deps.config.APP_SECRET, deps.config.APP_SECRET_PREVIOUS),
    attempts: createAttemptCounter({ db: deps.db }),
    appSecret: deps.config.APP_SECRET,
    senders: deps.senders,
    events: deps.events,
    notifications: deps.notifications,
    checkinRecords: deps.checkinRecords,
    accessCode: deps.accessCode,
    faceMatcher: deps.faceMatcher,
  });
}

export { guestCheckinRoutes } from './guest-checkin.routes.ts';
export { createMessagingSenders } from './messaging.ts';
