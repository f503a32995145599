import type { BookingChannel, BookingStatus, PaymentStatus, PriceLine } from '@posada/domain/booking-rules';
import { bookingTotal } from '@posada/domain/booking-rules';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { closedDates, nightPrices } from '../db/schema/bookings.ts';

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
  /** The channel's own reservation code of an imported stay (Airbnb HM…). */
  externalRef?: string | null;
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
 * Inserts the bookings and, for those not cancelled nor overbooked (an overbooking holds none), their nights: on the property (apartment, villa) or
 * on each assigned room (hotel). Throws on any overlap (unique violation), leaving it to the caller's
 * transaction to undo the rest. Returns the ids in input order.
 */
export async function insertStays(db: Db, stays: StayInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const part of chunks(stays, 2_000)) {
    // One JSON parameter per chunk: much cheaper to bind than 25 parameters per row, on PGlite above all.
    const records = part.map((s) => {
      const promotions = s.promotions ?? [];
      const taxes = s.taxes ?? [];
      return {
        account_id: s.accountId,
        property_id: s.propertyId,
        code: s.code,
        name: s.name,
        email: s.email,
        phone: s.phone,
        start_date: s.startDate,
        end_date: s.endDate,
        guests: s.guests,
        status: s.status ?? 'booked',
        payment_status: s.paymentStatus ?? 'pending',
        paused: s.paused ?? false,
        channel: s.channel ?? 'manual',
        external_ref: s.externalRef ?? null,
        room_type_id: s.roomTypeId ?? null,
        quantity: Math.max(1, s.roomIds?.length ?? 1),
        room_ids: s.roomIds ?? [],
        currency: s.currency ?? 'EUR',
        price: s.price,
        promotions,
        taxes,
        total: bookingTotal(s.price, promotions, taxes),
        deposit: s.deposit ?? 0,
        notes: s.notes ?? '',
        created_at: s.createdAt?.toISOString() ?? null,
      };
    });
    const result = (await db.execute(sql`
      insert into bookings (account_id, property_id, code, name, email, phone, start_date, end_date, guests,
        status, payment_status, paused, channel, external_ref, room_type_id, quantity, room_ids, currency, price,
        promotions, taxes, total, deposit, notes, created_at, updated_at)
      select account_id, property_id, code, name, email, phone, start_date, end_date, guests, status,
        payment_status, paused, channel, external_ref, room_type_id, quantity, room_ids, currency, price,
        promotions, taxes, total, deposit, notes, coalesce(created_at, now()), coalesce(created_at, now())
      from json_to_recordset(${JSON.stringify(records)}::json) as x(account_id uuid, property_id uuid,
        code text, name text, email text, phone text, start_date date, end_date date, guests int, status text,
        payment_status text, paused boolean, channel text, external_ref text, room_type_id uuid, quantity int,
        room_ids uuid[],
        currency text, price int, promotions jsonb, taxes jsonb, total int, deposit int, notes text,
        created_at timestamptz)
      returning id, account_id, code`)) as unknown as {
      rows: { id: string; account_id: string; code: string }[];
    };
    const byCode = new Map(result.rows.map((r) => [`${r.account_id}:${r.code}`, r.id]));
    const partIds = part.map((s) => byCode.get(`${s.accountId}:${s.code}`) ?? '');
    ids.push(...partIds);
    await db.execute(sql`
      insert into unit_nights (unit_id, night, account_id, property_id, room_id, booking_id)
      select coalesce(room.id, b.property_id), b.start_date + n, b.account_id, b.property_id, room.id, b.id
      from bookings b
      left join lateral unnest(b.room_ids) as room(id) on true
      cross join lateral generate_series(0, b.end_date - b.start_date - 1) as n
      where b.id = any(${idList(partIds)}) and b.status not in ('cancelled', 'overbooking')`);
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
