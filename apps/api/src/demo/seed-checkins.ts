import { deflateSync } from 'node:zlib';
import { todayIn } from '@posada/domain/zoned-time';
import { and, count, desc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/accounts.ts';
import { bookings } from '../db/schema/bookings.ts';
import { checkinGuests, checkins, reminders } from '../db/schema/checkins.ts';
import { properties } from '../db/schema/properties.ts';
import type { Clock } from '../lib/clock.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { DOCUMENT_PURPOSE, programmedCheckinValues } from '../modules/checkins/checkin-links.ts';
import { reminderDueAt } from '../modules/checkins/reminders.service.ts';
import {
  type RegistrationPdfInput,
  renderRegistrationPdf,
} from '../modules/guest-checkin/registration-pdf.ts';

const DEMO_CHECKIN_EMAILS = ['demo@posada.local', 'hotel@posada.local'];
/** Completed check-ins (with guests, signatures and cards) per property: the most recent arrivals. */
const COMPLETED_PER_PROPERTY = 24;
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Programmed check-ins per INSERT statement (about 20 parameters each, well under PostgreSQL's 65,535). */
const CHECKIN_BATCH = 500;
/** Completed check-ins' guests per INSERT statement. */
const GUEST_BATCH = 25;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Each signature is drawn once per process (the e2e server seeds dozens of copies of these accounts). */
const drawnSignatures = new Map<string, string>();

/** A drawn-looking signature as a PNG data URL (grayscale, a wavy stroke), with a minimal PNG encoder. */
export function signaturePng(seed: number, width = 160, height = 48): string {
  const key = `${seed}:${width}x${height}`;
  let png = drawnSignatures.get(key);
  if (!png) {
    png = drawSignaturePng(seed, width, height);
    drawnSignatures.set(key, png);
  }
  return png;
}

/**
 * The signed registration card, rendered once per distinct input in this process: a copy of the demo
 * accounts has the same guests, stays and properties, so it gets the same card without rendering it again.
 */
const renderedCards = new Map<string, Promise<Uint8Array>>();
function registrationCard(input: RegistrationPdfInput): Promise<Uint8Array> {
  const key = JSON.stringify(input);
  let card = renderedCards.get(key);
  if (!card) {
    card = renderRegistrationPdf(input);
    renderedCards.set(key, card);
    card.catch(() => renderedCards.delete(key));
  }
  return card;
}

function drawSignaturePng(seed: number, width: number, height: number): string {
  const rows: Buffer[] = [];
  const pixels = Array.from({ length: height }, () => new Uint8Array(width).fill(255));
  for (let x = 8; x < width - 8; x++) {
    const y = Math.round(
      height / 2 + Math.sin((x + seed) / 7) * 10 + Math.sin((x * ((seed % 5) + 2)) / 23) * 6,
    );
    for (let dy = -1; dy <= 1; dy++) {
      const row = pixels[y + dy];
      if (row) row[x] = 20;
    }
  }
  for (const row of pixels) rows.push(Buffer.concat([Buffer.from([0]), Buffer.from(row)]));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

const firstNames = ['Lucía', 'Javier', 'Carmen', 'Pablo', 'Emma', 'Oliver', 'Sofía', 'Hugo', 'Amira', 'Lars'];
const lastNames = ['García López', 'Martín Ruiz', 'Smith', 'Müller', 'Rossi', 'Dubois', 'Haddad', 'Jensen'];
const countries = [
  { country: 'ES', nationality: 'ESP', doc: 'dni' as const },
  { country: 'GB', nationality: 'GBR', doc: 'passport' as const },
  { country: 'DE', nationality: 'DEU', doc: 'passport' as const },
  { country: 'FR', nationality: 'FRA', doc: 'passport' as const },
];

/**
 * Issue 5 demo data: every demo booking of demo@ and hotel@ gets its programmed check-in; the most recent
 * arrivals up to today are complete, with guests, a drawn signature and the signed registration card;
 * and each account gets a couple of reminders. Runs once per booking (idempotent).
 */
export async function seedDemoCheckins(
  db: Db,
  clock: Clock,
  note: (created: boolean, what: string) => void,
  secrets: SecretBox,
  emailFor: (demoEmail: string) => string = (email) => email,
): Promise<void> {
  const now = clock.now();
  const owners = await db
    .select({ accountId: accounts.id, email: users.email })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(inArray(users.email, DEMO_CHECKIN_EMAILS.map(emailFor)));
  for (const owner of owners) {
    const props = await db.select().from(properties).where(eq(properties.accountId, owner.accountId));
    let created = 0;
    let completed = 0;
    for (const property of props) {
      const today = todayIn(property.timeZone, now);
      const missing = await db
        .select({ booking: bookings })
        .from(bookings)
        .leftJoin(checkins, eq(checkins.bookingId, bookings.id))
        .where(
          and(eq(bookings.propertyId, property.id), ne(bookings.status, 'cancelled'), isNull(checkins.id)),
        );
      // The rows createProgrammedCheckin would insert one by one, in a few statements (a paused booking's
      // link is not scheduled); the e2e server seeds dozens of copies of these accounts.
      const planned = missing.map(({ booking }) => ({
        ...programmedCheckinValues(secrets, booking, property, now),
        ...(booking.paused ? { scheduledFor: null } : {}),
      }));
      for (let i = 0; i < planned.length; i += CHECKIN_BATCH)
        await db.insert(checkins).values(planned.slice(i, i + CHECKIN_BATCH));
      created += planned.length;
      // The latest arrivals up to today are registered (complete), unless already.
      const [done] = await db
        .select({ n: count() })
        .from(checkins)
        .where(and(eq(checkins.propertyId, property.id), eq(checkins.status, 'complete')));
      const room = COMPLETED_PER_PROPERTY - Number(done?.n ?? 0);
      if (room <= 0) continue;
      const arrived = await db
        .select()
        .from(checkins)
        .where(
          and(
            eq(checkins.propertyId, property.id),
            eq(checkins.status, 'pending'),
            lte(checkins.startDate, today),
          ),
        )
        .orderBy(desc(checkins.startDate))
        .limit(room);
      const guestRows: (typeof checkinGuests.$inferInsert)[] = [];
      for (const [i, c] of arrived.entries()) {
        // One in five of the recent ones stays pending, as a real list has.
        if (i % 5 === 4) continue;
        const guests = Math.min(2, c.expectedGuests);
        for (let g = 0; g < guests; g++) {
          const seed = (i * 7 + g * 3 + c.startDate.charCodeAt(9)) % 97;
          const origin = countries[seed % countries.length] ?? countries[0];
          if (!origin) continue;
          const first = firstNames[seed % firstNames.length] ?? 'Lucía';
          const last =
            g === 0 && c.name.includes(' ')
              ? c.name.split(' ').slice(1).join(' ')
              : (lastNames[seed % lastNames.length] ?? 'García');
          const digits = String(10_000_000 + seed * 912_367).slice(0, 8);
          const documentNumber =
            origin.doc === 'dni' ? `${digits}${DNI_LETTERS[Number(digits) % 23]}` : `X${digits}`;
          const signature = signaturePng(seed);
          const guestId = crypto.randomUUID();
          const guest = {
            firstName: g === 0 ? (c.name.split(' ')[0] ?? first) : first,
            lastName: last,
            gender: seed % 2 === 0 ? ('female' as const) : ('male' as const),
            birthDate: `19${60 + (seed % 35)}-0${1 + (seed % 9)}-1${seed % 10}`,
            nationality: origin.nationality,
            documentType: origin.doc,
            documentNumber,
            supportNumber:
              origin.doc === 'dni' ? `ABC${String(100_000 + seed * 37).slice(0, 6)}` : `P${digits}`,
            issueDate: '2021-03-10',
            expiryDate: '2031-03-10',
            phone: c.phone || '+34600000000',
            email: c.email || 'guest@example.com',
            address: 'Calle Mayor 12',
            city: origin.country === 'ES' ? 'Madrid' : 'London',
            postalCode: origin.country === 'ES' ? '28013' : 'SW1A 1AA',
            province: origin.country === 'ES' ? 'Madrid' : null,
            municipality: origin.country === 'ES' ? 'Madrid' : null,
            country: origin.country,
            residenceCountry: origin.country,
            minors: false,
            kinship: null,
            paymentMethod: 'credit_card' as const,
            paymentDate: c.startDate,
            isLead: g === 0,
          };
          const pdf = await registrationCard({
            language: 'es',
            property: {
              name: property.nombre,
              address: property.address ?? '',
              city: property.city ?? undefined,
              postalCode: property.zipCode ?? undefined,
              country: property.pais,
            },
            stay: { arrival: c.startDate, departure: c.endDate },
            guest,
            signature,
            signedAt: new Date(`${c.startDate}T15:00:00Z`),
            signedPlace: property.city ?? property.nombre,
          });
          guestRows.push({
            id: guestId,
            checkinId: c.id,
            accountId: owner.accountId,
            ...guest,
            documentNumberSealed: secrets.seal(documentNumber, DOCUMENT_PURPOSE, guestId),
            documentLast4: documentNumber.slice(-4),
            signature,
            registrationPdf: pdf,
            process: seed % 3 === 0 ? 'manual' : 'scanned',
            faceScore: 0.82,
            faceMatch: true,
            createdAt: new Date(`${c.startDate}T15:00:00Z`),
          });
        }
        await db
          .update(checkins)
          .set({
            status: 'complete',
            sentAt: c.scheduledFor ?? new Date(`${c.startDate}T08:00:00Z`),
            openedAt: new Date(`${c.startDate}T14:00:00Z`),
            completedAt: new Date(`${c.startDate}T15:00:00Z`),
            scheduledFor: c.scheduledFor,
            keysDelivered: c.startDate < today,
          })
          .where(eq(checkins.id, c.id));
        completed++;
      }
      // Their guests in a few statements (each row carries its card: a few kilobytes).
      for (let i = 0; i < guestRows.length; i += GUEST_BATCH)
        await db.insert(checkinGuests).values(guestRows.slice(i, i + GUEST_BATCH));
    }
    const [hasReminders] = await db
      .select({ n: count() })
      .from(reminders)
      .where(eq(reminders.accountId, owner.accountId));
    const first = props[0];
    if (first && Number(hasReminders?.n ?? 0) === 0) {
      const today = todayIn(first.timeZone, now);
      for (const [hour, description] of [
        ['18:00', 'Dejar las llaves en el cajetín'],
        ['10:00', 'Revisar check-ins pendientes de mañana'],
      ] as const) {
        await db.insert(reminders).values({
          accountId: owner.accountId,
          propertyId: first.id,
          day: today,
          hour,
          description,
          dueAt: reminderDueAt(today, hour, first.timeZone),
          createdAt: now,
        });
      }
      note(true, `reminders for ${owner.email}`);
    }
    note(
      created > 0 || completed > 0,
      `check-ins for ${owner.email} (${created} planned, ${completed} completed)`,
    );
  }
}
