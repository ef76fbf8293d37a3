/**
 * A signed-in user's own two-factor settings (the profile dialog): start enrolment, confirm it with
 * a first code (→ 10 recovery codes, shown once), regenerate the codes, turn 2FA off; and an admin's
 * reset of a colleague who lost his device. Every change is audited in its own transaction.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, noPermission } from "../lib/errors.ts";
import { audit } from "../audit/audit.ts";
import { requireAdmin } from "../auth/permissions.ts";
import { getUser } from "../users/repo.ts";
import { evict } from "../caches.ts";
import { assertNotLocked, consumeCode, prepareCode } from "./codes.ts";
import { enrolmentView, hashRecoveryCode, newRecoveryCodes, newSecret } from "./totp.ts";
import { issuer, twoFactorRequired } from "./policy.ts";
import * as repo from "./repo.ts";

export async function status(deps: Deps, actor: Actor) {
  const row = await repo.findTwoFactor(deps.db, actor.userId);
  return {
    enabled: !!row?.enabledAt,
    required: await twoFactorRequired(deps, actor.companyId),
    recoveryCodesLeft: row?.enabledAt ? await repo.recoveryCodesLeft(deps.db, actor.userId) : 0,
  };
}

/** A new secret, pending until confirmed; replaces an unconfirmed one. */
export async function setup(deps: Deps, actor: Actor) {
  const row = await repo.findTwoFactor(deps.db, actor.userId);
  if (row?.enabledAt) throw new AppError("ERR_2FA_ALREADY_ENABLED");
  const secret = newSecret();
  const sealed = await deps.secrets.seal(secret);
  const now = deps.clock.now().toISOString();
  await deps.database.write((tx) => repo.upsertPending(tx, actor.companyId, actor.userId, sealed, now));
  return await enrolmentView(secret, actor.user.email, await issuer(deps));
}

async function issueCodes() {
  const codes = newRecoveryCodes();
  return { codes, hashes: await Promise.all(codes.map(hashRecoveryCode)) };
}

export async function confirm(deps: Deps, actor: Actor, code: string) {
  const row = await repo.findTwoFactor(deps.db, actor.userId);
  if (!row) throw new AppError("ERR_2FA_NOT_ENABLED");
  if (row.enabledAt) throw new AppError("ERR_2FA_ALREADY_ENABLED");
  const now = deps.clock.now();
  const { step } = await prepareCode(await deps.secrets.open(row.secret), code, now, false);
  const { codes, hashes } = await issueCodes();
  const ok = await deps.database.write(async (tx) => {
    if (step === null) {
      await audit(tx, actor, {
        action: "auth.2fa_failed",
        entity: "user",
        entityId: actor.userId,
        summary: actor.user.email,
        diff: { context: "enrol", reason: "wrong_code" },
      });
      return false;
    }
    await repo.enable(tx, actor.companyId, actor.userId, row.secret, step, now.toISOString());
    await repo.replaceRecoveryCodes(tx, actor.userId, hashes);
    await audit(tx, actor, {
      action: "auth.2fa_enabled",
      entity: "user",
      entityId: actor.userId,
      summary: actor.user.email,
    });
    return true;
  });
  if (!ok) throw new AppError("ERR_2FA_INVALID_CODE");
  return { recoveryCodes: codes };
}

/** Checks a current code (TOTP or recovery) of an enabled user, in `tx`'s transaction. */
async function withCode<T>(
  deps: Deps,
  actor: Actor,
  code: string,
  context: string,
  then: (tx: Parameters<Parameters<Deps["database"]["write"]>[0]>[0]) => Promise<T>,
): Promise<T> {
  const row = await repo.findTwoFactor(deps.db, actor.userId);
  if (!row?.enabledAt) throw new AppError("ERR_2FA_NOT_ENABLED");
  const now = deps.clock.now();
  assertNotLocked(row, now);
  const check = await prepareCode(await deps.secrets.open(row.secret), code, now, true);
  const who = {
    companyId: actor.companyId,
    userId: actor.userId,
    name: actor.user.name,
    email: actor.user.email,
    ip: actor.ip,
    userAgent: actor.userAgent,
  };
  const r = await deps.database.write(async (tx) => {
    if (!(await consumeCode(tx, who, check, now, context))) return { ok: false as const };
    return { ok: true as const, value: await then(tx) };
  });
  if (!r.ok) throw new AppError("ERR_2FA_INVALID_CODE");
  return r.value;
}

export async function disable(deps: Deps, actor: Actor, code: string): Promise<void> {
  if (await twoFactorRequired(deps, actor.companyId)) throw new AppError("ERR_2FA_REQUIRED");
  await withCode(deps, actor, code, "disable", async (tx) => {
    await repo.disable(tx, actor.userId);
    await audit(tx, actor, {
      action: "auth.2fa_disabled",
      entity: "user",
      entityId: actor.userId,
      summary: actor.user.email,
    });
  });
}

export async function regenerate(deps: Deps, actor: Actor, code: string) {
  const { codes, hashes } = await issueCodes();
  await withCode(deps, actor, code, "recovery_codes", async (tx) => {
    await repo.replaceRecoveryCodes(tx, actor.userId, hashes);
    await audit(tx, actor, {
      action: "auth.2fa_recovery_regenerated",
      entity: "user",
      entityId: actor.userId,
      summary: actor.user.email,
    });
  });
  return { recoveryCodes: codes };
}

/**
 * An admin turns a colleague's 2FA off (lost device, no codes left). If 2FA is required, the user
 * enrols again at his next login. A super user's only by a super user.
 */
export async function resetForUser(deps: Deps, actor: Actor, userId: number): Promise<void> {
  requireAdmin(actor);
  const target = await getUser(deps.db, actor.companyId, userId);
  if (target.super && !actor.user.super) throw noPermission();
  await deps.database.write(async (tx) => {
    await repo.disable(tx, userId);
    await audit(tx, actor, {
      action: "auth.2fa_disabled",
      entity: "user",
      entityId: userId,
      summary: target.email,
      diff: { by: "admin" },
    });
  });
  evict(deps.caches, { kind: "user", companyId: actor.companyId, userId });
}
