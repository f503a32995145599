import { z } from 'zod';
import { bookingChannelSchema } from './booking-fields.ts';
import { bookingSchema } from './bookings.ts';
import { uuid } from './primitives.ts';
import { currencySchema } from './properties.ts';

/* GET /api/dashboard (spec 5 Dashboard). */

export const dashboardQuery = z.object({
  period: z.enum(['today', 'week', 'month', 'year']).default('month'),
  months: z.coerce
    .number()
    .int()
    .refine((m) => m === 6 || m === 12 || m === 24)
    .default(12),
  /** Empty: all the account's properties. */
  property_id: uuid().optional(),
});
export const dashboardData = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  currency: currencySchema,
  total_reservations: z.number().int(),
  checkins_today: z.number().int(),
  /** Booked nights / sellable nights in the period, 0–100. */
  occupancy: z.number(),
  /** Revenue of stays in the period, nights pro-rated (minor units). */
  revenue: z.number().int(),
  upcoming: z.array(bookingSchema),
  revenue_by_channel: z.array(z.object({ channel: bookingChannelSchema, revenue: z.number().int() })),
  revenue_by_property: z.array(
    z.object({ property_id: uuid(), nombre: z.string(), revenue: z.number().int() }),
  ),
  chart: z.array(z.object({ month: z.string(), revenue: z.number().int(), bookings: z.number().int() })),
});
export type DashboardData = z.infer<typeof dashboardData>;
