/**
 * A connection's token as a bearer (send API, api channel): it authenticates the caller and names
 * the company, which must be active. Unknown token 401, expired company 402.
 *
 * The connection with its company and plan is cached per token (`deps.caches.bearer`, see
 * server/caches.ts); writes to connections, companies and plans invalidate it. Unknown tokens are
 * never cached, and the subscription is checked against the clock on every call.
 */
import type { Deps } from "../deps.ts";
import type { BearerEntry } from "../caches.ts";
import type { Db } from "@db/client.ts";
import { AppError } from "../lib/errors.ts";
import { bearerToken } from "../auth/middleware.ts";
import { getCompanyWithPlan } from "../companies/repo.ts";
import { isSubscriptionActive } from "../companies/subscription.ts";
import { unscopedFindConnectionByToken } from "./repo.ts";

/** Tokens are 30 characters; anything far longer is not looked up. */
const MAX_TOKEN = 100;

export type { BearerEntry };

async function loadBearer(db: Db, token: string): Promise<BearerEntry | null> {
  const conn = await unscopedFindConnectionByToken(db, token);
  if (!conn) return null;
  const { company, plan } = await getCompanyWithPlan(db, conn.companyId);
  return Object.freeze({
    conn: Object.freeze(conn),
    company: Object.freeze(company),
    plan: Object.freeze(plan),
  });
}

export async function connectionForBearer(
  deps: Deps,
  authorization: string | undefined,
  channel?: string,
): Promise<BearerEntry> {
  const token = bearerToken(authorization);
  const entry = token && token.length <= MAX_TOKEN
    ? await deps.caches.bearer.getOrLoad(token, () => loadBearer(deps.db, token))
    : null;
  if (!entry || (channel && entry.conn.channel !== channel)) throw new AppError("ERR_UNAUTHENTICATED");
  const { company } = entry;
  if (!isSubscriptionActive(company, deps.clock.now())) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { details: { dueDate: company.dueDate } });
  }
  return entry;
}
