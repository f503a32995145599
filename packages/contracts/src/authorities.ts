import { z } from 'zod';
import { idText, isoDate, text, uuid } from './primitives.ts';
import { authorityEntities } from './property-settings.ts';

/**
 * Police registration (issue 14, spec 1 function 5, RD 933/2021): each check-in's parte de viajeros (PV)
 * and each booking's reserva (RH) sent to the authority of the property's settings, its state, every
 * exchange and the proof. The legal record is kept 3 years (GET /api/registrations, export.csv).
 */

export const registrationKinds = ['PV', 'RH'] as const;
export type RegistrationKindName = (typeof registrationKinds)[number];

/**
 * waiting_guests (a PV held while fewer travellers registered than the stay expects, issue 27) →
 * queued → sending → sent → accepted | rejected; needs_action when the operator must act (missing data,
 * wrong credentials, a Mossos file to upload); cancelling → cancelled; superseded by a corrected version.
 */
export const registrationStates = [
  'waiting_guests',
  'queued',
  'sending',
  'sent',
  'accepted',
  'rejected',
  'needs_action',
  'cancelling',
  'cancelled',
  'superseded',
] as const;
export type RegistrationStateName = (typeof registrationStates)[number];

/** What the check-in list badge shows: the latest registration's state, or not configured / none yet. */
export const registrationBadges = [...registrationStates, 'not_configured', 'none'] as const;
export type RegistrationBadge = (typeof registrationBadges)[number];

export const sendModes = ['immediate', 'nightly'] as const;
export type SendMode = (typeof sendModes)[number];

/** One error, field by field where the authority (or our pre-send check) says which. */
export const registrationErrorView = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  guest: z.number().int().optional(),
});
export type RegistrationErrorView = z.infer<typeof registrationErrorView>;

/** One exchange with the authority (send | poll | cancel | file | upload; ok | pending | rejected | failed). */
export const registrationAttemptView = z.object({
  id: uuid(),
  operation: z.string(),
  outcome: z.string(),
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type RegistrationAttemptView = z.infer<typeof registrationAttemptView>;

/** One communication as the registrations page and the check-in show it. */
export const registrationView = z.object({
  id: uuid(),
  property_id: uuid(),
  property_name: z.string(),
  checkin_id: uuid().nullable(),
  booking_id: uuid().nullable(),
  booking_code: z.string().nullable(),
  guest_name: z.string(),
  kind: z.enum(registrationKinds),
  entity: z.enum(authorityEntities),
  reference: z.string(),
  version: z.number().int(),
  state: z.enum(registrationStates),
  /** 24 hours after the arrival (PV) or the booking (RH). */
  due_at: z.string(),
  /** True when not settled and less than 12 hours remain (or the deadline passed). */
  overdue: z.boolean(),
  not_before: z.string().nullable(),
  guest_count: z.number().int(),
  /** The travellers the stay expects (PV); guest_count below it is a parte still waiting or sent short. */
  expected_guests: z.number().int(),
  /** The operator confirmed sending it with fewer travellers than expected. */
  sent_incomplete: z.boolean(),
  /** Proof: SES lote, Ertzaintza petición. */
  batch_code: z.string().nullable(),
  /** Proof: SES codigoComunicacion per communication. */
  communication_codes: z.array(z.string()),
  /** Proof (Mossos): the portal's receipt number. */
  receipt_number: z.string().nullable(),
  police_file_id: uuid().nullable(),
  errors: z.array(registrationErrorView),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});
export type RegistrationView = z.infer<typeof registrationView>;

/**
 * GET /api/checkins/{id}/registration: `configured` false when the property has no authority settings
 * (the check-in says "not configured"); `registration` is the current version (null before any), with
 * its exchanges; `history` the earlier versions (superseded, cancelled).
 */
export const checkinRegistration = z.object({
  configured: z.boolean(),
  entity: z.enum(authorityEntities).nullable(),
  registration: registrationView.extend({ attempts: z.array(registrationAttemptView) }).nullable(),
  history: z.array(registrationView),
});
export type CheckinRegistration = z.infer<typeof checkinRegistration>;

/**
 * POST /api/checkins/{id}/registration: send now, or send a corrected version of an accepted one.
 * `send_incomplete`: the operator confirmed sending with fewer travellers than the stay expects.
 */
export const sendRegistrationBody = z.object({
  correction: z.boolean().default(false),
  send_incomplete: z.boolean().default(false),
});
export type SendRegistrationBody = z.input<typeof sendRegistrationBody>;

const optionalDate = isoDate()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** GET /api/registrations (and export.csv with the same filters, without paging). */
export const registrationsQuery = z.object({
  state: z.enum(registrationStates).optional(),
  kind: z.enum(registrationKinds).optional(),
  property_id: idText().optional(),
  /** Created on or after / on or before (calendar dates, the account's days). */
  from: optionalDate,
  to: optionalDate,
  /** Only those not settled with less than 12 hours left. */
  overdue: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
});
export type RegistrationsQuery = z.input<typeof registrationsQuery>;

export const registrationsPage = z.object({
  items: z.array(registrationView),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RegistrationsPage = z.infer<typeof registrationsPage>;

/** POST /api/checkins/registration-states: the list badges for a page of check-ins. */
export const registrationStatesBody = z.object({ checkin_ids: z.array(uuid()).max(200) });
export const registrationStatesAnswer = z.object({
  states: z.record(z.string(), z.enum(registrationBadges)),
});
export type RegistrationStatesAnswer = z.infer<typeof registrationStatesAnswer>;

/**
 * POST /api/properties/{id}/authorities/test. ok false with `code` ('authorities.unauthorized' shows
 * 'Credenciales incorrectas...'; 'authorities.no_web_service' for Mossos) and the failed attempts in a row,
 * so the screen warns before the third.
 */
export const authorityTestAnswer = z.object({
  ok: z.boolean(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  failed_attempts: z.number().int(),
  /** The spec advises no more than three failed attempts in a row. */
  max_attempts: z.number().int(),
  tested_at: z.string(),
});
export type AuthorityTestAnswer = z.infer<typeof authorityTestAnswer>;

/** A Mossos d'Esquadra daily file (V24). */
export const policeFileView = z.object({
  id: uuid(),
  property_id: uuid(),
  property_name: z.string(),
  day: z.string(),
  sequence: z.number().int(),
  file_name: z.string(),
  registration_count: z.number().int(),
  uploaded_at: z.string().nullable(),
  receipt_number: z.string().nullable(),
  created_at: z.string(),
});
export type PoliceFileView = z.infer<typeof policeFileView>;

export const policeFilesQuery = z.object({
  property_id: idText().optional(),
  /** Only files not yet marked uploaded. */
  pending: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const policeFilesList = z.object({ items: z.array(policeFileView) });
export type PoliceFilesList = z.infer<typeof policeFilesList>;

/** POST /api/properties/{id}/police-files: build today's (or the given day's) file from the waiting registrations. */
export const generatePoliceFileBody = z.object({ day: isoDate().optional() });

/** POST /api/police-files/{id}/uploaded: the receipt number the Mossos portal gave. */
export const markUploadedBody = z.object({
  receipt_number: text({ max: 60, trim: true }).min(1, 'validation.required'),
});
export type MarkUploadedBody = z.input<typeof markUploadedBody>;

/** Dashboard: registrations that need the operator (rejected, needs action, overdue). */
export const registrationAlerts = z.object({
  rejected: z.number().int(),
  needs_action: z.number().int(),
  overdue: z.number().int(),
});
export type RegistrationAlerts = z.infer<typeof registrationAlerts>;

export const authoritiesPaths = {
  checkinRegistration: (checkinId: string) => `/api/checkins/${checkinId}/registration`,
  registrationStates: '/api/checkins/registration-states',
  registrations: '/api/registrations',
  registrationsCsv: '/api/registrations/export.csv',
  alerts: '/api/registrations/alerts',
  test: (propertyId: string) => `/api/properties/${propertyId}/authorities/test`,
  policeFiles: '/api/police-files',
  generatePoliceFile: (propertyId: string) => `/api/properties/${propertyId}/police-files`,
  downloadPoliceFile: (id: string) => `/api/police-files/${id}/download`,
  markUploaded: (id: string) => `/api/police-files/${id}/uploaded`,
} as const;
