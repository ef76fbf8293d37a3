/**
 * A connection's token as a bearer (send API, api channel): it authenticates the caller and names
 * the company, which must be active. Unknown token 401, expired company 402.
 */
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { bearerToken } from "../auth/middleware.ts";
import { getCompanyWithPlan } from "../companies/repo.ts";
import { isSubscriptionActive } from "../companies/subscription.ts";
import { type ConnectionRow, unscopedFindConnectionByToken } from "./repo.ts";

/** Tokens are 30 characters; anything far longer is not looked up. */
const MAX_TOKEN = 100;

export async function connectionForBearer(deps: Deps, authorization: string | undefined, channel?: string) {
  const token = bearerToken(authorization);
  const conn: ConnectionRow | null = token && token.length <= MAX_TOKEN
    ? await unscopedFindConnectionByToken(deps.db, token)
    : null;
  if (!conn || (channel && conn.channel !== channel)) throw new AppError("ERR_UNAUTHENTICATED");
  const { company, plan } = await getCompanyWithPlan(deps.db, conn.companyId);
  if (!isSubscriptionActive(company, deps.clock.now())) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { details: { dueDate: company.dueDate } });
  }
  return { conn, company, plan };
}
