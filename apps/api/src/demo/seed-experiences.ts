import { addDays } from '@posada/domain/booking-rules';
import { type ServiceRequestStatus, serviceTotal } from '@posada/domain/experiences';
import { todayIn } from '@posada/domain/zoned-time';
import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { checkinGuests, checkins } from '../db/schema/checkins.ts';
import {
  type ServicePhoto,
  serviceFunnelEvents,
  serviceProviders,
  serviceRequests,
  services,
  upsellSettings,
} from '../db/schema/experiences.ts';
import { properties } from '../db/schema/properties.ts';
import type { Clock } from '../lib/clock.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { DOCUMENT_PURPOSE } from '../modules/checkins/checkin-links.ts';
import { type DemoFiles, storeDemoPhoto } from './demo-media.ts';
import { generator } from './seed-bookings.ts';
import {
  type DemoService,
  type DemoServiceKey,
  demoProviders,
  demoServices,
  demoUpsell,
} from './seed-experiences-catalog.ts';

/** Requests come from the completed check-ins of the last ~4 months. */
export const DEMO_REQUESTS_DAYS_BACK = 120;
/** A manual request this recent still waits for the operator (pending). */
const PENDING_DAYS = 10;

const HOUR = 3_600_000;
type NewRequest = typeof serviceRequests.$inferInsert;
type NewFunnelEvent = typeof serviceFunnelEvents.$inferInsert;
interface SeededService extends DemoService {
  id: string;
  propertyId: string | null;
  providerId: string | null;
}

/**
 * Issue 18 demo data: the subscribed demo account's experiences store — three providers, ten services
 * (one inactive) with photos, its properties' store on, upselling at the done step and two days before
 * arrival, and four months of requests from its completed check-ins in every state, with the funnel
 * events behind them, so the requests screen and the reports have real content. Deterministic from the
 * clock; idempotent: an account that already has providers or services gets nothing more.
 */
export async function seedDemoExperiences(
  db: Db,
  clock: Clock,
  note: (created: boolean, what: string) => void,
  opts: { email: string; secrets: SecretBox; files?: DemoFiles },
): Promise<void> {
  const [owner] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(users.email, opts.email));
  const accountId = owner?.accountId;
  if (!accountId) return;
  const [providersThere] = await db
    .select({ n: count() })
    .from(serviceProviders)
    .where(eq(serviceProviders.accountId, accountId));
  const [servicesThere] = await db
    .select({ n: count() })
    .from(services)
    .where(eq(services.accountId, accountId));
  if (Number(providersThere?.n ?? 0) > 0 || Number(servicesThere?.n ?? 0) > 0) {
    note(false, `  experiences store of ${opts.email}`);
    return;
  }
  const now = clock.now();
  const props = await db.select().from(properties).where(eq(properties.accountId, accountId));
  const propertyIds = new Map(props.map((p) => [p.nombre, p.id]));

  // Photos first (files, outside the transaction): real JPEGs with thumbnails, like the property photos.
  const photos = new Map<DemoServiceKey, ServicePhoto[]>();
  const { files } = opts;
  if (files)
    await Promise.all(
      demoServices.map(async (service) => {
        const stored: ServicePhoto[] = [];
        for (const pair of service.photos) {
          const image = await storeDemoPhoto(files, pair);
          stored.push({ file: image.fileName, thumb: image.thumbName });
        }
        photos.set(service.key, stored);
      }),
    );

  const summary = await db.transaction(async (tx) => {
    const providerIds = new Map<string, string>();
    for (const [key, provider] of Object.entries(demoProviders)) {
      const [row] = await tx
        .insert(serviceProviders)
        .values({ accountId, ...provider, createdAt: now, updatedAt: now })
        .returning({ id: serviceProviders.id });
      if (row) providerIds.set(key, row.id);
    }
    const seeded: SeededService[] = [];
    for (const [i, service] of demoServices.entries()) {
      const propertyId = service.property ? (propertyIds.get(service.property) ?? null) : null;
      // A service of a property this account lacks (a trimmed copy) is left out.
      if (service.property && !propertyId) continue;
      const providerId = service.provider ? (providerIds.get(service.provider) ?? null) : null;
      // Created a few weeks before the oldest requests, one after another (the list's order).
      const createdAt = new Date(now.getTime() - (DEMO_REQUESTS_DAYS_BACK + 30 - i) * 24 * HOUR);
      const [row] = await tx
        .insert(services)
        .values({
          accountId,
          propertyId,
          name: service.name,
          title: service.title,
          description: service.description,
          category: service.category,
          providerId,
          confirmation: service.confirmation,
          priceType: service.priceType,
          price: service.price,
          currency: 'EUR',
          photos: photos.get(service.key) ?? [],
          active: service.active,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: services.id });
      if (row) seeded.push({ ...service, id: row.id, propertyId, providerId });
    }

    await tx
      .update(properties)
      .set({ storeEnabled: true, storeType: 'internal' })
      .where(eq(properties.accountId, accountId));
    for (const property of props) {
      for (const setting of demoUpsell[property.nombre] ?? []) {
        const ids = setting.services.flatMap((key) => seeded.find((s) => s.key === key)?.id ?? []);
        await tx
          .insert(upsellSettings)
          .values({
            propertyId: property.id,
            accountId,
            moment: setting.moment,
            enabled: true,
            days: setting.days,
            serviceIds: ids,
            updatedAt: now,
          })
          .onConflictDoNothing();
      }
    }

    const { requests, funnel } = await demoRequests(tx, {
      accountId,
      now,
      props,
      seeded,
      secrets: opts.secrets,
    });
    if (requests.length > 0) await tx.insert(serviceRequests).values(requests);
    if (funnel.length > 0) await tx.insert(serviceFunnelEvents).values(funnel).onConflictDoNothing();
    const byStatus = Object.entries(
      requests.reduce<Record<string, number>>((acc, r) => {
        acc[r.status] = (acc[r.status] ?? 0) + 1;
        return acc;
      }, {}),
    )
      .map(([status, n]) => `${n} ${status}`)
      .join(', ');
    return `${providerIds.size} providers, ${seeded.length} services, ${requests.length} requests (${byStatus})`;
  });
  note(true, `  experiences store of ${opts.email}: ${summary}`);
}

/**
 * The requests of the completed check-ins of the last months and the funnel behind them: every active
 * service of the property is offered to each stay, a few are viewed, and some of those requested.
 */
async function demoRequests(
  db: Db,
  opts: {
    accountId: string;
    now: Date;
    props: (typeof properties.$inferSelect)[];
    seeded: SeededService[];
    secrets: SecretBox;
  },
): Promise<{ requests: NewRequest[]; funnel: NewFunnelEvent[] }> {
  const { accountId, now, secrets } = opts;
  const requests: NewRequest[] = [];
  const funnel: NewFunnelEvent[] = [];
  for (const property of opts.props) {
    const today = todayIn(property.timeZone, now);
    const stays = await db
      .select()
      .from(checkins)
      .where(
        and(
          eq(checkins.propertyId, property.id),
          eq(checkins.status, 'complete'),
          gte(checkins.startDate, addDays(today, -DEMO_REQUESTS_DAYS_BACK)),
        ),
      )
      .orderBy(asc(checkins.startDate), asc(checkins.name));
    const leads = stays.length
      ? await db
          .select()
          .from(checkinGuests)
          .where(
            and(
              inArray(
                checkinGuests.checkinId,
                stays.map((s) => s.id),
              ),
              eq(checkinGuests.isLead, true),
            ),
          )
      : [];
    const offered = opts.seeded.filter(
      (s) => s.active && (s.propertyId === null || s.propertyId === property.id),
    );
    const random = generator(`${property.nombre} experiences ${today}`);
    for (const stay of stays) {
      const lead = leads.find((g) => g.checkinId === stay.id);
      const completedAt = stay.completedAt ?? new Date(`${stay.startDate}T15:00:00Z`);
      // A stay completed only hours ago has not browsed the store yet.
      if (!lead || completedAt.getTime() + 3 * HOUR > now.getTime()) continue;
      const event = (serviceId: string, kind: 'offered' | 'viewed', at: Date) =>
        funnel.push({ accountId, propertyId: property.id, serviceId, checkinId: stay.id, kind, at });
      // Two days before arrival the offer message; the done step lists them all again.
      const offeredAt = new Date(`${addDays(stay.startDate, -2)}T09:00:00Z`);
      for (const s of offered) event(s.id, 'offered', offeredAt);

      const wanted = Math.min(
        offered.length,
        random.weighted<number>([
          [0, 25],
          [1, 45],
          [2, 25],
          [3, 5],
        ]),
      );
      const picks = new Set<SeededService>();
      while (picks.size < wanted) picks.add(random.weighted(offered.map((s) => [s, s.popularity])));
      // Looked at without asking: one or two more, now and then.
      const browsed = new Set(picks);
      if (random.next() < 0.7) browsed.add(random.pick(offered));
      if (random.next() < 0.4) browsed.add(random.pick(offered));
      for (const s of browsed)
        if (!picks.has(s)) event(s.id, 'viewed', new Date(completedAt.getTime() + random.int(1, 20) * HOUR));

      for (const s of picks) {
        // The early check-in is asked the evening before arrival; the rest after the check-in is done.
        const createdAt =
          s.key === 'early_checkin'
            ? new Date(`${addDays(stay.startDate, -1)}T19:${String(random.int(10, 59))}:00Z`)
            : new Date(completedAt.getTime() + random.int(1, 30) * HOUR);
        if (createdAt > now) continue;
        event(s.id, 'viewed', new Date(createdAt.getTime() - random.int(2, 15) * 60_000));
        const nights = Math.max(1, (Date.parse(stay.endDate) - Date.parse(stay.startDate)) / (24 * HOUR));
        const serviceDate =
          s.key === 'early_checkin'
            ? stay.startDate
            : s.key === 'late_checkout' || s.key === 'airport_transfer'
              ? stay.endDate
              : addDays(stay.startDate, random.int(0, Math.max(0, nights - 1)));
        const quantity =
          s.priceType === 'person'
            ? Math.max(1, Math.min(stay.expectedGuests, 4))
            : s.priceType === 'hour'
              ? random.int(1, 3)
              : s.priceType === 'day'
                ? random.int(1, Math.min(3, nights))
                : 1;
        let documentNumber = '';
        try {
          documentNumber = secrets.open(lead.documentNumberSealed, DOCUMENT_PURPOSE, lead.id);
        } catch {
          // Sealed under another secret: the request keeps the masked tail only.
          documentNumber = `****${lead.documentLast4}`;
        }
        requests.push({
          accountId,
          propertyId: property.id,
          serviceId: s.id,
          providerId: s.providerId,
          checkinId: stay.id,
          bookingId: stay.bookingId,
          serviceName: s.name,
          category: s.category,
          clientName: `${lead.firstName} ${lead.lastName}`,
          phone: lead.phone,
          email: lead.email,
          language: stay.language,
          documentType: lead.documentType,
          documentNumber,
          priceType: s.priceType,
          quantity,
          serviceDate,
          serviceTime: s.time,
          notes: s.notes.length > 0 && random.next() < 0.4 ? random.pick(s.notes) : '',
          unitPrice: s.price,
          total: serviceTotal(s.priceType, s.price, quantity),
          currency: 'EUR',
          status: 'approved',
          paymentMode: s.price === 0 ? 'free' : 'at_property',
          createdAt,
          updatedAt: createdAt,
        });
        settle(requests.at(-1) as NewRequest, s, { now, today, roll: random.next() });
      }
    }
  }
  everyState(requests, opts.seeded, now);
  return { requests, funnel };
}

/**
 * Where a request stands today (spec 4): an automatic one starts approved and is paid at the property on
 * its day; a manual one waits a few days for the operator, then is approved, rejected or paid.
 */
function settle(r: NewRequest, s: SeededService, ctx: { now: Date; today: string; roll: number }) {
  const createdAt = r.createdAt as Date;
  const at = (ms: number) => new Date(Math.min(ctx.now.getTime() - 60_000, ms));
  const dayOf = at(Date.parse(`${r.serviceDate ?? ctx.today}T12:00:00Z`));
  let status: ServiceRequestStatus;
  if (s.price === 0) status = 'approved';
  else if (s.confirmation === 'automatic')
    status = (r.serviceDate ?? ctx.today) < ctx.today ? 'paid' : 'approved';
  else if (ctx.now.getTime() - createdAt.getTime() < PENDING_DAYS * 24 * HOUR) status = 'pending';
  else status = ctx.roll < 0.5 ? 'paid' : ctx.roll < 0.8 ? 'approved' : 'rejected';
  apply(r, s, status, dayOf);
}

function apply(r: NewRequest, s: SeededService, status: ServiceRequestStatus, paidAt: Date) {
  const createdAt = r.createdAt as Date;
  // The operator answers a manual request a couple of hours later; an automatic one is approved at once.
  const answeredAt = new Date(createdAt.getTime() + (s.confirmation === 'manual' ? 2 * HOUR : 0));
  r.status = status;
  r.approvedAt = status === 'approved' || status === 'paid' ? answeredAt : null;
  r.rejectedAt = status === 'rejected' ? answeredAt : null;
  r.paidAt = status === 'paid' ? new Date(Math.max(paidAt.getTime(), answeredAt.getTime())) : null;
  r.providerNotifiedAt = r.approvedAt && s.providerId ? r.approvedAt : null;
  r.updatedAt = r.paidAt ?? r.rejectedAt ?? r.approvedAt ?? createdAt;
}

/** Makes sure the demo shows each state at least once, whatever the dates drew. */
function everyState(requests: NewRequest[], seeded: SeededService[], now: Date) {
  const manual = requests
    .filter((r) => seeded.find((s) => s.id === r.serviceId)?.confirmation === 'manual')
    .sort((a, b) => (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime());
  const wanted: ServiceRequestStatus[] = ['pending', 'rejected', 'paid', 'approved'];
  for (const status of wanted) {
    if (requests.some((r) => r.status === status)) continue;
    // The newest manual request left in a state held by others becomes this one.
    const r = manual.find((m) => requests.filter((o) => o.status === m.status).length > 1);
    const s = seeded.find((x) => x.id === r?.serviceId);
    if (r && s) apply(r, s, status, new Date(now.getTime() - 60_000));
  }
}
