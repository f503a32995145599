import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The tenant: one operator business. Every business row carries its account_id. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  pais: text('pais').notNull().default('ES'),
  /** apartamento | villa | hotel | camping */
  tipoHospedaje: text('tipo_hospedaje').notNull().default('apartamento'),
  /** Approximate room-count range given at registration, e.g. '1-4'. */
  roomRange: text('room_range'),
  plan: text('plan'),
  /** demo | demo_expired | subscribed (spec 3 User.status_subscription) */
  statusSubscription: text('status_subscription').notNull().default('demo'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** Maximum number of properties. */
  quantity: integer('quantity').notNull().default(1),
  /** Maximum rooms per property (spec 5 room form limit; spec 9 hotel base tier 1–20). */
  roomQuantity: integer('room_quantity').notNull().default(20),
  servicios: text('servicios').array().notNull().default(sql`'{}'::text[]`),
  suscriptionIdStripe: text('suscription_id_stripe'),
  paymentFail: boolean('payment_fail').notNull().default(false),
  enableWebReservations: boolean('enable_web_reservations').notNull().default(false),
  /** Direct-booking settings (spec 3): on_arrival | online (null: on arrival). */
  directBookingPaymentType: text('direct_booking_payment_type'),
  /** The direct-booking website's address, /book/{slug} (issue 15); set when first asked for. */
  bookingSlug: text('booking_slug').unique('accounts_booking_slug_key'),
  directBookingDiscountEnabled: boolean('direct_booking_discount_enabled').notNull().default(false),
  /** percentage (1 to 100, spec 5) | fixed (minor units of the property's currency; euros in spec 5). */
  directBookingDiscountType: text('direct_booking_discount_type').notNull().default('percentage'),
  directBookingDiscountValue: integer('direct_booking_discount_value').notNull().default(0),
  advisorId: uuid('advisor_id').references(() => advisors.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for platform admins. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** admin | empresa */
    type: text('type').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** Argon2id hash; null for users who only sign in with a social provider. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Preferred language: es | en | ar. Used for e-mails. */
    locale: text('locale').notNull().default('es'),
    /** Users still served by the legacy application get legacy_redirect on login. */
    legacy: boolean('legacy').notNull().default(false),
    /** Admins carry an application tag (spec 3). */
    applicationTag: text('application_tag'),
    googleSub: text('google_sub'),
    activePropertyId: uuid('active_property_id'),
    /** Authenticator app (TOTP) secret, sealed with the secret box; set at enrolment, before confirmation. */
    totpSecret: text('totp_secret'),
    /** Two-factor sign-in is on from this instant (the enrolment was confirmed with a code). */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a step is never accepted twice (no replay). */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    index('users_account_idx').on(t.accountId),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 hashes, with idle and absolute expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The User-Agent and client address at sign-in, shown in the account's active sessions. */
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use recovery codes for two-factor sign-in, stored as SHA-256 digests. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/** The second step of a sign-in with two-factor on: the password was right, a code is still owed. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_challenges_token_hash_idx').on(t.tokenHash)],
);

/** Single-use tokens sent by e-mail: account confirmation and password reset. Stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** confirm_email | reset_password */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_idx').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);

/** OAuth 2.0 authorization requests in flight (state + PKCE verifier), so any API instance can finish them. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  remember: boolean('remember').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Sales advisors managed by admins; registration's optional advisor code must match an active one. */
export const advisors = pgTable(
  'advisors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('advisors_code_upper_idx').on(sql`upper(${t.code})`)],
);

/**
 * Failed sign-in counters, one row per key ('account:<lower e-mail>' or 'ip:<address>').
 * Kept in the database so the escalating lock holds across API processes.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
