/**
 * Sessions (spec 1 §4, §7). A login opens a session and revokes the user's older ones (their
 * sockets hear `company-{id}-auth` and log out). Refresh tokens rotate on every use; presenting
 * an already-rotated token revokes the session (theft), except for a short grace window that
 * absorbs two tabs refreshing at once. Only a secret really issued for the session can do that:
 * any other secret (the session id is in every access token) is refused and changes nothing.
 */
import { and, eq } from "drizzle-orm";
import { authSessions, authSessionSecrets, users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor, UserRow } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { hashPassword, randomString, safeEqual, sha256Hex, verifyPassword } from "../lib/crypto.ts";
import { withinHours, zonedParts } from "../lib/time.ts";
import { getCompanyWithPlan } from "../companies/repo.ts";
import { unscopedFindUserByEmail } from "../users/repo.ts";
import { newRefreshSecret, parseRefreshToken, REFRESH_TTL_MS } from "../lib/tokens.ts";
import { announceRevoked, revokeSession, type SessionRow, unscopedFindSession } from "./sessions.ts";
import { type LoginChallenge, secondFactorChallenge } from "../two_factor/login.ts";
import { openSession, type SessionResult, sessionUser } from "./session_open.ts";

/** A real hash verified when the e-mail is unknown, so the timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => dummyHash ??= hashPassword(randomString(16));
const ROTATION_GRACE_MS = 30_000;

async function inWorkHours(deps: Deps, u: UserRow): Promise<boolean> {
  if (u.super) return true;
  const { company } = await getCompanyWithPlan(deps.db, u.companyId);
  return withinHours(zonedParts(deps.clock.now(), company.timezone).time, u.startWork, u.endWork);
}

export async function login(
  deps: Deps,
  input: { email: string; password: string },
  meta: { ip: string; userAgent?: string },
): Promise<SessionResult | LoginChallenge> {
  const email = input.email.trim().toLowerCase();
  const key = `${meta.ip}|${email}`;
  if (await deps.loginLimiter.blocked(key)) throw new AppError("ERR_RATE_LIMITED");
  const user = await unscopedFindUserByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? await getDummyHash(), input.password);
  if (!user || !ok) {
    await deps.loginLimiter.hit(key);
    throw new AppError("ERR_INVALID_CREDENTIALS");
  }
  await deps.loginLimiter.reset(key);
  if (!(await inWorkHours(deps, user))) throw new AppError("ERR_OUT_OF_HOURS");
  // Second factor (server/two_factor/login.ts): a challenge instead of a session when it applies.
  const challenge = await secondFactorChallenge(deps, user, meta);
  if (challenge) return challenge;
  return await openSession(deps, user, meta);
}

/** Rotates the refresh token. Throws ERR_SESSION_REVOKED (401: log in again). */
export async function refresh(deps: Deps, rawCookie: string | undefined): Promise<SessionResult> {
  const parsed = parseRefreshToken(rawCookie);
  if (!parsed) throw new AppError("ERR_SESSION_REVOKED");
  const session = await unscopedFindSession(deps.db, parsed.sessionId);
  const nowDate = deps.clock.now();
  const now = nowDate.toISOString();
  if (!session || session.revokedAt || session.expiresAt < now) throw new AppError("ERR_SESSION_REVOKED");
  const presented = await sha256Hex(parsed.secret);
  let refreshToken: string | undefined;
  if (safeEqual(presented, session.secretHash)) {
    const next = await newRefreshSecret();
    const rotated = await deps.database.write(async (tx) => {
      const done = await tx.update(authSessions).set({
        previousSecretHash: session.secretHash,
        secretHash: next.hash,
        expiresAt: new Date(nowDate.getTime() + REFRESH_TTL_MS).toISOString(),
        updatedAt: now,
      }).where(and(eq(authSessions.id, session.id), eq(authSessions.secretHash, session.secretHash)))
        .returning({ id: authSessions.id });
      if (done.length) {
        await tx.insert(authSessionSecrets).values({
          sessionId: session.id,
          secretHash: session.secretHash,
          retiredAt: now,
        }).onConflictDoNothing();
      }
      return done.length > 0;
    });
    // Not rotated: a concurrent refresh (another tab) rotated first; that one sets the cookie.
    if (rotated) refreshToken = `${session.id}.${next.secret}`;
  } else if (
    session.previousSecretHash && safeEqual(presented, session.previousSecretHash) &&
    nowDate.getTime() - Date.parse(session.updatedAt) < ROTATION_GRACE_MS
  ) {
    // A concurrent refresh (two tabs): the browser already holds the newer cookie.
  } else if (await wasIssued(deps, session, presented)) {
    await deps.database.write((tx) => revokeSession(tx, session.id, "token_reuse", now));
    announceRevoked(deps, {
      companyId: session.companyId,
      userId: session.userId,
      sessionIds: [session.id],
      reason: "token_reuse",
    });
    throw new AppError("ERR_SESSION_REVOKED");
  } else {
    // A secret never issued for this session: refused, and the session is left alone.
    throw new AppError("ERR_SESSION_REVOKED");
  }
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user) throw new AppError("ERR_SESSION_REVOKED");
  return {
    token: await deps.tokens.signAccess({
      userId: user.id,
      companyId: user.companyId,
      sessionId: session.id,
      profile: user.profile,
    }, nowDate),
    refreshToken,
    user: await sessionUser(deps, user),
  };
}

/** Whether `hash` is a secret this session rotated away from (so presenting it is reuse of a stolen token). */
async function wasIssued(deps: Deps, session: SessionRow, hash: string): Promise<boolean> {
  if (session.previousSecretHash && safeEqual(hash, session.previousSecretHash)) return true;
  const [row] = await deps.db.select({ at: authSessionSecrets.retiredAt }).from(authSessionSecrets)
    .where(and(eq(authSessionSecrets.sessionId, session.id), eq(authSessionSecrets.secretHash, hash))).limit(
      1,
    );
  return !!row;
}

/** Ends the session of the access token or, without one, of the refresh cookie. */
export async function logout(deps: Deps, actor: Actor | null, rawCookie: string | undefined): Promise<void> {
  const sessionId = actor?.sessionId ?? parseRefreshToken(rawCookie)?.sessionId;
  if (!sessionId) return;
  const session = await unscopedFindSession(deps.db, sessionId);
  if (!session || session.revokedAt) return;
  if (!actor) {
    const parsed = parseRefreshToken(rawCookie)!;
    if (!safeEqual(await sha256Hex(parsed.secret), session.secretHash)) return;
  }
  await deps.database.write((tx) => revokeSession(tx, session.id, "logout", deps.clock.now().toISOString()));
  announceRevoked(deps, {
    companyId: session.companyId,
    userId: session.userId,
    sessionIds: [session.id],
    reason: "logout",
  });
}

export const me = (deps: Deps, actor: Actor) => sessionUser(deps, actor.user);
