import {
  checkinProcesses,
  documentTypes,
  genders,
  kinships,
  paymentMethods,
} from '@posada/domain/checkin-rules';
import { z } from 'zod';
import { isoDateOrEmpty, text as ruledText, uuid } from './primitives.ts';

/**
 * spec 3 Check-in guest data: the payload the guest flow (POST guest check-in) and the manual check-in
 * both send for one guest. Shapes only: the rules of spec 5 Check-in forms are `guestDataErrors` in
 * @posada/domain/checkin-rules, which the forms and the API both run (the API also checks that a Spanish
 * postal code exists in the dataset). Dates are YYYY-MM-DD; empty strings stand for "not given".
 */
const text = (max: number) => ruledText({ max, trim: true });
const optionalDate = isoDateOrEmpty().default('');

export const guestData = z.object({
  first_name: text(80),
  last_name: text(120),
  gender: z.enum(genders).or(z.literal('')),
  birth_date: optionalDate,
  phone: text(32),
  email: text(254),
  document_type: z.enum(documentTypes).or(z.literal('')),
  document_number: text(20),
  issue_date: optionalDate,
  expiry_date: optionalDate,
  support_number: text(20),
  /** ISO 3166-1 alpha-3 (as the MRZ writes it). */
  nationality: text(3),
  /** ISO 3166-1 alpha-2. */
  country: text(2),
  address: text(200),
  city: text(100),
  postal_code: text(10),
  /** ISO 3166-1 alpha-2. */
  residence_country: text(2),
  payment_method: z.enum(paymentMethods).or(z.literal('')).default(''),
  payment_date: optionalDate,
  minors: z.boolean().nullable(),
  kinship: z.enum(kinships).or(z.literal('')).nullable().default(null),
  /** PNG data URL of the drawn signature, at most about 200 KB. */
  signature: ruledText({ max: 300_000 }).default(''),
  arrival: optionalDate,
  departure: optionalDate,
  process: z.enum(checkinProcesses),
});
export type GuestData = z.infer<typeof guestData>;
export type GuestDataBody = z.input<typeof guestData>;

/** A registered guest as the operator reads it (the document number only for the owning account). */
export const checkinGuestSchema = guestData.omit({ signature: true, arrival: true, departure: true }).extend({
  id: uuid(),
  is_lead: z.boolean(),
  province: z.string().nullable(),
  municipality: z.string().nullable(),
  face_score: z.number().nullable(),
  face_match: z.boolean().nullable(),
  has_signature: z.boolean(),
  /** GET path of the signed registration card (PDF), when there is one. */
  pdf_url: z.string().nullable(),
  created_at: z.string(),
});
export type CheckinGuest = z.infer<typeof checkinGuestSchema>;
