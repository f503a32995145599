import type { LoginAnswer, LoginTwoFactorBody } from '@posada/contracts/account-security';
import type {
  LoginBody,
  LoginData,
  OauthCallbackBody,
  RegisterBody,
  ResetPasswordBody,
  SocialProvider,
} from '@posada/contracts/auth';
import { normalizePhone } from '@posada/domain/phone';
import { trialEndsAt } from '@posada/domain/subscription';
import {
  createGoogleOAuth,
  type GoogleOAuth,
  type GoogleProfile,
} from '../../adapters/google/google.client.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type Locale, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/access.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AdminService } from '../admin/admin.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { confirmationEmail, type EmailContent, passwordResetEmail, signInLinkEmail } from './auth.emails.ts';
import { authErrors } from './auth.errors.ts';
import { challengePolicy, linkPolicy, type RequestContext, sessionPolicy } from './auth.policy.ts';
import { type AuthRepo, type AuthUserRow, createAuthRepo, type EmailTokenPurpose } from './auth.repo.ts';
import {
  accountAddressKey,
  accountKey,
  accountRule,
  failureMemoryMs,
  ipKey,
  ipRule,
  lockDurationMs,
  secondsUntil,
  type ThrottleRule,
} from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSecondFactor } from './second-factor.ts';
import { hashToken, newToken, pkceChallenge } from './tokens.ts';

export type { RequestContext } from './auth.policy.ts';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  mail: Pick<MailService, 'send'>;
  accounts: Pick<AccountsService, 'getUser' | 'createAccount'>;
  advisors: Pick<AdminService, 'findActiveAdvisorId'>;
  secrets: SecretBox;
  /** Live sockets of a revoked session must not keep receiving events. */
  sockets?: { disconnectSession(sessionId: string): void; disconnectUser(userId: string): void };
  fetch?: typeof fetch;
  /** The Google adapter built in app.ts (with its status); tests without one get a plain client. */
  google?: GoogleOAuth;
}) {
  const { clock, config, mail } = deps;
  const repo = createAuthRepo({ db: deps.db });
  const google = deps.google ?? createGoogleOAuth(config, deps.fetch);
  const appUrl = config.APP_URL.replace(/\/$/, '');
  const secondFactor = createSecondFactor({ secrets: deps.secrets, clock });
  const now = () => clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);

  /** `work` gets the repo on the transaction and the transaction itself (for other modules' writes). */
  function inTransaction<T>(work: (tx: AuthRepo, on: Db) => Promise<T>): Promise<T> {
    return deps.db.transaction((tx) => {
      const on = tx as unknown as Db;
      return work(createAuthRepo({ db: on }), on);
    });
  }

  // E-mailed links

  async function issueEmailToken(userId: string, purpose: EmailTokenPurpose, tx: AuthRepo = repo) {
    const token = newToken();
    const ttl = {
      confirm_email: linkPolicy.confirmTtlMs,
      reset_password: linkPolicy.resetTtlMs,
      sign_in: linkPolicy.signInTtlMs,
    }[purpose];
    await tx.insertEmailToken({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: later(ttl),
      createdAt: now(),
    });
    return token;
  }

  async function sendEmail(to: string, content: EmailContent): Promise<void> {
    await mail.send({ to, subject: content.subject, text: content.text, html: content.html });
  }

  function sendConfirmation(user: AuthUserRow, token: string): Promise<void> {
    const link = `${appUrl}/verific/token/account/${token}`;
    return sendEmail(user.email, confirmationEmail(user.locale as Locale, user.name, link));
  }

  /** Throttles e-mails to one per user and purpose per minute, using the stored token times. */
  async function mayEmailAgain(userId: string, purpose: EmailTokenPurpose): Promise<boolean> {
    const last = await repo.latestEmailTokenAt(userId, purpose);
    return !last || now().getTime() - last.getTime() >= linkPolicy.resendEveryMs;
  }

  /** Loads a link token and refuses unknown, used and expired ones with the purpose's own error. */
  async function usableEmailToken(token: string, purpose: EmailTokenPurpose) {
    const errors = {
      confirm_email: {
        invalid: authErrors.confirmationLinkInvalid,
        used: authErrors.confirmationLinkUsed,
        expired: authErrors.confirmationLinkExpired,
      },
      reset_password: {
        invalid: authErrors.resetLinkInvalid,
        used: authErrors.resetLinkUsed,
        expired: authErrors.resetLinkExpired,
      },
      sign_in: {
        invalid: authErrors.signInLinkInvalid,
        used: authErrors.signInLinkUsed,
        expired: authErrors.signInLinkExpired,
      },
    }[purpose];
    const row = await repo.findEmailToken(hashToken(token), purpose);
    if (!row) throw errors.invalid();
    if (row.usedAt) throw errors.used();
    if (row.expiresAt.getTime() <= now().getTime()) throw errors.expired();
    return { row, usedError: errors.used };
  }

  // Sessions

  async function createSession(userId: string, remember: boolean, ctx: RequestContext): Promise<string> {
    const token = newToken();
    const policy = remember ? sessionPolicy.remember : sessionPolicy.normal;
    const at = now();
    await repo.insertSession({
      userId,
      tokenHash: hashToken(token),
      remember,
      createdAt: at,
      lastUsedAt: at,
      idleExpiresAt: new Date(at.getTime() + policy.idleMs),
      absoluteExpiresAt: new Date(at.getTime() + policy.absoluteMs),
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      ip: ctx.ip,
    });
    return token;
  }

  async function signedIn(user: AuthUserRow, remember: boolean, ctx: RequestContext): Promise<LoginData> {
    const token = await createSession(user.id, remember, ctx);
    return {
      token,
      user: await deps.accounts.getUser(user.id),
      message: translate(ctx.locale, 'auth.login_success'),
      legacy_redirect: user.legacy,
    };
  }

  /** With two-factor on, the first factor only earns a challenge; the session waits for a code. */
  async function signInOrChallenge(
    user: AuthUserRow,
    remember: boolean,
    ctx: RequestContext,
  ): Promise<LoginAnswer> {
    if (!user.totpEnabledAt) return signedIn(user, remember, ctx);
    const challenge = newToken();
    await repo.insertLoginChallenge({
      userId: user.id,
      tokenHash: hashToken(challenge),
      remember,
      expiresAt: later(challengePolicy.ttlMs),
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      ip: ctx.ip,
      createdAt: now(),
    });
    return {
      two_factor_required: true as const,
      challenge,
      message: translate(ctx.locale, 'auth.two_factor_code_needed'),
    };
  }

  // Sign-in throttling

  async function assertNotLocked(keys: string[]): Promise<void> {
    const until = await repo.lockedUntil(keys, now());
    if (until) throw authErrors.tooManyAttempts(secondsUntil(until, now()));
  }

  /** Counts a failure on each key; returns how long the caller is now locked out. */
  async function recordFailures(keys: (readonly [string, ThrottleRule])[]): Promise<number> {
    const at = now();
    const forgetBefore = new Date(at.getTime() - failureMemoryMs);
    let lockMs = 0;
    for (const [key, rule] of keys) {
      const failures = await repo.recordFailure(key, at, forgetBefore);
      const ms = lockDurationMs(failures, rule);
      if (ms > 0) await repo.lockKey(key, new Date(at.getTime() + ms));
      lockMs = Math.max(lockMs, ms);
    }
    return lockMs;
  }

  /** A wrong password: counted on the account as tried from this address, and on the address. */
  const recordFailure = (email: string, ip: string) =>
    recordFailures([
      [accountAddressKey(email, ip), accountRule],
      [ipKey(ip), ipRule],
    ]);

  // Accounts created by sign-up or by a first Google sign-in

  async function createEmpresa(
    tx: AuthRepo,
    on: Db,
    input: {
      name: string;
      email: string;
      phone: string | null;
      passwordHash: string | null;
      pais: string;
      tipoHospedaje: string;
      roomRange: string | null;
      advisorId: string | null;
      locale: Locale;
      emailVerifiedAt: Date | null;
      googleSub?: string;
    },
  ): Promise<AuthUserRow> {
    const at = now();
    const accountId = await deps.accounts.createAccount(
      {
        name: input.name,
        pais: input.pais,
        tipoHospedaje: input.tipoHospedaje,
        roomRange: input.roomRange,
        plan: null,
        statusSubscription: 'demo',
        trialEndsAt: trialEndsAt(at),
        quantity: 1,
        advisorId: input.advisorId,
        createdAt: at,
      },
      on,
    );
    return tx.insertUser({
      accountId,
      type: 'empresa',
      name: input.name,
      email: input.email,
      phone: input.phone,
      passwordHash: input.passwordHash,
      emailVerifiedAt: input.emailVerifiedAt,
      locale: input.locale,
      googleSub: input.googleSub ?? null,
      createdAt: at,
    });
  }

  /** Finds, links or creates the user behind a verified Google identity. */
  async function userForGoogle(profile: GoogleProfile, locale: Locale): Promise<AuthUserRow> {
    const linked = await repo.findUserByGoogleSub(profile.sub);
    if (linked) return linked;
    if (!profile.email || !profile.emailVerified) throw authErrors.providerEmailUnverified();
    const email = profile.email.trim().toLowerCase();
    const existing = await repo.findUserByEmail(email);
    if (existing) {
      const wasUnverified = existing.emailVerifiedAt === null;
      await inTransaction(async (tx) => {
        await tx.updateUser(existing.id, {
          googleSub: profile.sub,
          emailVerifiedAt: existing.emailVerifiedAt ?? now(),
          // An unverified sign-up may have been made by someone else with this address: its password
          // was never proven, so the mailbox owner arriving through Google drops it.
          ...(wasUnverified ? { passwordHash: null } : {}),
        });
        if (wasUnverified) await tx.revokeUserSessions(existing.id, now());
      });
      if (wasUnverified) deps.sockets?.disconnectUser(existing.id);
      return { ...existing, googleSub: profile.sub };
    }
    return inTransaction((tx, on) =>
      createEmpresa(tx, on, {
        name: profile.name ?? email.split('@')[0] ?? email,
        email,
        phone: null,
        passwordHash: null,
        pais: 'ES',
        tipoHospedaje: 'apartamento',
        roomRange: null,
        advisorId: null,
        locale,
        emailVerifiedAt: now(),
        googleSub: profile.sub,
      }),
    );
  }

  return {
    /** Used by the access plugin on every request: one indexed query, plus a write at most once a minute. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.length < 16 || token.length > 200) return null;
      const at = now();
      const session = await repo.findLiveSession(hashToken(token), at);
      if (!session) return null;
      if (at.getTime() - session.lastUsedAt.getTime() >= sessionPolicy.touchEveryMs) {
        const idleMs = session.remember ? sessionPolicy.remember.idleMs : sessionPolicy.normal.idleMs;
        const idle = Math.min(at.getTime() + idleMs, session.absoluteExpiresAt.getTime());
        await repo.touchSession(session.sessionId, at, new Date(idle));
      }
      return {
        userId: session.userId,
        accountId: session.accountId,
        type: session.type === 'admin' ? 'admin' : 'empresa',
        sessionId: session.sessionId,
        twoFactorEnabled: session.totpEnabledAt !== null,
      };
    },

    async register(body: RegisterBody, ctx: RequestContext) {
      const country = (body.phone_country ?? 'ES').toUpperCase();
      const phone = normalizePhone(body.phone, country);
      if (!phone) throw authErrors.phoneInvalid();
      const code = body.advisor_code?.trim();
      const advisorId = code ? await deps.advisors.findActiveAdvisorId(code) : null;
      if (code && !advisorId) throw authErrors.advisorCodeInvalid();
      const email = body.email.trim().toLowerCase();
      if (await repo.findUserByEmail(email)) throw authErrors.emailTaken();

      const locale = body.locale ?? ctx.locale;
      const passwordHash = await hashPassword(body.password);
      let created: { user: AuthUserRow; token: string };
      try {
        created = await inTransaction(async (tx, on) => {
          const user = await createEmpresa(tx, on, {
            name: body.name.trim(),
            email,
            phone,
            passwordHash,
            pais: country,
            tipoHospedaje: body.tipo_hospedaje,
            roomRange: body.room_range,
            advisorId,
            locale,
            emailVerifiedAt: null,
          });
          return { user, token: await issueEmailToken(user.id, 'confirm_email', tx) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw authErrors.emailTaken();
        throw error;
      }
      await sendConfirmation(created.user, created.token);
      return { message: translate(ctx.locale, 'auth.registered', { email }), email };
    },

    async confirmEmail(token: string, ctx: RequestContext) {
      const { row, usedError } = await usableEmailToken(token, 'confirm_email');
      await inTransaction(async (tx) => {
        if (!(await tx.consumeEmailToken(row.id, now()))) throw usedError();
        await tx.markEmailVerified(row.userId, now());
        await tx.retireEmailTokens(row.userId, 'confirm_email', now());
      });
      return { message: translate(ctx.locale, 'auth.email_confirmed') };
    },

    /** Always the same answer, so nobody learns which addresses have accounts. */
    async resendConfirmation(email: string, ctx: RequestContext) {
      const user = await repo.findUserByEmail(email);
      if (user && !user.emailVerifiedAt && (await mayEmailAgain(user.id, 'confirm_email'))) {
        await sendConfirmation(user, await issueEmailToken(user.id, 'confirm_email'));
      }
      return { message: translate(ctx.locale, 'auth.confirmation_resent') };
    },

    async login(body: LoginBody, ctx: RequestContext): Promise<LoginAnswer> {
      await assertNotLocked([accountAddressKey(body.email, ctx.ip), ipKey(ctx.ip)]);
      const user = await repo.findUserByEmail(body.email);
      const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !valid) {
        const lockMs = await recordFailure(body.email, ctx.ip);
        if (lockMs > 0) throw authErrors.tooManyAttempts(Math.ceil(lockMs / 1000));
        throw authErrors.invalidCredentials();
      }
      await repo.clearAttempts(accountAddressKey(body.email, ctx.ip));
      if (!user.emailVerifiedAt) throw authErrors.emailNotVerified();
      return signInOrChallenge(user, body.remember ?? false, ctx);
    },

    /** The second step: a code from the authenticator app or an unused recovery code. */
    async loginTwoFactor(body: LoginTwoFactorBody, ctx: RequestContext): Promise<LoginData> {
      const pending = await repo.findLoginChallenge(hashToken(body.challenge));
      if (!pending || pending.usedAt || pending.expiresAt.getTime() <= now().getTime()) {
        throw authErrors.twoFactorChallengeInvalid();
      }
      const user = await repo.findUserById(pending.userId);
      if (!user?.totpEnabledAt) throw authErrors.twoFactorChallengeInvalid();
      // Codes are throttled per sign-in (the challenge's five tries) and per address, never per account.
      await assertNotLocked([ipKey(ctx.ip)]);
      if ((await repo.countChallengeAttempt(pending.id)) > challengePolicy.maxAttempts) {
        throw authErrors.twoFactorChallengeInvalid();
      }
      const result = await secondFactor.verify(repo, user, body.code, { allowRecovery: true });
      if (result === 'wrong' || result === 'replayed') {
        const lockMs = await recordFailures([[ipKey(ctx.ip), ipRule]]);
        if (lockMs > 0) throw authErrors.tooManyAttempts(Math.ceil(lockMs / 1000));
        throw result === 'wrong' ? authErrors.twoFactorCodeWrong() : authErrors.twoFactorCodeReplayed();
      }
      if (!(await repo.consumeLoginChallenge(pending.id, now())))
        throw authErrors.twoFactorChallengeInvalid();
      return signedIn(user, pending.remember, ctx);
    },

    /** The sign-in throttle, shared with the account pages' password and code checks. */
    throttle: {
      assertNotLocked: (email: string, ip: string) =>
        assertNotLocked([accountAddressKey(email, ip), ipKey(ip)]),
      recordFailure: async (email: string, ip: string) => {
        const lockMs = await recordFailure(email, ip);
        if (lockMs > 0) throw authErrors.tooManyAttempts(Math.ceil(lockMs / 1000));
      },
      /** A new password: every address's count on the account starts over. */
      clear: (email: string) => repo.clearAccountAttempts(accountKey(email)),
    },

    secondFactor,

    async logout(auth: AuthContext, ctx: RequestContext) {
      try {
        await repo.revokeSession(auth.sessionId, now());
      } catch {
        throw authErrors.logoutFailed();
      }
      deps.sockets?.disconnectSession(auth.sessionId);
      return { message: translate(ctx.locale, 'auth.logged_out') };
    },

    /** Always the same answer, so nobody learns which addresses have accounts. */
    async requestPasswordReset(email: string, ctx: RequestContext) {
      const user = await repo.findUserByEmail(email);
      if (user && (await mayEmailAgain(user.id, 'reset_password'))) {
        const token = await issueEmailToken(user.id, 'reset_password');
        const link = `${appUrl}/recuperar/${token}`;
        await sendEmail(user.email, passwordResetEmail(user.locale as Locale, user.name, link));
      }
      return { message: translate(ctx.locale, 'auth.password_reset_sent') };
    },

    /**
     * An e-mailed sign-in link (issue 27): the owner whose address is throttled still gets in by proving the
     * mailbox. Always the same answer, so nobody learns which addresses have accounts.
     */
    async requestSignInLink(email: string, ctx: RequestContext) {
      const user = await repo.findUserByEmail(email);
      if (user?.emailVerifiedAt && (await mayEmailAgain(user.id, 'sign_in'))) {
        const token = await issueEmailToken(user.id, 'sign_in');
        const link = `${appUrl}/entrar/${token}`;
        await sendEmail(user.email, signInLinkEmail(user.locale as Locale, user.name, link));
      }
      return { message: translate(ctx.locale, 'auth.sign_in_link_sent') };
    },

    /** Following the link: once, within its 15 minutes; two-step verification still asks for its code. */
    async signInWithLink(token: string, ctx: RequestContext): Promise<LoginAnswer> {
      const { row, usedError } = await usableEmailToken(token, 'sign_in');
      const user = await inTransaction(async (tx) => {
        if (!(await tx.consumeEmailToken(row.id, now()))) throw usedError();
        await tx.retireEmailTokens(row.userId, 'sign_in', now());
        return tx.findUserById(row.userId);
      });
      if (!user) throw authErrors.signInLinkInvalid();
      // The mailbox is theirs: this address's count on the account starts over.
      await repo.clearAttempts(accountAddressKey(user.email, ctx.ip));
      return signInOrChallenge(user, false, ctx);
    },

    async resetPassword(body: ResetPasswordBody, ctx: RequestContext) {
      const { row, usedError } = await usableEmailToken(body.token, 'reset_password');
      const passwordHash = await hashPassword(body.password);
      const user = await inTransaction(async (tx) => {
        if (!(await tx.consumeEmailToken(row.id, now()))) throw usedError();
        await tx.updateUser(row.userId, { passwordHash });
        // Following the e-mailed link proves the mailbox is theirs.
        await tx.markEmailVerified(row.userId, now());
        await tx.revokeUserSessions(row.userId, now());
        await tx.retireEmailTokens(row.userId, 'reset_password', now());
        return tx.findUserById(row.userId);
      });
      deps.sockets?.disconnectUser(row.userId);
      if (user) await repo.clearAccountAttempts(accountKey(user.email));
      return { message: translate(ctx.locale, 'auth.password_reset_done') };
    },

    providers() {
      return { google: google.configured };
    },

    /** Starts the authorization code flow: remembers state and PKCE verifier, answers the provider URL. */
    async oauthRedirectUrl(provider: SocialProvider, remember: boolean): Promise<string> {
      if (provider !== 'google' || !google.configured) throw authErrors.providerNotConfigured();
      const state = newToken();
      const codeVerifier = newToken();
      await repo.deleteExpiredOAuthStates(now());
      await repo.insertOAuthState({
        state,
        provider,
        codeVerifier,
        remember,
        expiresAt: later(linkPolicy.oauthStateTtlMs),
      });
      return google.authorizationUrl(state, pkceChallenge(codeVerifier));
    },

    async oauthCallback(
      provider: SocialProvider,
      body: OauthCallbackBody,
      ctx: RequestContext,
    ): Promise<LoginAnswer> {
      if (provider !== 'google' || !google.configured) throw authErrors.providerNotConfigured();
      const pending = await repo.takeOAuthState(body.state, provider);
      if (!pending || pending.expiresAt.getTime() <= now().getTime()) throw authErrors.oauthStateInvalid();
      // A refusal, a timeout or an unreadable answer read the same to the user.
      const profile = await google.profileFromCode(body.code, pending.codeVerifier).catch(() => {
        throw authErrors.providerError();
      });
      const user = await userForGoogle(profile, ctx.locale);
      return signInOrChallenge(user, pending.remember, ctx);
    },
  };
}
