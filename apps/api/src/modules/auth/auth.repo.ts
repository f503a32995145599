import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  emailTokens,
  loginAttempts,
  loginChallenges,
  oauthStates,
  recoveryCodes,
  sessions,
  users,
} from '../../db/schema/accounts.ts';

export type EmailTokenPurpose = 'confirm_email' | 'reset_password' | 'sign_in';

export type AuthUserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export type AuthRepo = ReturnType<typeof createAuthRepo>;

export function createAuthRepo({ db }: { db: Db }) {
  return {
    async findUserByEmail(email: string): Promise<AuthUserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return row ?? null;
    },

    async findUserById(id: string): Promise<AuthUserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async findUserByGoogleSub(sub: string): Promise<AuthUserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return row ?? null;
    },

    async insertUser(values: NewUser): Promise<AuthUserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },

    async updateUser(id: string, values: Partial<NewUser>): Promise<void> {
      await db.update(users).set(values).where(eq(users.id, id));
    },

    /** The user's chosen property; `onlyIfUnset` keeps a choice already made. */
    async setActiveProperty(
      userId: string,
      accountId: string,
      propertyId: string | null,
      onlyIfUnset = false,
    ): Promise<void> {
      const mine = and(eq(users.id, userId), eq(users.accountId, accountId));
      await db
        .update(users)
        .set({ activePropertyId: propertyId })
        .where(onlyIfUnset ? and(mine, isNull(users.activePropertyId)) : mine);
    },

    async markEmailVerified(id: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
    },

    // Sessions

    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** The one indexed query behind every authenticated request. */
    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          accountId: users.accountId,
          type: users.type,
          totpEnabledAt: users.totpEnabledAt,
          remember: sessions.remember,
          lastUsedAt: sessions.lastUsedAt,
          absoluteExpiresAt: sessions.absoluteExpiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.idleExpiresAt, now),
            gt(sessions.absoluteExpiresAt, now),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async touchSession(id: string, now: Date, idleExpiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: now, idleExpiresAt }).where(eq(sessions.id, id));
    },

    async revokeSession(id: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeUserSessions(userId: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** The user's live sessions, most recently used first. */
    async listLiveSessions(userId: string, now: Date) {
      return db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.idleExpiresAt, now),
            gt(sessions.absoluteExpiresAt, now),
          ),
        )
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
    },

    /** Revokes one live session of this user; false when it is not theirs or already over. */
    async revokeOwnSession(userId: string, sessionId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    /** Revokes every session of the user but `keepId`; answers the revoked ids. */
    async revokeOtherSessions(userId: string, keepId: string, now: Date): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    // Two-factor sign-in

    /** Records `step` as used unless it (or a later one) already was: a code is accepted at most once. */
    async acceptTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    async replaceRecoveryCodes(userId: string, hashes: string[], now: Date): Promise<void> {
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (hashes.length) {
        await db
          .insert(recoveryCodes)
          .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
      }
    },

    /** Marks an unused recovery code used; false when there is none (unknown or already used). */
    async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    async insertLoginChallenge(values: typeof loginChallenges.$inferInsert): Promise<void> {
      await db.insert(loginChallenges).values(values);
    },

    async findLoginChallenge(tokenHash: string) {
      const [row] = await db
        .select()
        .from(loginChallenges)
        .where(eq(loginChallenges.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    /** Counts one more code tried on the challenge; answers the new count. */
    async countChallengeAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(eq(loginChallenges.id, id))
        .returning({ attempts: loginChallenges.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /** Marks the challenge used unless another request already did. */
    async consumeLoginChallenge(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ usedAt: now })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      return rows.length === 1;
    },

    // E-mailed single-use tokens

    async insertEmailToken(values: typeof emailTokens.$inferInsert): Promise<void> {
      await db.insert(emailTokens).values(values);
    },

    async findEmailToken(tokenHash: string, purpose: EmailTokenPurpose) {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
        .limit(1);
      return row ?? null;
    },

    async latestEmailTokenAt(userId: string, purpose: EmailTokenPurpose): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: emailTokens.createdAt })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
        .orderBy(desc(emailTokens.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    /** Marks a token used unless another request already did; false when it lost that race. */
    async consumeEmailToken(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length === 1;
    },

    /** Retires the user's other outstanding links of the same purpose. */
    async retireEmailTokens(userId: string, purpose: EmailTokenPurpose, now: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
        );
    },

    // Sign-in throttling

    async lockedUntil(keys: string[], now: Date): Promise<Date | null> {
      const rows = await db
        .select({ lockedUntil: loginAttempts.lockedUntil })
        .from(loginAttempts)
        .where(and(inArray(loginAttempts.key, keys), gt(loginAttempts.lockedUntil, now)));
      const times = rows.flatMap((r) => (r.lockedUntil ? [r.lockedUntil.getTime()] : []));
      return times.length ? new Date(Math.max(...times)) : null;
    },

    /** Counts one more failure on `key` (restarting a streak older than `forgetBefore`); returns the count. */
    async recordFailure(key: string, now: Date, forgetBefore: Date): Promise<number> {
      const [row] = await db
        .insert(loginAttempts)
        .values({ key, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: loginAttempts.key,
          set: {
            failures: sql`case when ${loginAttempts.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${loginAttempts.failures} + 1 end`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: loginAttempts.failures });
      return row?.failures ?? 1;
    },

    async lockKey(key: string, until: Date): Promise<void> {
      await db.update(loginAttempts).set({ lockedUntil: until }).where(eq(loginAttempts.key, key));
    },

    async clearAttempts(key: string): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
    },

    /** Every address's count on an account (its owner proved who they are: a password reset). */
    async clearAccountAttempts(accountKeyPrefix: string): Promise<void> {
      await db.delete(loginAttempts).where(sql`starts_with(${loginAttempts.key}, ${`${accountKeyPrefix}|`})`);
    },

    // OAuth authorization requests in flight

    async insertOAuthState(values: typeof oauthStates.$inferInsert): Promise<void> {
      await db.insert(oauthStates).values(values);
    },

    /** Deletes and returns the state, so it can be used only once. */
    async takeOAuthState(state: string, provider: string) {
      const [row] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, provider)))
        .returning();
      return row ?? null;
    },

    async deleteExpiredOAuthStates(now: Date): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    },
  };
}
