import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/accounts.ts';
import {
  policeRegistrationAttempts,
  policeRegistrations,
  type RegistrationError,
  type RegistrationState,
} from '../db/schema/authorities.ts';
import { checkinGuests, checkins } from '../db/schema/checkins.ts';
import { properties, propertyAuthorities } from '../db/schema/properties.ts';
import { DEMO_AUTHORITY_USER } from '../modules/authorities/pipeline-shared.ts';

/**
 * The demo's authority login (issue 14 item 7): pointed at nothing, and saying so. The settings page shows
 * it as demo data; no real authority ever receives these credentials from the demo.
 */
export { DEMO_AUTHORITY_USER };

const DEMO_REGISTRATION_EMAILS = ['demo@posada.local', 'hotel@posada.local'];

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * The states the newest completed check-ins of each demo property get, newest first: one waiting to be
 * sent (pending), one rejected with the authority's own error text, one sent and waiting for the batch
 * to settle, and the rest accepted with their proof codes.
 */
const plan: RegistrationState[] = ['queued', 'rejected', 'sent', 'accepted', 'accepted', 'accepted'];

/** A time-based UUID in the shape SES answers its lote and codigoComunicacion with (demo values, one per seed). */
function demoUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-11f1-a800-0050569580a9`;
}

const addYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;

/**
 * Issue 14 demo data: the newest completed check-ins of demo@ and hotel@ get their parte de viajeros in
 * every state a screen shows (accepted with the batch and communication codes, rejected field by field
 * with the guest, sent, pending), with the attempts that led there. Written once per property: a property
 * that already has registrations is left alone. The pipeline never sends or queries anything with the
 * DEMO-SIN-CONEXION login (authorities/pipeline-shared.ts): the pending ones end in needs action asking
 * for real credentials, wherever SES_URL points.
 */
export async function seedDemoRegistrations(
  db: Db,
  note: (created: boolean, what: string) => void,
  emailFor: (demoEmail: string) => string = (email) => email,
): Promise<void> {
  const owners = await db
    .select({ accountId: accounts.id, email: users.email })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(inArray(users.email, DEMO_REGISTRATION_EMAILS.map(emailFor)));
  for (const owner of owners) {
    const tally: Partial<Record<RegistrationState, number>> = {};
    const props = await db
      .select({ id: properties.id, entity: propertyAuthorities.entity })
      .from(properties)
      .innerJoin(propertyAuthorities, eq(propertyAuthorities.propertyId, properties.id))
      .where(eq(properties.accountId, owner.accountId));
    for (const property of props) {
      const [has] = await db
        .select({ n: count() })
        .from(policeRegistrations)
        .where(eq(policeRegistrations.propertyId, property.id));
      if (Number(has?.n ?? 0) > 0) continue;
      const done = await db
        .select()
        .from(checkins)
        .where(and(eq(checkins.propertyId, property.id), eq(checkins.status, 'complete')))
        .orderBy(desc(checkins.startDate), asc(checkins.id))
        .limit(plan.length);
      for (const [i, c] of done.entries()) {
        const state = plan[i] ?? 'accepted';
        const guests = await db
          .select({ first: checkinGuests.firstName, last: checkinGuests.lastName })
          .from(checkinGuests)
          .where(eq(checkinGuests.checkinId, c.id))
          .orderBy(desc(checkinGuests.isLead), asc(checkinGuests.createdAt));
        const completedAt = c.completedAt ?? new Date(`${c.startDate}T15:00:00Z`);
        const arrival = new Date(`${c.startDate}T15:00:00Z`);
        // The pending one arrived today: due tomorrow afternoon, not overdue yet unless the demo is old.
        const dueAt = new Date(arrival.getTime() + DAY);
        const sentAt = new Date(completedAt.getTime() + 5 * 60_000);
        const settledAt = new Date(sentAt.getTime() + 20 * 60_000);
        const batch = state === 'queued' ? null : demoUuid(`lote:${c.id}`);
        const codes = state === 'accepted' ? guests.map((_, g) => demoUuid(`comunicacion:${c.id}:${g}`)) : [];
        const errors: RegistrationError[] =
          state === 'rejected'
            ? [
                {
                  code: '10131',
                  message:
                    'Error de validación en la comunicación [1]: [Es obligatorio el campo soporteDocumento]',
                  field: 'support_number',
                  guest: 1,
                },
                ...(guests.length > 1
                  ? [
                      {
                        code: '10130',
                        message:
                          'Error de validación en la comunicación [1]: [Valor incorrecto en el campo fechaNacimiento]',
                        field: 'birth_date',
                        guest: 2,
                      },
                    ]
                  : []),
              ]
            : [];
        const [row] = await db
          .insert(policeRegistrations)
          .values({
            accountId: owner.accountId,
            propertyId: property.id,
            checkinId: c.id,
            bookingId: c.bookingId,
            kind: 'PV',
            entity: property.entity,
            reference: c.id,
            idempotencyKey: `PV:${c.id}:v1`,
            state,
            dueAt,
            guestCount: guests.length,
            batchCode: batch,
            communicationCodes: codes,
            errors,
            attempts: state === 'queued' ? 0 : 1,
            nextAttemptAt: null,
            lastError: state === 'rejected' ? (errors[0]?.message ?? null) : null,
            sentAt: state === 'queued' ? null : sentAt,
            settledAt: state === 'accepted' || state === 'rejected' ? settledAt : null,
            purgeAfter: addYears(c.endDate, 3),
            createdAt: completedAt,
            updatedAt: state === 'queued' ? completedAt : settledAt,
          })
          .onConflictDoNothing()
          .returning({ id: policeRegistrations.id });
        if (!row) continue;
        tally[state] = (tally[state] ?? 0) + 1;
        if (state === 'queued') continue;
        const attempts: (typeof policeRegistrationAttempts.$inferInsert)[] = [
          {
            registrationId: row.id,
            accountId: owner.accountId,
            operation: 'send',
            outcome: 'ok',
            detail: `Lote ${batch} recibido (código 0)`,
            createdAt: sentAt,
          },
          {
            registrationId: row.id,
            accountId: owner.accountId,
            operation: 'poll',
            outcome: 'pending',
            detail: 'Estado 5: pendiente',
            createdAt: new Date(sentAt.getTime() + 5 * 60_000),
          },
        ];
        if (state === 'accepted')
          attempts.push({
            registrationId: row.id,
            accountId: owner.accountId,
            operation: 'poll',
            outcome: 'ok',
            detail: 'Estado 1: Lote tramitado sin errores',
            createdAt: settledAt,
          });
        if (state === 'rejected')
          attempts.push({
            registrationId: row.id,
            accountId: owner.accountId,
            operation: 'poll',
            outcome: 'rejected',
            detail: `Estado 6: Lote tramitado con errores. ${errors.map((e) => e.message).join(' ')}`,
            createdAt: settledAt,
          });
        await db.insert(policeRegistrationAttempts).values(attempts);
      }
    }
    const created = Object.values(tally).reduce((a, b) => a + (b ?? 0), 0);
    note(
      created > 0,
      `police registrations for ${owner.email} (${Object.entries(tally)
        .map(([s, n]) => `${n} ${s}`)
        .join(', ')}; demo authority login ${DEMO_AUTHORITY_USER}, which no authority accepts)`,
    );
  }
}
