import { z } from 'zod';
import { guestData } from './checkin-guest-data.ts';
import { idText, text, uuid } from './primitives.ts';
import { guestAccessCodeSchema } from './smart-locks.ts';

/**
 * The guest side of check-in (docs/checkins.md "Guest endpoints"): the guest never logs in. `start`
 * answers a short-lived signed session that every later call sends back as `x-checkin-session`; each
 * step that changes what the session proves (code, messaging verification) answers a new one.
 */
export const CHECKIN_SESSION_HEADER = 'x-checkin-session';

export const guestLanguages = ['es', 'en', 'ar'] as const;
export const verificationChannels = ['whatsapp', 'sms', 'email'] as const;
export type VerificationChannel = (typeof verificationChannels)[number];

export const startCheckinBody = z.object({
  propiedad_id: text({ max: 64, trim: true }).min(1),
  /** The link's `t`; absent when the guest came by the property's QR code. */
  t: text({ max: 200, trim: true, normalize: false }).optional(),
  language: z.enum(guestLanguages).default('es'),
});
export type StartCheckinBody = z.input<typeof startCheckinBody>;

export const guestCheckinSummary = z.object({
  id: z.string(),
  propiedad_id: z.string(),
  property_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  expected_guests: z.number().int(),
  registered_guests: z.number().int(),
  lead_name: z.string(),
  status: z.enum(['pending', 'complete']),
  language: z.string(),
  /** Where the stay is (the property's street address, city): only to a link or code holder. */
  property_address: z.string(),
  /** From when the guest may arrive and until when they may stay on the last day (HH:MM, the property's). */
  checkin_time: z.string(),
  checkout_time: z.string(),
});
export type GuestCheckinSummary = z.infer<typeof guestCheckinSummary>;

/** One channel of the messaging verification and where its code goes. */
export const verificationTarget = z.object({
  channel: z.enum(verificationChannels),
  /**
   * The stay's own contact, masked ("+34 6•• ••• •12", "m•••@example.com"); null when the guest gives it
   * (walk-in) or the stay has no contact for this channel.
   */
  destination: z.string().nullable(),
});
export type VerificationTarget = z.infer<typeof verificationTarget>;

export const verificationPlan = z.object({
  /** A walk-in (no booking contact): the guest types the phone or e-mail, and it is kept once verified. */
  guest_contact: z.boolean(),
  channels: z.array(verificationTarget),
});
export type VerificationPlan = z.infer<typeof verificationPlan>;

/**
 * What the stay already knows of its lead guest (the booking's or the send form's name and contact),
 * offered to the form editable. Only to a session past the code step, and only while no guest has
 * registered yet (a companion must not get the lead's data).
 */
export const guestPrefill = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type GuestPrefill = z.infer<typeof guestPrefill>;

export const guestSession = z.object({
  /** Send back as `x-checkin-session`. */
  session: z.string(),
  expires_at: z.string(),
  /** What this session has proven so far. */
  verified: z.object({ code: z.boolean(), messaging: z.boolean() }),
  /** Null until the code step binds the session to a check-in (QR entry). */
  checkin: guestCheckinSummary.nullable(),
  /** Where the messaging code can go; null until the code step has bound the session to a check-in. */
  verification: verificationPlan.nullable(),
  /** The lead guest's known data; null before the code step or once a guest has registered. */
  prefill: guestPrefill.nullable(),
});
export type GuestSession = z.infer<typeof guestSession>;

export const startCheckinData = guestSession.extend({
  property: z.object({
    id: z.string(),
    name: z.string(),
    /** The property's IANA zone: the guest's "today" (birth date, expiry, arrival) is the property's date. */
    time_zone: z.string(),
  }),
  needs: z.object({
    /** The security code or check-in code step (spec 5): always. */
    code: z.literal(true),
    verification_channels: z.array(z.enum(verificationChannels)),
    identity_verification: z.boolean(),
  }),
});
export type StartCheckinData = z.infer<typeof startCheckinData>;

export const checkinCodeBody = z
  .object({
    security_code: text({ max: 40, trim: true }).min(1).optional(),
    checkin_code: text({ max: 40, trim: true }).min(1).optional(),
  })
  .refine((b) => Boolean(b.security_code) !== Boolean(b.checkin_code), {
    message: 'validation.required',
    path: ['security_code'],
  });
export type CheckinCodeBody = z.input<typeof checkinCodeBody>;

export const sendVerificationBody = z.object({
  channel: z.enum(verificationChannels),
  /**
   * A walk-in's own phone number (WhatsApp, SMS) or e-mail address. Ignored when the stay has a contact:
   * the code then goes only to it.
   */
  destination: text({ max: 254, trim: true }).optional(),
});
export type SendVerificationBody = z.input<typeof sendVerificationBody>;

export const verificationSent = z.object({
  channel: z.enum(verificationChannels),
  /** Where it went, masked (e.g. +34 6•• ••• •12, l•••@example.com). */
  destination: z.string(),
  expires_at: z.string(),
});
export type VerificationSent = z.infer<typeof verificationSent>;

export const confirmVerificationBody = z.object({
  code: text({ trim: true }).regex(/^\d{6}$/, 'validation.invalid'),
});
export type ConfirmVerificationBody = z.input<typeof confirmVerificationBody>;

export const postalCodeParams = z.object({ code: text({ max: 10, trim: true }) });
export const postalCodeData = z.object({
  code: z.string(),
  province_code: z.string(),
  province: z.string(),
  municipalities: z.array(z.string()),
});
export type PostalCodeData = z.infer<typeof postalCodeData>;

/** An image as the phone's canvas gives it: a JPEG, PNG or WebP data URL, at most ~3 MB. */
const imageDataUrl = text({ max: 4_000_000, normalize: false }).regex(
  /^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/,
  'checkin.errors.image_invalid',
);

/**
 * POST /api/guest/checkin/identity (issue 27): the front of the document and a selfie, compared on the
 * server in memory and never stored; only the verdict is kept.
 */
export const identityCheckBody = z.strictObject({ document: imageDataUrl, selfie: imageDataUrl });
export type IdentityCheckBody = z.input<typeof identityCheckBody>;

export const identityVerdictReasons = ['match', 'mismatch', 'no_face_document', 'no_face_selfie'] as const;
export const identityVerdict = z.object({
  id: z.string(),
  match: z.boolean(),
  /** 0–1 (1 − the faces' distance); 0 when a face was not found. */
  score: z.number(),
  reason: z.enum(identityVerdictReasons),
  /** Comparisons left to this check-in in the hour. */
  attempts_left: z.number().int(),
});
export type IdentityVerdict = z.infer<typeof identityVerdict>;

/**
 * One guest registering: the guest data of spec 3 plus, where the property requires the identity check,
 * the server's verdict (issue 27): a match, or a mismatch the guest sends to the operator's manual check
 * (`identity_manual`). Strict: no other field is accepted.
 */
export const registerGuestBody = z.strictObject({
  ...guestData.shape,
  process: z.enum(['scanned', 'manual']),
  identity_verdict_id: uuid().nullable().default(null),
  identity_manual: z.boolean().default(false),
});
export type RegisterGuestBody = z.input<typeof registerGuestBody>;

export const registeredGuest = z.object({
  id: z.string(),
  is_lead: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  checkin: guestCheckinSummary,
});
export type RegisteredGuest = z.infer<typeof registeredGuest>;

export const finishCheckinData = z.object({
  propiedad_id: z.string(),
  checkin_id: z.string(),
  /** The services list of spec 2.2. */
  services_path: z.string(),
  /** The door code (issue 14) once released, or why not yet; absent where smart locks are not wired. */
  access_code: guestAccessCodeSchema.optional(),
});
export type FinishCheckinData = z.infer<typeof finishCheckinData>;

/** GET /api/guest/services/{propiedad_id}/{checkin_id}: the stay behind a services page (spec 2.2). */
export const guestServicesParams = z.object({ propiedad_id: idText(), checkin_id: idText() });
/** Only a completed check-in of that very property answers; anything else is 404. */
export const guestServicesData = z.object({
  checkin_id: z.string(),
  propiedad_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  registered_guests: z.number().int(),
  completed_at: z.string().nullable(),
  /** The door code (issue 14) once released, or why not yet. */
  access_code: guestAccessCodeSchema.optional(),
});
export type GuestServicesData = z.infer<typeof guestServicesData>;
