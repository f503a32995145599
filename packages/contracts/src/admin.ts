import { z } from 'zod';
import { email, text, uuid } from './primitives.ts';
import { statusSubscriptionSchema, tipoHospedajeSchema } from './users.ts';

export const advisorSchema = z.object({
  id: uuid(),
  name: z.string(),
  email: z.string().nullable(),
  code: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  /** Accounts registered with this advisor's code. */
  accounts_count: z.number().int(),
});
export type Advisor = z.infer<typeof advisorSchema>;

export const createAdvisorBody = z.object({
  name: text({ max: 120, trim: true }).min(1, 'validation.required'),
  email: email().optional().or(z.literal('')),
  /** Letters, digits and dashes; stored upper-case; unique. */
  code: text({ max: 40, trim: true })
    .min(3, 'validation.too_short')
    .regex(/^[A-Za-z0-9-]+$/, 'admin.advisor_code_format'),
});
export type CreateAdvisorBody = z.infer<typeof createAdvisorBody>;

export const advisorIdParams = z.object({ id: uuid() });

export const updateAdvisorBody = z.object({ active: z.boolean() });
export type UpdateAdvisorBody = z.infer<typeof updateAdvisorBody>;

export const adminUserRow = z.object({
  id: uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  tipo_hospedaje: tipoHospedajeSchema.nullable(),
  plan: z.string().nullable(),
  status_subscription: statusSubscriptionSchema.nullable(),
  properties_count: z.number().int(),
  advisor_code: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUsersQuery = z.object({
  search: text({ max: 120, trim: true }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUsersPage = z.object({
  items: z.array(adminUserRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const adminSummary = z.object({
  users_total: z.number().int(),
  users_demo: z.number().int(),
  users_subscribed: z.number().int(),
  users_demo_expired: z.number().int(),
  users_unverified: z.number().int(),
  properties_total: z.number().int(),
  advisors_active: z.number().int(),
  registrations_last_30_days: z.number().int(),
});
export type AdminSummary = z.infer<typeof adminSummary>;

export const adminPaths = {
  summary: '/api/admin/summary',
  users: '/api/admin/users',
  advisors: '/api/admin/advisors',
  advisor: (id: string) => `/api/admin/advisors/${id}`,
} as const;
