import type {
  AuthorityTestAnswer,
  CheckinRegistration,
  RegistrationAlerts,
  RegistrationBadge,
  RegistrationsPage,
  registrationsQuery,
} from '@posada/contracts/authorities';
import { addDays } from '@posada/domain/booking-rules';
import { todayIn, zonedTime } from '@posada/domain/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { Db } from '../../db/client.ts';
import type { RegistrationKind, RegistrationState } from '../../db/schema/authorities.ts';
import type { EventProducer } from '../../events/bus.ts';
import { translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PropertySettingsService } from '../properties/property-settings.service.ts';
import { authoritiesErrors } from './authorities.errors.ts';
import type { RegistrationFilter } from './authorities.repo.ts';
import { isDemoAuthority } from './pipeline-shared.ts';
import { createPoliceFiles } from './police-files.ts';
import { createRegistrationContext, type PoliceServices } from './registration-context.ts';
import { createRegistrationPipeline } from './registration-pipeline.ts';
import { isUnauthorized, OVERDUE_WARNING_MS, pathOf } from './registration-rules.ts';
import { registrationsCsv, toAttemptView, toView } from './registration-views.ts';

export interface AuthoritiesDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  logger: FastifyBaseLogger;
  events?: EventProducer;
  jobs?: Jobs;
  notifications: Pick<NotificationsService, 'create'>;
  /** The owner of property_authorities records the test-connection outcome. */
  propertySettings: Pick<PropertySettingsService, 'recordAuthorityTest'>;
  police: PoliceServices;
  /** SES_POLL_INTERVAL_SECONDS in milliseconds. */
  pollIntervalMs: number;
}

/** spec 5 advice: no more than three failed attempts in a row. */
export const MAX_TEST_ATTEMPTS = 3;

export type AuthoritiesService = ReturnType<typeof createAuthoritiesService>;

/**
 * Police registration (issue 14): the pipeline (registration-pipeline.ts), the Mossos files
 * (police-files.ts), and the operator's reads: a check-in's registration, the legal record with its CSV,
 * the list badges and the dashboard alerts, the test connection. Every read is scoped to the account.
 */
export function createAuthoritiesService(deps: AuthoritiesDeps) {
  const ctx = createRegistrationContext(deps);
  const pipeline = createRegistrationPipeline(deps, ctx);
  const files = createPoliceFiles(deps, ctx, pipeline);
  const { repo } = ctx;
  const { clock } = deps;

  async function ownCheckin(tenant: Tenant, checkinId: string) {
    const checkin = await repo.checkin(tenant.accountId, checkinId);
    if (!checkin) throw authoritiesErrors.checkinNotFound();
    return checkin;
  }

  async function filterOf(
    tenant: Tenant,
    q: z.output<typeof registrationsQuery>,
  ): Promise<RegistrationFilter> {
    // Another account's property is 404, like the other lists.
    if (q.property_id && !(await repo.property(tenant.accountId, q.property_id))) {
      throw authoritiesErrors.propertyNotFound();
    }
    const zone = 'Europe/Madrid';
    return {
      accountId: tenant.accountId,
      ...(q.state ? { state: q.state } : {}),
      ...(q.kind ? { kind: q.kind } : {}),
      ...(q.property_id ? { propertyId: q.property_id } : {}),
      ...(q.from ? { createdFrom: zonedTime(q.from, 0, zone) } : {}),
      ...(q.to ? { createdBefore: zonedTime(addDays(q.to, 1), 0, zone) } : {}),
      ...(q.overdue ? { dueBefore: new Date(clock.now().getTime() + OVERDUE_WARNING_MS) } : {}),
    };
  }

  async function checkinRegistration(tenant: Tenant, checkinId: string): Promise<CheckinRegistration> {
    const checkin = await ownCheckin(tenant, checkinId);
    const setup = await ctx.setupOf(tenant.accountId, checkin.propertyId);
    const now = clock.now();
    const rows = await repo.list({ accountId: tenant.accountId, kind: 'PV', checkinId: checkin.id });
    rows.sort((a, b) => b.registration.version - a.registration.version);
    const [current, ...older] = rows.map((r) => toView(r, now));
    return {
      configured: Boolean(setup),
      entity: setup?.authority.entity ?? null,
      registration: current
        ? { ...current, attempts: (await repo.attempts(current.id)).map(toAttemptView) }
        : null,
      history: older,
    };
  }

  return {
    pipeline,
    files,
    checkinRegistration,

    /** Ownership check for the routes (404 before the body is read). */
    assertCheckin: async (tenant: Tenant, id: string) => {
      await ownCheckin(tenant, id);
    },

    /**
     * POST /api/checkins/{id}/registration: sends now (or again after a refusal, as a new version);
     * an accepted one only as a correction; 409 when not configured or still out with the authority.
     */
    async sendNow(
      tenant: Tenant,
      checkinId: string,
      body: { correction: boolean; send_incomplete: boolean },
    ): Promise<CheckinRegistration> {
      const checkin = await ownCheckin(tenant, checkinId);
      if (checkin.status !== 'complete') throw authoritiesErrors.checkinIncomplete();
      const setup = await ctx.setupOf(tenant.accountId, checkin.propertyId);
      if (!setup) throw authoritiesErrors.notConfigured();
      if (!(await ctx.gated(tenant.accountId))) throw authoritiesErrors.featureUnavailable();
      const [latest] = await repo.versions(tenant.accountId, 'PV', checkinId);
      let target = latest ?? null;
      if (!latest) target = await pipeline.registerCheckin(tenant.accountId, checkinId);
      if (target?.state === 'waiting_guests') {
        // Travellers missing (issue 27): only with the operator's confirmation, which is recorded.
        if (!body.send_incomplete) {
          const registered = (await repo.guests(checkinId)).length;
          throw authoritiesErrors.travellersMissing(registered, Math.max(checkin.expectedGuests, 1));
        }
        target = (await pipeline.release(target, true)) ?? target;
      } else if (latest) {
        if (latest.state === 'accepted' && !body.correction) throw authoritiesErrors.alreadyAccepted();
        if (['sending', 'sent', 'cancelling'].includes(latest.state)) throw authoritiesErrors.inProgress();
        if (latest.state !== 'queued') target = await pipeline.correct(tenant.accountId, 'PV', checkinId);
      }
      if (target && target.state === 'queued') {
        // Now, whatever the nightly setting: the operator asked for it.
        await repo.update(target.id, { notBefore: null, nextAttemptAt: clock.now() });
        await pipeline.sendDue();
      }
      return checkinRegistration(tenant, checkinId);
    },

    async list(tenant: Tenant, q: z.output<typeof registrationsQuery>): Promise<RegistrationsPage> {
      const filter = await filterOf(tenant, q);
      const [rows, total] = await Promise.all([
        repo.list(filter, { limit: q.page_size, offset: (q.page - 1) * q.page_size }),
        repo.count(filter),
      ]);
      const now = clock.now();
      return { items: rows.map((r) => toView(r, now)), total, page: q.page, page_size: q.page_size };
    },

    /** The legal record as CSV (RFC 4180, UTF-8 with BOM for Excel), the same filters, every row. */
    async csv(tenant: Tenant, q: z.output<typeof registrationsQuery>): Promise<string> {
      const now = clock.now();
      const rows = await repo.list(await filterOf(tenant, q));
      return registrationsCsv(rows.map((r) => toView(r, now)));
    },

    /** The list badges: each check-in's latest PV state, `not_configured` or `none`. */
    async badges(tenant: Tenant, checkinIds: string[]): Promise<Record<string, RegistrationBadge>> {
      const [owned, states] = await Promise.all([
        repo.checkinProperties(tenant.accountId, checkinIds),
        repo.latestStates(tenant.accountId, checkinIds),
      ]);
      // Another account's check-in is 404, like the detail.
      if (owned.length !== new Set(checkinIds).size) throw authoritiesErrors.checkinNotFound();
      const byCheckin = new Map(states.map((s) => [s.checkinId, s.state]));
      const answer: Record<string, RegistrationBadge> = {};
      for (const c of owned) answer[c.id] = byCheckin.get(c.id) ?? (c.entity ? 'none' : 'not_configured');
      return answer;
    },

    /** Dashboard: rejected, needing action (not an awaited Mossos upload) and overdue registrations. */
    async alerts(tenant: Tenant): Promise<RegistrationAlerts> {
      const counts = await repo.countByState(tenant.accountId);
      const n = (state: RegistrationState) => counts.find((c) => c.state === state)?.n ?? 0;
      const overdue = await repo.count({
        accountId: tenant.accountId,
        dueBefore: new Date(clock.now().getTime() + OVERDUE_WARNING_MS),
      });
      return { rejected: n('rejected'), needs_action: n('needs_action'), overdue };
    },

    /**
     * POST /api/properties/{id}/authorities/test: SES catalogo, Ertzaintza's empty request. A wrong user
     * or password answers 422 'Credenciales incorrectas...' and counts the attempt; success resets it.
     */
    async testConnection(tenant: Tenant, propertyId: string): Promise<AuthorityTestAnswer> {
      const property = await repo.property(tenant.accountId, propertyId);
      if (!property) throw authoritiesErrors.propertyNotFound();
      const setup = await ctx.setupOf(tenant.accountId, propertyId);
      if (!setup) throw authoritiesErrors.notConfigured();
      if (isDemoAuthority(setup.authority)) throw authoritiesErrors.demoCredentials();
      if (!(await ctx.gated(tenant.accountId))) throw authoritiesErrors.featureUnavailable();
      const now = clock.now().toISOString();
      if (pathOf(setup.authority.entity) === 'mossos') {
        return {
          ok: false,
          code: 'authorities.no_web_service',
          message: translate('es', 'authorities.no_web_service'),
          failed_attempts: setup.authority.failedTestAttempts,
          max_attempts: MAX_TEST_ATTEMPTS,
          tested_at: now,
        };
      }
      try {
        await ctx.serviceOf(setup).test(ctx.credentialsOf(setup.authority), ctx.establishmentOf(setup));
      } catch (err) {
        const code = err instanceof AdapterError ? err.code : 'authorities.internal';
        if (isUnauthorized(code)) {
          const failed =
            (await deps.propertySettings.recordAuthorityTest(tenant.accountId, propertyId, false)) ?? 0;
          throw authoritiesErrors.unauthorized(failed);
        }
        deps.logger.warn({ err }, 'authorities: the test connection failed');
        return {
          ok: false,
          code,
          message: err instanceof Error ? err.message.slice(0, 300) : code,
          failed_attempts: setup.authority.failedTestAttempts,
          max_attempts: MAX_TEST_ATTEMPTS,
          tested_at: now,
        };
      }
      await deps.propertySettings.recordAuthorityTest(tenant.accountId, propertyId, true);
      return {
        ok: true,
        code: null,
        message: null,
        failed_attempts: 0,
        max_attempts: MAX_TEST_ATTEMPTS,
        tested_at: now,
      };
    },

    /**
     * For smart locks: whether a check-in's door code may be released. 'not_required' when the property
     * has no authority settings (or the subscription has no authority reporting).
     */
    async registrationGate(checkinId: string): Promise<'accepted' | 'pending' | 'not_required'> {
      const checkin = await repo.checkinById(checkinId);
      if (!checkin) return 'pending';
      const setup = await ctx.setupOf(checkin.accountId, checkin.propertyId);
      if (!setup || !(await ctx.gated(checkin.accountId))) return 'not_required';
      const [latest] = await repo.versions(checkin.accountId, 'PV', checkinId);
      return latest?.state === 'accepted' ? 'accepted' : 'pending';
    },

    /** The sweep job: the 3-year purge, late cancellations, overdue warnings and the Mossos upload reminders. */
    async sweep(): Promise<number> {
      const purged = await repo.purge(clock.now().toISOString().slice(0, 10));
      const late = await pipeline.cancelLate();
      const released = await pipeline.releaseComplete();
      return purged + late + released + (await pipeline.warnOverdue()) + (await files.remind());
    },

    /**
     * Demo and tests: a registration row in a given state (nothing is sent). Answers its id.
     */
    async seedRegistration(input: {
      accountId: string;
      propertyId: string;
      checkinId?: string | null;
      bookingId?: string | null;
      kind?: RegistrationKind;
      entity?: 'guardia_civil' | 'policia_nacional' | 'ertzaintza' | 'mossos';
      state: RegistrationState;
      dueAt?: Date;
      communicationCodes?: string[];
      batchCode?: string | null;
      errors?: { code: string; message: string; field?: string }[];
    }): Promise<string> {
      const now = clock.now();
      const kind = input.kind ?? 'PV';
      const subject = (kind === 'PV' ? input.checkinId : input.bookingId) ?? crypto.randomUUID();
      const row = await repo.insert({
        accountId: input.accountId,
        propertyId: input.propertyId,
        checkinId: input.checkinId ?? null,
        bookingId: input.bookingId ?? null,
        kind,
        entity: input.entity ?? 'guardia_civil',
        reference: `${kind}-${subject.replace(/-/g, '').slice(0, 20).toUpperCase()}-1`,
        idempotencyKey: `${kind}:${subject}:v1`,
        state: input.state,
        dueAt: input.dueAt ?? new Date(now.getTime() + 24 * 3_600_000),
        communicationCodes: input.communicationCodes ?? [],
        batchCode: input.batchCode ?? null,
        errors: input.errors ?? [],
        purgeAfter: `${now.getUTCFullYear() + 3}${now.toISOString().slice(4, 10)}`,
        settledAt: ['accepted', 'rejected'].includes(input.state) ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw new Error('seedRegistration: that registration exists');
      return row.id;
    },

    /** Today in a property's zone (the Mossos day file). */
    todayOf: (timeZone: string) => todayIn(timeZone, clock.now()),
  };
}
