/**
 * The second step of a login. After the password (server/auth/service.ts `login`), a user with
 * 2FA, or one who must have it, gets a challenge instead of a session: a random token, valid for
 * 5 minutes and 5 attempts, good for nothing but POST /auth/login/2fa. With the right code that
 * call opens the session exactly as a password-only login does (`openSession`).
 * A user who must use 2FA and has not enrolled gets an `enroll` challenge: /auth/login/2fa/setup
 * shows him a new secret, and his first code both enables 2FA and opens the session (with his
 * recovery codes, shown once).
 */
import { eq } from "drizzle-orm";
import { users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { UserRow } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { randomString, sha256Hex } from "../lib/crypto.ts";
import { audit, type AuditWho } from "../audit/audit.ts";
import { openSession, type SessionResult } from "../auth/session_open.ts";
import { assertNotLocked, consumeCode, prepareCode } from "./codes.ts";
import { enrolmentView, hashRecoveryCode, newRecoveryCodes, newSecret } from "./totp.ts";
import { issuer, twoFactorRequired } from "./policy.ts";
import * as repo from "./repo.ts";

const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_ATTEMPTS = 5;

export type LoginChallenge = { requires2fa: true; enroll: boolean; challenge: string };
type Meta = { ip: string; userAgent?: string };

const whoOf = (u: UserRow, meta: Meta): AuditWho & { userId: number } => ({
  companyId: u.companyId,
  userId: u.id,
  name: u.name,
  email: u.email,
  ip: meta.ip,
  userAgent: meta.userAgent,
});

/** Called by `login` right after the password step: a challenge, or null when no second factor applies. */
export async function secondFactorChallenge(
  deps: Deps,
  user: UserRow,
  meta: Meta,
): Promise<LoginChallenge | null> {
  const tf = await repo.findTwoFactor(deps.db, user.id);
  const enrolled = !!tf?.enabledAt;
  if (!enrolled && !(await twoFactorRequired(deps, user.companyId))) return null;
  const challenge = randomString(43);
  const now = deps.clock.now();
  await deps.database.write(async (tx) =>
    await repo.insertChallenge(tx, {
      idHash: await sha256Hex(challenge),
      userId: user.id,
      purpose: enrolled ? "verify" : "enroll",
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    }, now.toISOString())
  );
  return { requires2fa: true, enroll: !enrolled, challenge };
}

async function liveChallenge(deps: Deps, challenge: string) {
  const idHash = await sha256Hex(challenge);
  const ch = await repo.findLiveChallenge(
    deps.db,
    idHash,
    deps.clock.now().toISOString(),
    CHALLENGE_ATTEMPTS,
  );
  if (!ch) throw new AppError("ERR_2FA_CHALLENGE_INVALID");
  const [user] = await deps.db.select().from(users).where(eq(users.id, ch.userId)).limit(1);
  if (!user) throw new AppError("ERR_2FA_CHALLENGE_INVALID");
  return { ch, user, idHash };
}

/** POST /auth/login/2fa/setup: the secret to scan, for an `enroll` challenge. */
export async function setupAtLogin(deps: Deps, challenge: string) {
  const { ch, user, idHash } = await liveChallenge(deps, challenge);
  if (ch.purpose !== "enroll") throw new AppError("ERR_2FA_ALREADY_ENABLED");
  const secret = newSecret();
  const sealed = await deps.secrets.seal(secret);
  await deps.database.write((tx) => repo.setChallengeSecret(tx, idHash, sealed));
  return await enrolmentView(secret, user.email, await issuer(deps));
}

/** POST /auth/login/2fa: the code (or a recovery code) for the challenge → the session. */
export async function completeLogin(
  deps: Deps,
  input: { challenge: string; code: string },
  meta: Meta,
): Promise<SessionResult & { recoveryCodes?: string[] }> {
  const { ch, user, idHash } = await liveChallenge(deps, input.challenge);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const who = whoOf(user, meta);

  if (ch.purpose === "verify") {
    const tf = await repo.findTwoFactor(deps.db, user.id);
    if (!tf?.enabledAt) throw new AppError("ERR_2FA_CHALLENGE_INVALID");
    assertNotLocked(tf, now);
    const check = await prepareCode(await deps.secrets.open(tf.secret), input.code, now, true);
    const ok = await deps.database.write(async (tx) => {
      if (!(await consumeCode(tx, who, check, now, "login"))) {
        await repo.countChallengeAttempt(tx, idHash);
        return false;
      }
      // A concurrent request already used the challenge: throwing rolls this code's use back.
      if (!(await repo.useChallenge(tx, idHash, nowIso))) throw new AppError("ERR_2FA_CHALLENGE_INVALID");
      return true;
    });
    if (!ok) throw new AppError("ERR_2FA_INVALID_CODE");
    return await openSession(deps, user, meta);
  }

  // enroll: the first code proves the user scanned the secret shown by setupAtLogin.
  if (!ch.pendingSecret) throw new AppError("ERR_2FA_CHALLENGE_INVALID");
  const { step } = await prepareCode(await deps.secrets.open(ch.pendingSecret), input.code, now, false);
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  const ok = await deps.database.write(async (tx) => {
    if (step === null) {
      await repo.countChallengeAttempt(tx, idHash);
      await audit(tx, who, {
        action: "auth.2fa_failed",
        entity: "user",
        entityId: user.id,
        summary: user.email,
        diff: { context: "enrol_at_login", reason: "wrong_code" },
      });
      return false;
    }
    if (!(await repo.useChallenge(tx, idHash, nowIso))) throw new AppError("ERR_2FA_CHALLENGE_INVALID");
    await repo.enable(tx, user.companyId, user.id, ch.pendingSecret!, step, nowIso);
    await repo.replaceRecoveryCodes(tx, user.id, hashes);
    await audit(tx, who, {
      action: "auth.2fa_enabled",
      entity: "user",
      entityId: user.id,
      summary: user.email,
    });
    return true;
  });
  if (!ok) throw new AppError("ERR_2FA_INVALID_CODE");
  return { ...(await openSession(deps, user, meta)), recoveryCodes: codes };
}
