import { z } from 'zod';
import { loginData } from './auth.ts';
import { text, uuid } from './primitives.ts';

/**
 * The account's own security pages (spec 2.2 profile children config-account, config-language,
 * secure-sesion): account data, password, active sessions and two-factor sign-in.
 * Zod messages are message keys, translated by the API and the web app.
 */

const password = text({ max: 128, normalize: false }).min(8, 'auth.password_too_short');
/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx); spaces are ignored. */
const code = text({ max: 32, trim: true })
  .min(1, 'validation.required')
  .transform((v) => v.replace(/\s+/g, ''));

/** PUT /api/user/profile: what the owner may change. The e-mail is read-only (no re-confirmation flow yet). */
export const updateProfileBody = z.object({
  name: text({ max: 120, trim: true }).min(1, 'validation.required'),
  phone: text({ max: 32, trim: true }).min(1, 'validation.required'),
  /** ISO 3166 alpha-2 country used to read a phone without a + prefix (ES by default). */
  phone_country: text({ max: 2 })
    .regex(/^[A-Za-z]{2}$/)
    .default('ES'),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** PUT /api/user/password */
export const changePasswordBody = z
  .object({
    current_password: text({ max: 128, normalize: false }).min(1, 'validation.required'),
    password,
    password_confirmation: text({ max: 128, normalize: false }).min(1, 'validation.required'),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'auth.passwords_mismatch',
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const changePasswordData = z.object({ message: z.string(), revoked_sessions: z.number().int() });

/** One row of GET /api/user/sessions. */
export const sessionItem = z.object({
  id: z.string().uuid(),
  /** Parsed from the User-Agent at sign-in; null parts when it was absent or unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The client address masked (the last part hidden): no geolocation is claimed. */
  ip_masked: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionList = z.object({ items: z.array(sessionItem) });
export type SessionList = z.infer<typeof sessionList>;

export const sessionIdParams = z.object({ id: uuid() });
export const revokedSessionsData = z.object({ message: z.string(), revoked: z.number().int() });

/** GET /api/user/two-factor */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Required for admins (ARCHITECTURE: admin routes refuse an admin without it). */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** POST /api/user/two-factor/setup: a new secret, not active until confirmed with a code. */
export const twoFactorSetupData = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauth_uri: z.string(),
});
export type TwoFactorSetupData = z.infer<typeof twoFactorSetupData>;

export const twoFactorCodeBody = z.object({ code });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

/** The 10 single-use recovery codes, shown once. */
export const recoveryCodesData = z.object({ message: z.string(), recovery_codes: z.array(z.string()) });
export type RecoveryCodesData = z.infer<typeof recoveryCodesData>;

/** POST /api/user/two-factor/disable */
export const disableTwoFactorBody = z.object({
  password: text({ max: 128, normalize: false }).min(1, 'validation.required'),
  code,
});
export type DisableTwoFactorBody = z.input<typeof disableTwoFactorBody>;

/**
 * POST /api/login for a user with two-factor on: the password was right, the session comes from
 * POST /api/login/two-factor with this challenge and a code. Users without two-factor get spec 7's answer.
 */
export const twoFactorChallengeData = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  message: z.string(),
});
export type TwoFactorChallengeData = z.infer<typeof twoFactorChallengeData>;

export const loginAnswer = z.union([loginData, twoFactorChallengeData]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export function isTwoFactorChallenge(answer: LoginAnswer): answer is TwoFactorChallengeData {
  return 'two_factor_required' in answer;
}

/** POST /api/login/two-factor: a 6-digit code or a recovery code. */
export const loginTwoFactorBody = z.object({
  challenge: text({ max: 200, normalize: false }).min(16),
  code,
});
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBody>;

export const accountSecurityPaths = {
  profile: '/api/user/profile',
  password: '/api/user/password',
  sessions: '/api/user/sessions',
  session: (id: string) => `/api/user/sessions/${id}`,
  twoFactor: '/api/user/two-factor',
  twoFactorSetup: '/api/user/two-factor/setup',
  twoFactorConfirm: '/api/user/two-factor/confirm',
  twoFactorDisable: '/api/user/two-factor/disable',
  loginTwoFactor: '/api/login/two-factor',
} as const;
