import type { BookingChannel, BookingStatus, PaymentStatus, PriceLine } from '@posada/domain/booking-rules';
import { bookingTotal } from '@posada/domain/booking-rules';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, closedDates, nightPrices } from '../db/schema/bookings.ts';

/**
 * Bulk writers of stays, closures and night prices for the demo data, the benches and test data sets.
 * They write the same rows the bookings module writes — a booking or closure and one unit_nights row per
 * unit and night, so the (unit, night) primary key still refuses any overlap — but many at a time: one
 * INSERT per chunk of bookings and one INSERT … SELECT generate_series for all their nights.
 */

export interface StayInput {
  accountId: string;
  propertyId: string;
  code: string;
  name: string;
  email: string;
  phone: string;
  startDate: string;
  endDate: string;
  guests: number;
  status?: BookingStatus;
  paymentStatus?: PaymentStatus;
  paused?: boolean;
  channel?: BookingChannel;
  /** Hotels: the type sold and the rooms assigned (one per room of the quantity). */
  roomTypeId?: string | null;
  roomIds?: string[];
  currency?: string;
  price: number;
  promotions?: PriceLine[];
  taxes?: PriceLine[];
  deposit?: number;
  notes?: string;
  createdAt?: Date;
}

export interface ClosureInput {
  accountId: string;
  propertyId: string;
  /** Hotels: one room; null closes the whole property (every room of a hotel). */
  roomId?: string | null;
  startDate: string;
  endDate: string;
  reason?: string;
  createdAt?: Date;
}

export interface NightPriceInput {
  accountId: string;
  propertyId: string;
  /** Property id (apartment, villa) or room type id (hotel). */
  unitKey: string;
  night: string;
  price: number | null;
  minStay?: number;
  stopSell?: boolean;
}

const CHUNK = 1_000;
const idList = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Inserts the bookings and, for those not cancelled, their nights: on the property (apartment, villa) or
 * on each assigned room (hotel). Throws on any overlap (unique violation), leaving it to the caller's
 * transaction to undo the rest. Returns the ids in input order.
 */
export async function insertStays(db: Db, stays: StayInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const part of chunks(stays)) {
    const rows = await db
      .insert(bookings)
      .values(
        part.map((s) => {
          const promotions = s.promotions ?? [];
          const taxes = s.taxes ?? [];
          return {
            accountId: s.accountId,
            propertyId: s.propertyId,
            code: s.code,
            name: s.name,
            email: s.email,
            phone: s.phone,
            startDate: s.startDate,
            endDate: s.endDate,
            guests: s.guests,
            status: s.status ?? 'booked',
            paymentStatus: s.paymentStatus ?? 'pending',
            paused: s.paused ?? false,
            channel: s.channel ?? 'manual',
            roomTypeId: s.roomTypeId ?? null,
            quantity: Math.max(1, s.roomIds?.length ?? 1),
            roomIds: s.roomIds ?? [],
            currency: s.currency ?? 'EUR',
            price: s.price,
            promotions,
            taxes,
            total: bookingTotal(s.price, promotions, taxes),
            deposit: s.deposit ?? 0,
            notes: s.notes ?? '',
            ...(s.createdAt ? { createdAt: s.createdAt, updatedAt: s.createdAt } : {}),
          };
        }),
      )
      .returning({ id: bookings.id });
    const partIds = rows.map((r) => r.id);
    ids.push(...partIds);
    await db.execute(sql`
      insert into unit_nights (unit_id, night, account_id, property_id, room_id, booking_id)
      select coalesce(room.id, b.property_id), b.start_date + n, b.account_id, b.property_id, room.id, b.id
      from bookings b
      left join lateral unnest(b.room_ids) as room(id) on true
      cross join lateral generate_series(0, b.end_date - b.start_date - 1) as n
      where b.id = any(${idList(partIds)}) and b.status <> 'cancelled'`);
  }
  return ids;
}

/** Inserts closed dates and their nights (a hotel closure without a room takes every room). */
export async function insertClosures(db: Db, closures: ClosureInput[]): Promise<string[]> {
  if (closures.length === 0) return [];
  const rows = await db
    .insert(closedDates)
    .values(
      closures.map((c) => ({
        accountId: c.accountId,
        propertyId: c.propertyId,
        roomId: c.roomId ?? null,
        startDate: c.startDate,
        endDate: c.endDate,
        reason: c.reason ?? '',
        ...(c.createdAt ? { createdAt: c.createdAt } : {}),
      })),
    )
    .returning({ id: closedDates.id });
  const ids = rows.map((r) => r.id);
  await db.execute(sql`
    insert into unit_nights (unit_id, night, account_id, property_id, room_id, closed_date_id)
    select coalesce(ro.id, c.property_id), c.start_date + n, c.account_id, c.property_id, ro.id, c.id
    from closed_dates c
    join properties p on p.id = c.property_id
    left join rooms ro on p.tipo_propiedad in ('hotel', 'camping') and ro.property_id = c.property_id
      and (c.room_id is null or ro.id = c.room_id)
    cross join lateral generate_series(0, c.end_date - c.start_date - 1) as n
    where c.id = any(${idList(ids)})`);
  return ids;
}

/** Writes per-night prices, replacing the row of the same unit and night. */
export async function upsertNightPrices(db: Db, nights: NightPriceInput[]): Promise<void> {
  for (const part of chunks(nights, 5_000)) {
    await db
      .insert(nightPrices)
      .values(
        part.map((n) => ({
          accountId: n.accountId,
          propertyId: n.propertyId,
          unitKey: n.unitKey,
          night: n.night,
          price: n.price,
          minStay: n.minStay ?? 1,
          stopSell: n.stopSell ?? false,
        })),
      )
      .onConflictDoUpdate({
        target: [nightPrices.unitKey, nightPrices.night],
        set: {
          price: sql`excluded.price`,
          minStay: sql`excluded.min_stay`,
          stopSell: sql`excluded.stop_sell`,
        },
      });
  }
}
