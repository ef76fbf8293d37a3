/** Auth session rows (one per login). */
import { and, eq, isNull, ne } from "drizzle-orm";
import { authSessions, userQueues } from "@db/schema.ts";
import { companies, plans, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { type Actor, viewerOf } from "../lib/context.ts";
import type { TtlCache } from "../lib/cache.ts";
import { type CachedActor, evict } from "../caches.ts";
import type { Deps } from "../deps.ts";
import type { EventMap } from "../events/types.ts";

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

type Claims = { userId: number; companyId: number; sessionId: string };

/** An actor as cached per session id, with the session's expiry (checked on every hit). */
export type { CachedActor };

/**
 * Resolves an access token's claims into the acting user, in one query plus the queue ids.
 * Null when the session is gone or revoked (a login elsewhere, a logout), or the user moved.
 */
export async function loadActor(db: Db, claims: Claims, now: Date): Promise<Actor | null> {
  const loaded = await loadSessionActor(db, claims);
  return loaded && live(loaded, claims, now) ? loaded.actor : null;
}

/**
 * `loadActor` through the per-session cache (`deps.caches.actors`, a few seconds): every
 * authenticated request resolves its actor here. Revocations, user and company changes evict the
 * entries (server/caches.ts); the session's expiry is checked on every hit.
 */
export async function cachedActor(
  cache: TtlCache<string, CachedActor>,
  db: Db,
  claims: Claims,
  now: Date,
): Promise<Actor | null> {
  const entry = await cache.getOrLoad(claims.sessionId, () => loadSessionActor(db, claims));
  return entry && live(entry, claims, now) ? entry.actor : null;
}

const live = (e: CachedActor, claims: Claims, now: Date) =>
  e.expiresAt >= now.toISOString() && e.actor.userId === claims.userId &&
  e.actor.companyId === claims.companyId;

/** The session's actor, or null when the session is missing or revoked. Frozen: it is shared. */
async function loadSessionActor(db: Db, claims: Claims): Promise<CachedActor | null> {
  const [row] = await db.select({ session: authSessions, user: users, company: companies, plan: plans })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(authSessions.id, claims.sessionId), eq(authSessions.userId, claims.userId)))
    .limit(1);
  if (!row || row.session.revokedAt) return null;
  if (row.user.companyId !== claims.companyId) return null;
  const queueIds = (await db.select({ id: userQueues.queueId }).from(userQueues)
    .where(and(eq(userQueues.companyId, row.user.companyId), eq(userQueues.userId, row.user.id)))).map((r) =>
      r.id
    );
  const actor: Actor = {
    userId: row.user.id,
    companyId: row.user.companyId,
    sessionId: row.session.id,
    user: Object.freeze(row.user),
    company: Object.freeze(row.company),
    plan: Object.freeze(row.plan),
    queueIds: Object.freeze(queueIds) as number[],
    viewer: Object.freeze(viewerOf(row.user, queueIds)),
  };
  return Object.freeze({ actor: Object.freeze(actor), expiresAt: row.session.expiresAt });
}

/**
 * After sessions were revoked in a committed write: their actors leave this instance's cache at once
 * (synchronously), and the event tells their sockets and the other instances.
 */
export function announceRevoked(deps: Deps, e: EventMap["auth.sessions_revoked"]): void {
  if (!e.sessionIds.length) return;
  evict(deps.caches, { kind: "sessions", companyId: e.companyId, sessionIds: e.sessionIds });
  deps.bus.emit("auth.sessions_revoked", e);
}
