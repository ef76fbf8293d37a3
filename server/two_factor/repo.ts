/** Rows of two-factor login: enrolments, recovery codes and login challenges. */
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { loginChallenges, twoFactorRecoveryCodes, userTwoFactor } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;
export type ChallengeRow = typeof loginChallenges.$inferSelect;

export async function findTwoFactor(db: Db | Tx, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row;
}

/** Starts (or restarts) an enrolment: a new pending secret, not enabled. */
export async function upsertPending(
  tx: Tx,
  companyId: number,
  userId: number,
  sealedSecret: string,
  now: string,
) {
  await tx.insert(userTwoFactor).values({ userId, companyId, secret: sealedSecret }).onConflictDoUpdate({
    target: userTwoFactor.userId,
    set: { secret: sealedSecret, enabledAt: null, lastUsedStep: 0, updatedAt: now },
  });
}

export async function enable(
  tx: Tx,
  companyId: number,
  userId: number,
  sealedSecret: string,
  step: number,
  now: string,
) {
  await tx.insert(userTwoFactor).values({
    userId,
    companyId,
    secret: sealedSecret,
    enabledAt: now,
    lastUsedStep: step,
  }).onConflictDoUpdate({
    target: userTwoFactor.userId,
    set: {
      secret: sealedSecret,
      enabledAt: now,
      lastUsedStep: step,
      failedAttempts: 0,
      lockedUntil: null,
      updatedAt: now,
    },
  });
}

export async function disable(tx: Tx, userId: number) {
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/** Accepts `step` only if it is later than the last accepted one (atomic: no replay, even racing). */
export async function consumeStep(tx: Tx, userId: number, step: number): Promise<boolean> {
  const rows = await tx.update(userTwoFactor)
    .set({ lastUsedStep: step, failedAttempts: 0, lockedUntil: null })
    .where(and(eq(userTwoFactor.userId, userId), lt(userTwoFactor.lastUsedStep, step)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length === 1;
}

/** Counts a wrong second factor; at `max` in a row the user is locked until `lockUntil`. */
export async function recordFailure(tx: Tx, userId: number, max: number, lockUntil: string) {
  await tx.update(userTwoFactor).set({
    failedAttempts: sql`${userTwoFactor.failedAttempts} + 1`,
    lockedUntil:
      sql`CASE WHEN ${userTwoFactor.failedAttempts} + 1 >= ${max} THEN ${lockUntil} ELSE ${userTwoFactor.lockedUntil} END`,
  }).where(eq(userTwoFactor.userId, userId));
}

export async function replaceRecoveryCodes(tx: Tx, userId: number, hashes: string[]) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when there is none with that hash. */
export async function useRecoveryCode(tx: Tx, userId: number, hash: string, now: string): Promise<boolean> {
  const rows = await tx.update(twoFactorRecoveryCodes).set({ usedAt: now }).where(and(
    eq(twoFactorRecoveryCodes.userId, userId),
    eq(twoFactorRecoveryCodes.codeHash, hash),
    isNull(twoFactorRecoveryCodes.usedAt),
  )).returning({ id: twoFactorRecoveryCodes.id });
  if (rows.length === 1) {
    await tx.update(userTwoFactor).set({ failedAttempts: 0, lockedUntil: null })
      .where(eq(userTwoFactor.userId, userId));
  }
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Db | Tx, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(n);
}

/** Stores a challenge; expired ones are deleted on the way (they are useless, and this bounds the table). */
export async function insertChallenge(tx: Tx, row: typeof loginChallenges.$inferInsert, now: string) {
  await tx.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await tx.insert(loginChallenges).values(row);
}

/** A live challenge: not used, not expired, attempts left. */
export async function findLiveChallenge(db: Db | Tx, idHash: string, now: string, maxAttempts: number) {
  const [row] = await db.select().from(loginChallenges).where(and(
    eq(loginChallenges.idHash, idHash),
    isNull(loginChallenges.usedAt),
    gt(loginChallenges.expiresAt, now),
    lt(loginChallenges.attempts, maxAttempts),
  )).limit(1);
  return row;
}

export async function setChallengeSecret(tx: Tx, idHash: string, sealedSecret: string) {
  await tx.update(loginChallenges).set({ pendingSecret: sealedSecret }).where(
    eq(loginChallenges.idHash, idHash),
  );
}

export async function countChallengeAttempt(tx: Tx, idHash: string) {
  await tx.update(loginChallenges).set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.idHash, idHash));
}

/** Single use: true only for the first caller. */
export async function useChallenge(tx: Tx, idHash: string, now: string): Promise<boolean> {
  const rows = await tx.update(loginChallenges).set({ usedAt: now })
    .where(and(eq(loginChallenges.idHash, idHash), isNull(loginChallenges.usedAt)))
    .returning({ idHash: loginChallenges.idHash });
  return rows.length === 1;
}
