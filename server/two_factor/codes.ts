/**
 * Checking a second factor inside a write transaction: a TOTP code (accepted once: its step must
 * be later than the last accepted one) or, where allowed, an unused recovery code. A wrong answer
 * counts towards the lock (5 in a row → 15 minutes, in the database so it holds across instances)
 * and is audited as `auth.2fa_failed`.
 */
import type { Tx } from "@db/client.ts";
import { AppError } from "../lib/errors.ts";
import { audit, type AuditWho } from "../audit/audit.ts";
import { hashRecoveryCode, isTotpShaped, matchStep } from "./totp.ts";
import * as repo from "./repo.ts";

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

export type CodeCheck = { step: number | null; recoveryHash: string | null };

/** The parts of a code that need async work (decryption is done by the caller), before the transaction. */
export async function prepareCode(secret: string, code: string, now: Date, allowRecovery: boolean) {
  const step = matchStep(secret, code, now);
  const recoveryHash = step === null && allowRecovery && !isTotpShaped(code) && code.trim().length >= 8
    ? await hashRecoveryCode(code)
    : null;
  return { step, recoveryHash } satisfies CodeCheck;
}

export function assertNotLocked(row: repo.TwoFactorRow | undefined, now: Date) {
  if (row?.lockedUntil && row.lockedUntil > now.toISOString()) {
    throw new AppError("ERR_RATE_LIMITED", { details: { until: row.lockedUntil } });
  }
}

/**
 * Consumes the code for an enabled user. Returns "totp" | "recovery" on success, null on failure
 * (the failure is already counted and audited in `tx`; the caller throws after the commit).
 */
export async function consumeCode(
  tx: Tx,
  who: AuditWho & { userId: number },
  check: CodeCheck,
  now: Date,
  context: string,
): Promise<"totp" | "recovery" | null> {
  const nowIso = now.toISOString();
  if (check.step !== null && await repo.consumeStep(tx, who.userId, check.step)) return "totp";
  if (check.recoveryHash && await repo.useRecoveryCode(tx, who.userId, check.recoveryHash, nowIso)) {
    await audit(tx, who, { action: "auth.2fa_recovery_used", entity: "user", entityId: who.userId });
    return "recovery";
  }
  await repo.recordFailure(tx, who.userId, MAX_FAILURES, new Date(now.getTime() + LOCK_MS).toISOString());
  await audit(tx, who, {
    action: "auth.2fa_failed",
    entity: "user",
    entityId: who.userId,
    summary: who.email ?? null,
    diff: { context, reason: check.step !== null ? "replayed" : "wrong_code" },
  });
  return null;
}
