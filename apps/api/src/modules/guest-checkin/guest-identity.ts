import type { IdentityCheckBody, IdentityVerdict } from '@posada/contracts/guest-checkin';
import type { Clock } from '../../lib/clock.ts';
import type { FaceMatcher } from './face-match.ts';
import { verdictOf } from './face-match.ts';
import { guestCheckinErrors as errors } from './guest-checkin.errors.ts';
import type { createGuestCheckinRepo } from './guest-checkin.repo.ts';
import type { GuestContext } from './guest-context.ts';

/** Comparisons a check-in may ask for in an hour: each costs about a second of the server's CPU. */
export const IDENTITY_ATTEMPTS_PER_HOUR = 8;

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/**
 * The identity check's server side (issue 27, docs/decisions.md): the front of the document and the selfie
 * are compared in memory by the face matcher; only the verdict is stored, for the guest's registration.
 */
export function createGuestIdentity(deps: {
  repo: ReturnType<typeof createGuestCheckinRepo>;
  context: GuestContext;
  clock: Clock;
  matcher: FaceMatcher;
}) {
  const { repo, context, clock } = deps;
  return {
    async checkIdentity(token: string | undefined, body: IdentityCheckBody): Promise<IdentityVerdict> {
      const s = await context.load(token);
      const checkin = context.requireCode(s);
      const since = new Date(clock.now().getTime() - 3_600_000);
      const used = await repo.verdictsSince(checkin.id, since);
      if (used >= IDENTITY_ATTEMPTS_PER_HOUR) throw errors.identityAttempts();
      let comparison: Awaited<ReturnType<FaceMatcher['compare']>>;
      try {
        comparison = await deps.matcher.compare(bytesOf(body.document), bytesOf(body.selfie));
      } catch {
        throw errors.identityUnreadable();
      }
      const verdict = verdictOf(comparison);
      const row = await repo.insertVerdict({ checkinId: checkin.id, ...verdict, createdAt: clock.now() });
      return {
        id: row.id,
        match: row.match,
        score: row.score,
        reason: verdict.reason,
        attempts_left: Math.max(0, IDENTITY_ATTEMPTS_PER_HOUR - used - 1),
      };
    },
  };
}
