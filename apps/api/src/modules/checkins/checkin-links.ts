import { createHash, randomBytes } from 'node:crypto';
import type { CheckinSendSchedule } from '@posada/contracts/property-settings';
import { addDays } from '@posada/domain/booking-rules';
import { checkinSendTime, purgeDate } from '@posada/domain/checkin-rules';
import { zonedTime } from '@posada/domain/zoned-time';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CheckinChannel, checkins } from '../../db/schema/checkins.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/** secret-box purposes of the check-in tables (docs/checkins.md). */
export const LINK_PURPOSE = 'checkin.link';
export const DOCUMENT_PURPOSE = 'checkin.document';

export interface CheckinLink {
  /** What goes in the guest's URL (`?t=`): 32 random bytes, base64url. */
  token: string;
  /** SHA-256 hex of the token: the lookup column. */
  hash: string;
  /** The token sealed for the operator to show the link and its QR again. */
  sealed: string;
}

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A fresh link for check-in `checkinId` (the id must be known first: it is the seal's context). */
export function newCheckinLink(box: SecretBox, checkinId: string): CheckinLink {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token), sealed: box.seal(token, LINK_PURPOSE, checkinId) };
}

/** The token of a stored check-in (throws SecretBoxError when the row was tampered with). */
export const openLinkToken = (box: SecretBox, checkinId: string, sealed: string): string =>
  box.open(sealed, LINK_PURPOSE, checkinId);

/** The guest's entry (spec 2.2): the welcome page of the property with the link token. */
export function checkinUrl(appUrl: string, propertyId: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/checkin/customers/previe/${propertyId}/?t=${token}`;
}

/** The link stops working the day after the stay: at midnight starting end+1, in the property's zone. */
export const linkExpiry = (endDate: string, timeZone: string): Date =>
  zonedTime(addDays(endDate, 1), 0, timeZone);

/** The property's confirmation channels, e-mail first; e-mail when none is switched on. */
export function sendChannelOf(property: {
  confirmEmail: boolean;
  confirmWhatsapp: boolean;
  confirmSms: boolean;
}): CheckinChannel {
  if (property.confirmEmail) return 'email';
  if (property.confirmWhatsapp) return 'whatsapp';
  if (property.confirmSms) return 'sms';
  return 'email';
}

export interface ProgrammedBooking {
  id: string;
  accountId: string;
  propertyId: string;
  name: string;
  email: string;
  phone: string;
  startDate: string;
  endDate: string;
  guests: number;
  /** The booking's programmed deposit (minor units): the check-in asks for it (issue 16). */
  deposit?: number;
}

export interface ProgrammedProperty {
  timeZone: string;
  checkinSchedule: CheckinSendSchedule;
  confirmEmail: boolean;
  confirmWhatsapp: boolean;
  confirmSms: boolean;
}

/** The plan columns of a booking's check-in: when and how its link goes out (null: not automatically). */
export function programmedPlan(booking: Pick<ProgrammedBooking, 'startDate'>, property: ProgrammedProperty) {
  return {
    schedule: property.checkinSchedule,
    scheduledFor: checkinSendTime(property.checkinSchedule, booking.startDate, property.timeZone),
    sendChannel: sendChannelOf(property),
  };
}

/**
 * The row of a booking's programmed check-in (one per booking): pending, a new link expiring the day after
 * the stay, the plan of the property's schedule, purge 3 years after the stay.
 */
export function programmedCheckinValues(
  box: SecretBox,
  booking: ProgrammedBooking,
  property: ProgrammedProperty,
  now: Date,
): typeof checkins.$inferInsert & { id: string } {
  const id = crypto.randomUUID();
  const link = newCheckinLink(box, id);
  return {
    id,
    accountId: booking.accountId,
    propertyId: booking.propertyId,
    bookingId: booking.id,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    startDate: booking.startDate,
    endDate: booking.endDate,
    expectedGuests: booking.guests,
    linkTokenHash: link.hash,
    linkTokenSealed: link.sealed,
    linkExpiresAt: linkExpiry(booking.endDate, property.timeZone),
    ...programmedPlan(booking, property),
    depositAmount: booking.deposit ?? 0,
    origin: 'booking',
    purgeAfter: purgeDate(booking.endDate),
    createdAt: now,
  };
}

/** Inserts the programmed check-in of a booking (programmedCheckinValues). */
export async function createProgrammedCheckin(
  db: Db,
  box: SecretBox,
  booking: ProgrammedBooking,
  property: ProgrammedProperty,
  now: Date,
): Promise<typeof checkins.$inferSelect> {
  const [row] = await db
    .insert(checkins)
    .values(programmedCheckinValues(box, booking, property, now))
    .returning();
  if (!row) throw new Error('checkins: the programmed check-in was not created');
  return row;
}

export const checkinById = async (db: Db, id: string) =>
  (await db.select().from(checkins).where(eq(checkins.id, id)).limit(1))[0] ?? null;
