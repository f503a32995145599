import type { UpsellReport, upsellReportQuery } from '@posada/contracts/experiences';
import { addDays } from '@posada/domain/booking-rules';
import { monthsBetween } from '@posada/domain/experiences';
import { todayIn } from '@posada/domain/zoned-time';
import type { z } from 'zod';
import { type Locale, translate } from '../../i18n/messages.ts';
import { toCsv } from '../../lib/csv.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import { experiencesErrors } from './experiences.errors.ts';
import { createReportsRepo } from './reports.repo.ts';
import type { StoreAccess } from './store-access.ts';
import { createUpsellRepo } from './upsell.repo.ts';

export type ReportsService = ReturnType<typeof createReportsService>;
type ReportQuery = z.output<typeof upsellReportQuery>;
type RevenueRow = UpsellReport['by_service'][number];

/** The longest period a report covers. */
export const REPORT_MONTHS_MAX = 24;
/** The provider key of internal services (no provider) in by_provider. */
export const INTERNAL_PROVIDER = 'internal';

const groups = ['by_service', 'by_provider', 'by_property', 'by_month'] as const;

/** Minor units as a decimal in the currency's digits, with the reader's decimal mark. */
function decimal(minor: number, currency: string, mark: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  const text = (minor / 10 ** (digits ?? 2)).toFixed(digits ?? 2);
  return mark === '.' ? text : text.replace('.', mark);
}

/**
 * The store's reports (docs/experiences.md "Reports"): for a period (request dates in each property's own
 * calendar) and optionally a property, the requests per status, the funnel (offered, viewed, requested, paid;
 * distinct service × check-in), revenue of paid requests in the account's main currency by service,
 * provider, property and month, and the same rows as CSV.
 */
export function createReportsService(deps: ExperiencesDeps, access: StoreAccess) {
  const repo = createReportsRepo({ db: deps.db });
  const upsellRepo = createUpsellRepo({ db: deps.db });

  function checkPeriod(query: ReportQuery) {
    if (query.from > query.to) throw experiencesErrors.invalid('to', 'experiences.period_invalid');
    if (monthsBetween(query.from, query.to).length > REPORT_MONTHS_MAX)
      throw experiencesErrors.invalid('to', 'experiences.period_too_long');
  }

  async function report(tenant: Tenant, query: ReportQuery, locale: Locale): Promise<UpsellReport> {
    const { accountId } = tenant;
    await access.requirePremium(accountId);
    checkPeriod(query);
    if (query.property_id) {
      const owned = isUuid(query.property_id)
        ? await upsellRepo.ownedProperty(accountId, query.property_id)
        : null;
      if (!owned) throw experiencesErrors.propertyNotFound();
    }
    // Every zone's day fits between the day before `from` and the day after `to` in UTC.
    const since = new Date(`${addDays(query.from, -1)}T00:00:00Z`);
    const before = new Date(`${addDays(query.to, 2)}T00:00:00Z`);
    const inPeriod = (at: Date, timeZone: string) => {
      const day = todayIn(timeZone, at);
      return day >= query.from && day <= query.to ? day : null;
    };
    const currency = await repo.mainCurrency(accountId);
    const requests = (await repo.requests(accountId, since, before, query.property_id)).flatMap((r) => {
      const day = inPeriod(r.createdAt, r.timeZone);
      return day ? [{ ...r, day }] : [];
    });
    const funnel = (await repo.funnel(accountId, since, before, query.property_id)).filter((e) =>
      inPeriod(e.at, e.timeZone),
    );

    const tables = Object.fromEntries(groups.map((g) => [g, new Map<string, RevenueRow>()])) as Record<
      (typeof groups)[number],
      Map<string, RevenueRow>
    >;
    for (const month of monthsBetween(query.from, query.to))
      tables.by_month.set(month, { key: month, label: month, requests: 0, paid: 0, revenue: 0 });
    const add = (
      group: (typeof groups)[number],
      key: string,
      label: string,
      paid: boolean,
      revenue: number,
    ) => {
      const row = tables[group].get(key) ?? { key, label, requests: 0, paid: 0, revenue: 0 };
      row.requests += 1;
      if (paid) row.paid += 1;
      row.revenue += revenue;
      tables[group].set(key, row);
    };

    const counts = { total: 0, pending: 0, approved: 0, rejected: 0, paid: 0 };
    const requested = new Set<string>();
    const paidStays = new Set<string>();
    let revenue = 0;
    for (const r of requests) {
      counts.total += 1;
      counts[r.status] += 1;
      const paid = r.status === 'paid';
      const amount = paid && r.currency === currency ? r.total : 0;
      revenue += amount;
      // A request without a check-in (or whose service is gone) counts as its own stay and service.
      const stay = `${r.serviceId ?? `name:${r.serviceName}`}|${r.checkinId ?? r.id}`;
      requested.add(stay);
      if (paid) paidStays.add(stay);
      add('by_service', r.serviceId ?? `name:${r.serviceName}`, r.serviceName, paid, amount);
      add(
        'by_provider',
        r.providerId && r.providerName ? r.providerId : INTERNAL_PROVIDER,
        r.providerId && r.providerName ? r.providerName : translate(locale, 'experiences.report.internal'),
        paid,
        amount,
      );
      add('by_property', r.propertyId, r.propertyName, paid, amount);
      add('by_month', r.day.slice(0, 7), r.day.slice(0, 7), paid, amount);
    }
    const ranked = (rows: Iterable<RevenueRow>) =>
      [...rows].sort(
        (a, b) => b.revenue - a.revenue || b.requests - a.requests || a.label.localeCompare(b.label),
      );
    return {
      from: query.from,
      to: query.to,
      currency,
      requests: counts,
      conversion: {
        offered: funnel.filter((e) => e.kind === 'offered').length,
        viewed: funnel.filter((e) => e.kind === 'viewed').length,
        requested: requested.size,
        paid: paidStays.size,
      },
      revenue,
      by_service: ranked(tables.by_service.values()),
      by_provider: ranked(tables.by_provider.values()),
      by_property: ranked(tables.by_property.values()),
      by_month: [...tables.by_month.values()],
    };
  }

  return {
    /** GET /api/upselling/reports. */
    report,

    /**
     * GET /api/upselling/reports.csv: the report's rows (group, name, requests, paid, revenue, currency) with
     * a header in the caller's language. Spanish gets ';' between fields and ',' as the decimal mark: a
     * Spanish Excel opens a CSV with its regional list separator (';', since ',' is its decimal mark) and
     * would put a comma-separated file in one column; English and Arabic get ',' and '.'.
     */
    async csv(tenant: Tenant, query: ReportQuery, locale: Locale): Promise<string> {
      const data = await report(tenant, query, locale);
      const [delimiter, mark] = locale === 'es' ? [';', ','] : [',', '.'];
      const t = (key: string) => translate(locale, `experiences.report.csv.${key}`);
      const header = ['group', 'name', 'requests', 'paid', 'revenue', 'currency'].map(t);
      const rows = groups.flatMap((group) =>
        data[group].map((r) => [
          t(group),
          r.label,
          r.requests,
          r.paid,
          decimal(r.revenue, data.currency, mark),
          data.currency,
        ]),
      );
      return toCsv(header, rows, delimiter);
    },
  };
}
