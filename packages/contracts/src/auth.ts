import { z } from 'zod';
import { text } from './primitives.ts';
import { localeSchema, tipoHospedajeSchema, userSchema } from './users.ts';

/**
 * Zod messages here are message keys, translated by the API (server locales) and the web app (web locales).
 * Field names follow spec 2.4 Register / spec 7 login.
 */
const email = text({ max: 254, trim: true }).min(1, 'validation.required').email('validation.invalid_email');
/** Not normalised: a password must keep the exact code points it was set with. */
const password = text({ max: 128, normalize: false }).min(8, 'auth.password_too_short');

/** Approximate room-count ranges offered at registration (spec 9 plan tiers). */
export const roomRanges = ['1-4', '5-10', '11-20', '21-50', '51-100', '101-150', '151+'] as const;
export const roomRangeSchema = z.enum(roomRanges);

export const registerBody = z
  .object({
    name: text({ max: 120, trim: true }).min(1, 'validation.required'),
    email,
    password,
    password_confirmation: text({ max: 128, normalize: false }).min(1, 'validation.required'),
    phone: text({ max: 32, trim: true }).min(1, 'validation.required'),
    /** ISO 3166 alpha-2 country used to read a phone without a + prefix (ES by default). */
    phone_country: text({ max: 2 }).length(2).default('ES'),
    tipo_hospedaje: tipoHospedajeSchema,
    room_range: roomRangeSchema,
    advisor_code: text({ max: 40, trim: true }).optional().or(z.literal('')),
    locale: localeSchema.optional(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'auth.passwords_mismatch',
  });
export type RegisterBody = z.input<typeof registerBody>;

export const registerData = z.object({ message: z.string(), email: z.string() });

/** POST /api/login (spec 7): email, password; "remember" gives a longer session. */
export const loginBody = z.object({
  email,
  password: text({ max: 128, normalize: false }).min(1, 'validation.required'),
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The exact spec 7 answer: ok, data.token, data.user, data.message, data.legacy_redirect. */
export const loginData = z.object({
  token: z.string(),
  user: userSchema,
  message: z.string(),
  legacy_redirect: z.boolean(),
});
export type LoginData = z.infer<typeof loginData>;

export const tokenBody = z.object({ token: text({ max: 200, normalize: false }).min(16) });
export type TokenBody = z.infer<typeof tokenBody>;

export const emailBody = z.object({ email });
export type EmailBody = z.infer<typeof emailBody>;

export const resetPasswordBody = z
  .object({
    token: text({ max: 200, normalize: false }).min(16),
    password,
    password_confirmation: text({ max: 128, normalize: false }).min(1, 'validation.required'),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'auth.passwords_mismatch',
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const socialProviders = ['google'] as const;
export const socialProviderSchema = z.enum(socialProviders);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const oauthProviderParams = z.object({ provider: socialProviderSchema });

/** GET /api/auth/{provider}/redirect?remember=1: "remember" gives the longer session after the callback. */
export const oauthRedirectQuery = z.object({
  remember: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** Which social sign-in providers are configured (the login page hides the others). */
export const providersData = z.object({ google: z.boolean() });

/** The SPA callback page /auth/{provider}/callback posts what the provider sent back. */
export const oauthCallbackBody = z.object({
  code: text({ max: 2000, normalize: false }).min(1),
  state: text({ max: 200, normalize: false }).min(1),
});
export type OauthCallbackBody = z.infer<typeof oauthCallbackBody>;

export const authPaths = {
  register: '/api/register',
  login: '/api/login',
  logout: '/api/logout',
  confirmEmail: '/api/auth/email-confirmation',
  resendConfirmation: '/api/auth/email-confirmation/resend',
  forgotPassword: '/api/auth/password-reset',
  resetPassword: '/api/auth/password-reset/confirm',
  /** POST { email }: e-mails a sign-in link (issue 27), for an owner whose address is throttled. */
  signInLink: '/api/auth/sign-in-link',
  /** POST { token }: signs in with the e-mailed link (or answers the two-step challenge). */
  signInLinkConfirm: '/api/auth/sign-in-link/confirm',
  providers: '/api/auth/providers',
  /** GET, browser navigation: redirects to the provider. Query: remember=1 */
  oauthStart: (provider: SocialProvider) => `/api/auth/${provider}/redirect`,
  oauthCallback: (provider: SocialProvider) => `/api/auth/${provider}/callback`,
} as const;
