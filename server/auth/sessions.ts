/** Auth session rows (one per login). */
import { and, eq, isNull, ne } from "drizzle-orm";
import { authSessions, userQueues } from "@db/schema.ts";
import { companies, plans, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { type Actor, viewerOf } from "../lib/context.ts";

export type SessionRow = typeof authSessions.$inferSelect;

// unscoped: the session id comes from a signed token or a refresh cookie; the caller checks the secret.
export async function unscopedFindSession(db: Db | Tx, id: string): Promise<SessionRow | null> {
  return (await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1))[0] ?? null;
}

/** Revokes the user's other live sessions; returns their ids. */
export async function revokeOtherSessions(
  tx: Tx,
  companyId: number,
  userId: number,
  keepId: string | null,
  reason: string,
  at: string,
): Promise<string[]> {
  const rows = await tx.update(authSessions).set({ revokedAt: at, revokedReason: reason, updatedAt: at })
    .where(and(
      eq(authSessions.companyId, companyId),
      eq(authSessions.userId, userId),
      isNull(authSessions.revokedAt),
      keepId ? ne(authSessions.id, keepId) : undefined,
    )).returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

export async function revokeSession(tx: Tx, id: string, reason: string, at: string): Promise<void> {
  await tx.update(authSessions).set({ revokedAt: at, revokedReason: reason, updatedAt: at })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)));
}

/**
 * Resolves an access token's claims into the acting user, in one query plus the queue ids.
 * Null when the session is gone or revoked (a login elsewhere, a logout), or the user moved.
 */
export async function loadActor(
  db: Db,
  claims: { userId: number; companyId: number; sessionId: string },
  now: Date,
): Promise<Actor | null> {
  const [row] = await db.select({ session: authSessions, user: users, company: companies, plan: plans })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(authSessions.id, claims.sessionId), eq(authSessions.userId, claims.userId)))
    .limit(1);
  if (!row || row.session.revokedAt || row.session.expiresAt < now.toISOString()) return null;
  if (row.user.companyId !== claims.companyId) return null;
  const queueIds = (await db.select({ id: userQueues.queueId }).from(userQueues)
    .where(and(eq(userQueues.companyId, row.user.companyId), eq(userQueues.userId, row.user.id)))).map((r) =>
      r.id
    );
  return {
    userId: row.user.id,
    companyId: row.user.companyId,
    sessionId: row.session.id,
    user: row.user,
    company: row.company,
    plan: row.plan,
    queueIds,
    viewer: viewerOf(row.user, queueIds),
  };
}
