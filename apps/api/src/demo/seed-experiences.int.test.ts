import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceTotal } from '@posada/domain/experiences';
import { normalizePhone } from '@posada/domain/phone';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts.ts';
import {
  serviceFunnelEvents,
  serviceProviders,
  serviceRequests,
  services,
  upsellSettings,
} from '../db/schema/experiences.ts';
import { properties } from '../db/schema/properties.ts';
import { rowsOf } from '../lib/sql.ts';
import { createFilesService } from '../modules/files/files.service.ts';
import { createLocalStorage } from '../modules/files/storage.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { demoEmails, seedDemo } from './seed.ts';

describe('demo experiences store (npm run demo)', () => {
  let t: TestApp;
  let dataDir: string;
  let accountId: string;
  const seed = () =>
    seedDemo(t.database.db, t.clock, {
      files: createFilesService({ storage: createLocalStorage(dataDir) }),
      appSecret: t.config.APP_SECRET,
    });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'posada-demo-store-'));
    t = await buildTestApp({ now: new Date('2026-11-20T10:00:00Z'), env: { DATA_DIR: dataDir } });
    await seed();
    const [owner] = await t.database.db
      .select({ accountId: users.accountId })
      .from(users)
      .where(eq(users.email, demoEmails.empresa));
    accountId = owner?.accountId as string;
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const db = () => t.database.db;

  it('gives the subscribed demo account three providers with Spanish phones, e-mails and addresses', async () => {
    const rows = await db().select().from(serviceProviders).where(eq(serviceProviders.accountId, accountId));
    expect(rows).toHaveLength(3);
    for (const p of rows) {
      expect(p.country).toBe('ES');
      expect(p.phone).toMatch(/^\+34\d{9}$/);
      expect(normalizePhone(p.phone, 'ES'), p.phone).toBe(p.phone);
      expect(p.email).toContain('@');
      expect(p.address).not.toBe('');
    }
  });

  it('has active services in es, en and ar with 1 to 3 photos whose files exist, one inactive', async () => {
    const rows = await db().select().from(services).where(eq(services.accountId, accountId));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((s) => !s.active)).toHaveLength(1);
    expect(new Set(rows.map((s) => s.priceType))).toEqual(
      new Set(['unit', 'person', 'group', 'day', 'hour']),
    );
    expect(new Set(rows.map((s) => s.confirmation))).toEqual(new Set(['automatic', 'manual']));
    expect(rows.some((s) => s.propertyId === null)).toBe(true);
    expect(rows.some((s) => s.propertyId !== null)).toBe(true);
    expect(rows.some((s) => s.price === 0)).toBe(true);
    for (const s of rows) {
      expect(s.title.en && s.title.ar && s.description.en && s.description.ar, s.name).toBeTruthy();
      expect(s.photos.length).toBeGreaterThanOrEqual(1);
      expect(s.photos.length).toBeLessThanOrEqual(3);
      for (const photo of s.photos) {
        expect(existsSync(path.join(dataDir, 'files', photo.file)), photo.file).toBe(true);
        const thumb = await t.app.inject({ method: 'GET', url: `/api/files/${photo.thumb}` });
        expect(thumb.statusCode).toBe(200);
        expect(thumb.headers['content-type']).toBe('image/jpeg');
      }
    }
  });

  it('switches the store on and offers three services at the done step and two days before arrival', async () => {
    const props = await db().select().from(properties).where(eq(properties.accountId, accountId));
    expect(props.map((p) => [p.storeEnabled, p.storeType])).toEqual(props.map(() => [true, 'internal']));
    const settings = await db().select().from(upsellSettings).where(eq(upsellSettings.accountId, accountId));
    expect(settings).toHaveLength(props.length * 2);
    for (const s of settings) {
      expect(s.enabled).toBe(true);
      expect(s.serviceIds).toHaveLength(3);
      expect(s.days).toBe(s.moment === 'before_arrival' ? 2 : null);
    }
  });

  it('has requests of its completed check-ins in every state, over four months, at the property or free', async () => {
    const rows = await db().select().from(serviceRequests).where(eq(serviceRequests.accountId, accountId));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected', 'paid']));
    expect(new Set(rows.map((r) => r.paymentMode))).toEqual(new Set(['at_property', 'free']));
    expect(rows.every((r) => r.guestPaymentId === null)).toBe(true);
    for (const r of rows) {
      expect(r.total).toBe(serviceTotal(r.priceType, r.unitPrice, r.quantity));
      expect(r.clientName).not.toBe('');
      expect(r.documentNumber).not.toBe('');
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
      if (r.status === 'paid') expect(r.paidAt).not.toBeNull();
    }
    const months = new Set(
      rows.filter((r) => r.status === 'paid').map((r) => r.paidAt?.toISOString().slice(0, 7)),
    );
    expect(months.size).toBeGreaterThanOrEqual(3);
    // Tied to completed check-ins, with the main guest's name.
    const mismatched = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from service_requests r
          join checkins c on c.id = r.checkin_id
          join checkin_guests g on g.checkin_id = c.id and g.is_lead
          where r.account_id = ${accountId}
            and (c.status <> 'complete' or r.client_name <> g.first_name || ' ' || g.last_name)`,
    );
    expect(mismatched[0]?.n).toBe(0);
    expect(rows.every((r) => r.checkinId)).toBe(true);
  });

  it('records more services offered than viewed, and more viewed than requested', async () => {
    const funnel = await db()
      .select({ kind: serviceFunnelEvents.kind, n: count() })
      .from(serviceFunnelEvents)
      .where(eq(serviceFunnelEvents.accountId, accountId))
      .groupBy(serviceFunnelEvents.kind);
    const offered = Number(funnel.find((f) => f.kind === 'offered')?.n);
    const viewed = Number(funnel.find((f) => f.kind === 'viewed')?.n);
    const [requested] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(distinct (service_id, checkin_id))::int as n from service_requests where account_id = ${accountId}`,
    );
    expect(offered).toBeGreaterThan(viewed);
    expect(viewed).toBeGreaterThan(requested?.n ?? 0);
    expect(requested?.n).toBeGreaterThan(10);
    // Every request was viewed first.
    const [unviewed] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from service_requests r where r.account_id = ${accountId} and not exists
          (select 1 from service_funnel_events f where f.kind = 'viewed' and f.service_id = r.service_id and f.checkin_id = r.checkin_id)`,
    );
    expect(unviewed?.n).toBe(0);
  });

  it('adds nothing when run again', async () => {
    const tally = async () => ({
      providers: (await db().select({ n: count() }).from(serviceProviders))[0]?.n,
      services: (await db().select({ n: count() }).from(services))[0]?.n,
      requests: (await db().select({ n: count() }).from(serviceRequests))[0]?.n,
      funnel: (await db().select({ n: count() }).from(serviceFunnelEvents))[0]?.n,
      settings: (await db().select({ n: count() }).from(upsellSettings))[0]?.n,
    });
    const before = await tally();
    for (const advance of [0, 24 * 60 * 60_000]) {
      t.clock.advance(advance);
      const report = await seed();
      expect(report.lines.filter((l) => l.includes('experiences store'))).toEqual([
        `exists     experiences store of ${demoEmails.empresa}`,
      ]);
    }
    expect(await tally()).toEqual(before);
  }, 300_000);
});
