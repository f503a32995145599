import { users } from '../../db/schema/accounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SealedColumn } from '../../lib/reseal-secrets.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthRepo, AuthUserRow } from './auth.repo.ts';
import { hashRecoveryCode, matchingStep } from './totp.ts';

/** Secret-box purpose of the authenticator secret; the user's id is bound as context. */
export const TOTP_PURPOSE = 'totp-secret';

export type SecondFactorResult = 'totp' | 'recovery' | 'replayed' | 'wrong';

/** Sealing of the authenticator secret and the check of a second-factor code (sign-in and account pages). */
export function createSecondFactor(deps: { secrets: SecretBox; clock: Clock }) {
  return {
    seal: (userId: string, secret: string) => deps.secrets.seal(secret, TOTP_PURPOSE, userId),
    open: (user: Pick<AuthUserRow, 'id' | 'totpSecret'>) =>
      user.totpSecret ? deps.secrets.open(user.totpSecret, TOTP_PURPOSE, user.id) : null,

    /**
     * A 6-digit code is checked against the secret (±1 step) and its step recorded, so the same code (or an
     * older one) is never accepted twice; anything else is tried as an unused recovery code when allowed.
     */
    async verify(
      repo: AuthRepo,
      user: Pick<AuthUserRow, 'id' | 'totpSecret'>,
      code: string,
      opts: { allowRecovery: boolean },
    ): Promise<SecondFactorResult> {
      const secret = user.totpSecret ? deps.secrets.open(user.totpSecret, TOTP_PURPOSE, user.id) : null;
      if (!secret) return 'wrong';
      const now = deps.clock.now();
      if (/^\d{6}$/.test(code)) {
        const step = matchingStep(secret, code, now);
        if (step === null) return 'wrong';
        return (await repo.acceptTotpStep(user.id, step)) ? 'totp' : 'replayed';
      }
      if (opts.allowRecovery && (await repo.useRecoveryCode(user.id, hashRecoveryCode(code), now))) {
        return 'recovery';
      }
      return 'wrong';
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;

/** The two-step verification secrets, sealed per user, for key rotation (lib/reseal-secrets.ts). */
export const authSealedColumns: SealedColumn[] = [
  { label: 'users.totp_secret', table: users, key: users.id, value: users.totpSecret, purpose: TOTP_PURPOSE },
];
