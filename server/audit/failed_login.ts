/**
 * Failed logins have no session and no actor. The entry records the e-mail tried, the address and
 * the reason, in its own short transaction. When the e-mail is a user's, it goes to that user's
 * company log (its admins see attempts on their accounts); otherwise only the operator sees it.
 */
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { unscopedFindUserByEmail } from "../users/repo.ts";
import { auditNow } from "./audit.ts";

const REASONS = new Set(["ERR_INVALID_CREDENTIALS", "ERR_RATE_LIMITED", "ERR_OUT_OF_HOURS"]);

export async function auditFailedLogin(
  deps: Deps,
  rawEmail: unknown,
  meta: { ip: string; userAgent?: string },
  err: unknown,
): Promise<void> {
  if (!(err instanceof AppError) || !REASONS.has(err.code)) return;
  const email = String(rawEmail ?? "").trim().toLowerCase().slice(0, 200);
  const user = email ? await unscopedFindUserByEmail(deps.db, email) : null;
  await auditNow(
    deps,
    { companyId: user?.companyId ?? null, email, ip: meta.ip, userAgent: meta.userAgent },
    {
      action: "auth.login_failed",
      entity: "user",
      entityId: user?.id ?? null,
      summary: email,
      diff: { reason: err.code },
    },
  );
}
