import { createHash, randomBytes } from 'node:crypto';
import type { IcalExport } from '@posada/contracts/channels';
import { addDays } from '@posada/domain/booking-rules';
import { todayIn } from '@posada/domain/zoned-time';
import { eq } from 'drizzle-orm';
import type { ExportRange } from '../../adapters/ical/types.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { ChannelsRepo, HeldNight } from './channels.repo.ts';

/** What the secret box seals an export token for (bound to the connection id, or the unit id). */
export const EXPORT_TOKEN_PURPOSE = 'channels.export';

/** adapters/ical's writer of our feed. */
export type WriteFeed = (input: { name: string; ranges: ExportRange[]; stamp: Date }) => string;

/** A feed ready to send: the body and its validators. */
export interface ExportFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The held nights of a unit as ranges: consecutive nights of one booking or closure are one all-day event,
 * UID `<booking or closure id>-<unit>@posada` (a second run of the same holder adds its first night).
 * Nights of `leaveOut` holders are not in it (a connection's feed leaves out its own channel's imports).
 */
export function rangesOf(
  unitId: string,
  nights: readonly HeldNight[],
  leaveOut: { bookingIds: ReadonlySet<string>; closedDateIds: ReadonlySet<string> },
): ExportRange[] {
  const ranges: (ExportRange & { holder: string })[] = [];
  const seen = new Set<string>();
  for (const n of nights) {
    if (n.bookingId && leaveOut.bookingIds.has(n.bookingId)) continue;
    if (n.closedDateId && leaveOut.closedDateIds.has(n.closedDateId)) continue;
    const holder = (n.bookingId ?? n.closedDateId) as string;
    const last = ranges.at(-1);
    if (last && last.holder === holder && last.end === n.night) {
      last.end = addDays(n.night, 1);
      continue;
    }
    const uid = seen.has(holder) ? `${holder}-${unitId}-${n.night}@posada` : `${holder}-${unitId}@posada`;
    seen.add(holder);
    ranges.push({ holder, uid, start: n.night, end: addDays(n.night, 1) });
  }
  return ranges.map(({ uid, start, end }) => ({ uid, start, end }));
}

/** The units' export feeds (docs/channels.md "Export"): tokens, URLs and the feed itself. */
export function createExportFeeds(deps: {
  repo: ChannelsRepo;
  clock: Clock;
  secrets: SecretBox;
  appUrl: string;
  writeFeed: WriteFeed;
}) {
  const { repo, secrets } = deps;
  const urlOf = (token: string) => `${deps.appUrl.replace(/\/$/, '')}/ical/${token}.ics`;

  async function build(
    accountId: string,
    propertyId: string,
    unitId: string,
    leaveOutChannel: string | null,
    floor: Date,
  ): Promise<ExportFeed> {
    const [property] = await repo.db
      .select({ nombre: properties.nombre, timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.id, propertyId));
    // From yesterday on: the channels only sell what is ahead.
    const from = addDays(todayIn(property?.timeZone ?? 'UTC', deps.clock.now()), -1);
    const [nights, leaveOut, lastModified] = await Promise.all([
      repo.heldNights(unitId, from),
      leaveOutChannel
        ? repo.importedFrom(unitId, leaveOutChannel)
        : { bookingIds: new Set<string>(), closedDateIds: new Set<string>() },
      repo.lastChange(accountId, propertyId, unitId, floor),
    ]);
    const stamp = new Date(Math.floor(lastModified.getTime() / 1000) * 1000);
    const body = deps.writeFeed({ name: 'Posada', ranges: rangesOf(unitId, nights, leaveOut), stamp });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    return { body, etag, lastModified: stamp };
  }

  return {
    urlOf,

    /** The unit's export URL: its token made on first ask, or a new one (`rotate`). */
    async unitExport(
      accountId: string,
      propertyId: string,
      roomId: string | null,
      unitId: string,
      rotate: boolean,
    ): Promise<IcalExport> {
      const existing = await repo.findExport(unitId);
      if (existing && !rotate) {
        return {
          unit_id: unitId,
          url: urlOf(secrets.open(existing.tokenSealed, EXPORT_TOKEN_PURPOSE, unitId)),
        };
      }
      const token = randomBytes(32).toString('base64url');
      const sealed = secrets.seal(token, EXPORT_TOKEN_PURPOSE, unitId);
      if (existing) {
        await repo.replaceExportToken(unitId, hashToken(token), sealed);
        return { unit_id: unitId, url: urlOf(token) };
      }
      const row = await repo.insertExport({
        unitId,
        accountId,
        propertyId,
        roomId,
        tokenHash: hashToken(token),
        tokenSealed: sealed,
        createdAt: deps.clock.now(),
      });
      // Two first asks at once: the one stored wins.
      return { unit_id: unitId, url: urlOf(secrets.open(row.tokenSealed, EXPORT_TOKEN_PURPOSE, unitId)) };
    },

    /** GET /ical/{token}.ics: the unit's feed (a connection's leaves out its own channel), or null. */
    async feed(token: string): Promise<ExportFeed | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const found = await repo.feedByTokenHash(hashToken(token));
      if (!found) return null;
      if (found.kind === 'unit')
        return build(found.accountId, found.propertyId, found.unitId, null, found.createdAt);
      const c = found.calendar;
      return build(c.accountId, c.propertyId, c.unitId, c.channel, c.createdAt);
    },
  };
}
