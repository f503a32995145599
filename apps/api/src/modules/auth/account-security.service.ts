import type {
  ChangePasswordBody,
  DisableTwoFactorBody,
  RecoveryCodesData,
  SessionList,
  TwoFactorSetupData,
  TwoFactorStatus,
  UpdateProfileBody,
} from '@posada/contracts/account-security';
import type { User } from '@posada/contracts/users';
import { normalizePhone } from '@posada/domain/phone';
import type { Db } from '../../db/client.ts';
import { type Locale, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthContext } from '../../plugins/access.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { passwordChangedEmail } from './auth.emails.ts';
import { authErrors } from './auth.errors.ts';
import { type AuthRepo, type AuthUserRow, createAuthRepo } from './auth.repo.ts';
import type { AuthService, RequestContext } from './auth.service.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from './totp.ts';
import { maskIp, parseUserAgent } from './user-agent.ts';

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;

/**
 * The signed-in user's own security (spec 2.2 profile: config-account, secure-sesion): account data,
 * password change, active sessions, two-factor sign-in with an authenticator app.
 */
export function createAccountSecurityService(deps: {
  db: Db;
  clock: Clock;
  appUrl: string;
  mail: Pick<MailService, 'send'>;
  accounts: Pick<AccountsService, 'getUser'>;
  auth: Pick<AuthService, 'throttle' | 'secondFactor'>;
  sockets?: { disconnectSession(sessionId: string): void };
}) {
  const { clock, auth } = deps;
  const repo = createAuthRepo({ db: deps.db });
  const now = () => clock.now();

  function inTransaction<T>(work: (tx: AuthRepo) => Promise<T>): Promise<T> {
    return deps.db.transaction((tx) => work(createAuthRepo({ db: tx as unknown as Db })));
  }

  async function loadUser(userId: string): Promise<AuthUserRow> {
    const user = await repo.findUserById(userId);
    if (!user) throw authErrors.sessionNotFound();
    return user;
  }

  /** The password check of the account pages counts towards the sign-in throttle, like a failed login. */
  async function checkPassword(
    user: AuthUserRow,
    password: string,
    ctx: RequestContext,
    field: 'current' | 'plain',
  ) {
    if (!user.passwordHash) throw authErrors.noPassword();
    await auth.throttle.assertNotLocked(user.email, ctx.ip);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await auth.throttle.recordFailure(user.email, ctx.ip);
      throw field === 'current' ? authErrors.currentPasswordWrong() : authErrors.passwordWrong();
    }
  }

  async function checkCode(user: AuthUserRow, code: string, ctx: RequestContext, allowRecovery: boolean) {
    await auth.throttle.assertNotLocked(user.email, ctx.ip);
    const result = await auth.secondFactor.verify(repo, user, code, { allowRecovery });
    if (result === 'wrong' || result === 'replayed') {
      await auth.throttle.recordFailure(user.email, ctx.ip);
      throw result === 'wrong' ? authErrors.twoFactorCodeWrong() : authErrors.twoFactorCodeReplayed();
    }
  }

  function revokedSockets(ids: string[]) {
    for (const id of ids) deps.sockets?.disconnectSession(id);
  }

  return {
    async updateProfile(userId: string, body: UpdateProfileBody): Promise<User> {
      const phone = normalizePhone(body.phone, (body.phone_country ?? 'ES').toUpperCase());
      if (!phone) throw authErrors.phoneInvalid();
      await repo.updateUser(userId, { name: body.name.trim(), phone });
      return deps.accounts.getUser(userId);
    },

    /** Current password required; every other session is signed out, this one stays; an e-mail tells the owner. */
    async changePassword(authCtx: AuthContext, body: ChangePasswordBody, ctx: RequestContext) {
      const user = await loadUser(authCtx.userId);
      await checkPassword(user, body.current_password, ctx, 'current');
      const passwordHash = await hashPassword(body.password);
      const revoked = await inTransaction(async (tx) => {
        await tx.updateUser(user.id, { passwordHash });
        return tx.revokeOtherSessions(user.id, authCtx.sessionId, now());
      });
      revokedSockets(revoked);
      await auth.throttle.clear(user.email);
      const locale = user.locale as Locale;
      const mail = passwordChangedEmail(locale, user.name, `${deps.appUrl.replace(/\/$/, '')}/reset`);
      await deps.mail.send({ to: user.email, subject: mail.subject, text: mail.text, html: mail.html });
      return { message: translate(ctx.locale, 'auth.password_changed'), revoked_sessions: revoked.length };
    },

    async listSessions(authCtx: AuthContext): Promise<SessionList> {
      const rows = await repo.listLiveSessions(authCtx.userId, now());
      return {
        items: rows.map((row) => ({
          id: row.id,
          ...parseUserAgent(row.userAgent),
          ip_masked: maskIp(row.ip),
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt.toISOString(),
          current: row.id === authCtx.sessionId,
        })),
      };
    },

    /** Another user's session, or one already over, answers 404. */
    async revokeSession(authCtx: AuthContext, sessionId: string, ctx: RequestContext) {
      if (!(await repo.revokeOwnSession(authCtx.userId, sessionId, now())))
        throw authErrors.sessionNotFound();
      revokedSockets([sessionId]);
      return { message: translate(ctx.locale, 'auth.session_revoked'), revoked: 1 };
    },

    async revokeOtherSessions(authCtx: AuthContext, ctx: RequestContext) {
      const revoked = await repo.revokeOtherSessions(authCtx.userId, authCtx.sessionId, now());
      revokedSockets(revoked);
      return {
        message: translate(ctx.locale, 'auth.sessions_revoked', { count: revoked.length }),
        revoked: revoked.length,
      };
    },

    async twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
      const user = await loadUser(userId);
      return {
        enabled: user.totpEnabledAt !== null,
        required: user.type === 'admin',
        recovery_codes_left: user.totpEnabledAt ? await repo.countUnusedRecoveryCodes(user.id) : 0,
      };
    },

    /** A new secret, sealed; two-factor stays off until a code from the app confirms it. */
    async setupTwoFactor(userId: string): Promise<TwoFactorSetupData> {
      const user = await loadUser(userId);
      if (user.totpEnabledAt) throw authErrors.twoFactorAlreadyEnabled();
      const secret = newTotpSecret();
      await repo.updateUser(user.id, {
        totpSecret: auth.secondFactor.seal(user.id, secret),
        totpLastStep: null,
      });
      return { secret, otpauth_uri: totpUri(secret, user.email) };
    },

    /** Turns two-factor on and answers the 10 recovery codes, shown this once (only their digests are kept). */
    async confirmTwoFactor(userId: string, code: string, ctx: RequestContext): Promise<RecoveryCodesData> {
      const user = await loadUser(userId);
      if (user.totpEnabledAt) throw authErrors.twoFactorAlreadyEnabled();
      if (!user.totpSecret) throw authErrors.twoFactorSetupMissing();
      await checkCode(user, code, ctx, false);
      const codes = newRecoveryCodes();
      await inTransaction(async (tx) => {
        await tx.updateUser(user.id, { totpEnabledAt: now() });
        await tx.replaceRecoveryCodes(user.id, codes.map(hashRecoveryCode), now());
      });
      return { message: translate(ctx.locale, 'auth.two_factor_enabled'), recovery_codes: codes };
    },

    /** Password and a code (or a recovery code) turn it off; an admin is then sent back to enrolment. */
    async disableTwoFactor(userId: string, body: DisableTwoFactorBody, ctx: RequestContext) {
      const user = await loadUser(userId);
      if (!user.totpEnabledAt) throw authErrors.twoFactorNotEnabled();
      await checkPassword(user, body.password, ctx, 'plain');
      await checkCode(user, body.code, ctx, true);
      await inTransaction(async (tx) => {
        await tx.updateUser(user.id, { totpEnabledAt: null, totpSecret: null, totpLastStep: null });
        await tx.replaceRecoveryCodes(user.id, [], now());
      });
      return { message: translate(ctx.locale, 'auth.two_factor_disabled') };
    },
  };
}
