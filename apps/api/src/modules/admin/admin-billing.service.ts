import type {
  AdminCoupon,
  AdminPaymentRow,
  AdminPaymentsPage,
  AdminPaymentsQuery,
  AdminPrices,
  CreateCouponBody,
  CreatePriceBookBody,
  PriceBook,
} from '@posada/contracts/admin-billing';
import { ANNUAL_MONTHS_CHARGED, type PriceTable, tierFloors } from '@posada/domain/pricing';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { adminErrors } from './admin.errors.ts';
import { type AuditRepo, createAuditRepo } from './admin-audit.repo.ts';
import { type CouponRow, createAdminBillingRepo, type PriceBookRow } from './admin-billing.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type AdminBillingService = ReturnType<typeof createAdminBillingService>;

function toPriceBook(book: PriceBookRow, createdByName: string | null, subscriptions: number): PriceBook {
  return {
    id: book.id,
    version: book.version,
    prices: book.prices,
    note: book.note,
    created_by_name: createdByName,
    created_at: book.createdAt.toISOString(),
    subscriptions_count: Number(subscriptions),
  };
}

function toCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff,
    amount_off: row.amountOff,
    currency: 'EUR',
    duration: row.duration as AdminCoupon['duration'],
    duration_months: row.durationMonths,
    max_redemptions: row.maxRedemptions,
    redeemed: row.redeemed,
    valid_until: row.validUntil?.toISOString() ?? null,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** A coupon's last valid instant: a bare date is valid through that whole day (UTC). */
function validUntilOf(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS - 1);
  return new Date(value);
}

/** A day filter's bounds (UTC days): from its start to the start of the day after `to`. */
const dayStart = (value: string) => new Date(`${value}T00:00:00Z`);

/**
 * manager/prices and manager/payments: the price book (a new version per edit; subscriptions keep the
 * version they were priced with until their next period), coupons, and subscription payments across accounts.
 */
export function createAdminBillingService(deps: {
  db: Db;
  clock: Clock;
  audit?: AuditRepo;
  /** STRIPE_SECRET_KEY is set: subscriptions are charged (manager/payments says so when not). */
  paymentsConfigured?: boolean;
}) {
  const repo = createAdminBillingRepo({ db: deps.db });
  const audit = deps.audit ?? createAuditRepo({ db: deps.db });
  const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    deps.db.transaction((tx) => work(tx as unknown as Db));

  return {
    async prices(): Promise<AdminPrices> {
      const rows = await repo.listPriceBooks();
      const history = rows.map((r) => toPriceBook(r.book, r.createdByName, r.subscriptionsCount));
      const current = history[0];
      // Migration 0013 seeds version 1: a database without it is not migrated.
      if (!current) throw new Error('price_books is empty: run the migrations');
      return {
        current,
        history,
        tier_floors: { hotel: [...tierFloors.hotel], apartment: [...tierFloors.apartment] },
        annual_months_charged: ANNUAL_MONTHS_CHARGED,
      };
    },

    /** A whole new version; never an update. Applies to periods that start after it. */
    async createPriceBook(body: CreatePriceBookBody, adminUserId: string): Promise<AdminPrices> {
      const at = deps.clock.now();
      try {
        await inTransaction(async (tx) => {
          const txRepo = createAdminBillingRepo({ db: tx });
          const previous = await txRepo.latestPriceBook();
          const prices: PriceTable = {
            currency: 'EUR',
            plans: body.prices.plans,
            addons: body.prices.addons,
            included: {
              standard: [...new Set(body.prices.included.standard)],
              smart: [...new Set(body.prices.included.smart)],
            },
          };
          const book = await txRepo.insertPriceBook({
            version: (previous?.version ?? 0) + 1,
            prices,
            note: body.note || null,
            createdBy: adminUserId,
            createdAt: at,
          });
          await audit.record(tx, {
            adminUserId,
            action: 'prices.new_version',
            before: previous ? { version: previous.version, prices: previous.prices } : null,
            after: { version: book.version, prices: book.prices, note: book.note },
            at,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw adminErrors.priceVersionConflict();
        throw error;
      }
      return this.prices();
    },

    async listCoupons(): Promise<AdminCoupon[]> {
      return (await repo.listCoupons()).map(toCoupon);
    },

    async createCoupon(body: CreateCouponBody, adminUserId: string): Promise<AdminCoupon> {
      const code = body.code.trim().toUpperCase();
      if (await repo.findCouponByCode(code)) throw adminErrors.couponCodeTaken();
      const at = deps.clock.now();
      try {
        const row = await inTransaction(async (tx) => {
          const inserted = await createAdminBillingRepo({ db: tx }).insertCoupon({
            code,
            percentOff: body.percent_off ?? null,
            amountOff: body.percent_off != null ? null : (body.amount_off ?? null),
            duration: body.duration,
            durationMonths: body.duration === 'repeating' ? (body.duration_months ?? null) : null,
            maxRedemptions: body.max_redemptions ?? null,
            validUntil: body.valid_until ? validUntilOf(body.valid_until) : null,
            active: true,
            createdAt: at,
          });
          await audit.record(tx, {
            adminUserId,
            action: 'coupon.create',
            after: toCoupon(inserted),
            at,
          });
          return inserted;
        });
        return toCoupon(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw adminErrors.couponCodeTaken();
        throw error;
      }
    },

    async setCouponActive(id: string, active: boolean, adminUserId: string): Promise<AdminCoupon> {
      const current = await repo.findCoupon(id);
      if (!current) throw adminErrors.couponNotFound();
      const row = await inTransaction(async (tx) => {
        const updated = await createAdminBillingRepo({ db: tx }).setCouponActive(id, active);
        if (!updated) throw adminErrors.couponNotFound();
        await audit.record(tx, {
          adminUserId,
          action: active ? 'coupon.activate' : 'coupon.deactivate',
          before: { code: current.code, active: current.active },
          after: { code: updated.code, active: updated.active },
          at: deps.clock.now(),
        });
        return updated;
      });
      return toCoupon(row);
    },

    async listPayments(query: AdminPaymentsQuery): Promise<AdminPaymentsPage> {
      const { rows, total, totals } = await repo.listPayments({
        from: query.from ? dayStart(query.from) : undefined,
        to: query.to ? new Date(dayStart(query.to).getTime() + DAY_MS) : undefined,
        status: query.status,
        account: query.account || undefined,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      const items: AdminPaymentRow[] = rows.map(({ payment, accountName, invoiceCode }) => ({
        id: payment.id,
        account_id: payment.accountId,
        account_name: accountName,
        invoice_id: payment.invoiceId,
        invoice_code: invoiceCode,
        amount: payment.amount,
        currency: payment.currency.toUpperCase(),
        status: payment.status as AdminPaymentRow['status'],
        failure_message: payment.failureMessage,
        occurred_at: payment.occurredAt.toISOString(),
      }));
      const money = (status: string) =>
        totals
          .filter((t) => t.status === status)
          .map((t) => ({
            currency: t.currency.toUpperCase(),
            amount: Number(t.amount ?? 0),
            count: Number(t.n),
          }));
      return {
        configured: deps.paymentsConfigured ?? false,
        items,
        total,
        page: query.page,
        page_size: query.page_size,
        totals: {
          collected: money('succeeded'),
          refunded: money('refunded'),
          failed_count: totals.filter((t) => t.status === 'failed').reduce((n, t) => n + Number(t.n), 0),
        },
      };
    },
  };
}
