/**
 * A request that presents an API key (`Authorization: Bearer atk_…` or `X-Api-Key: atk_…`):
 * counted against its rate limit first (RateLimit-* headers on every answer, refusals included;
 * 429 with Retry-After; an unknown key counts in its address's window), resolved to its company,
 * checked (revoked/expired/unknown 401, address outside the ranges 403, a plan without
 * useExternalApi 403 ERR_PLAN_FEATURE), then matched against the route's scope (scopes.ts), and turned into a synthetic
 * actor with no user that is never the operator (lib/actor.ts, `apiKey`). Refusals of a known key
 * are audited, at most one entry per key and reason a minute; the last use is written at most
 * once a minute too, not once per call.
 */
import type { Context } from "hono";
import { API_KEY_PREFIX, type ApiKeyScope } from "@contract/api_keys.ts";
import type { Actor, AppEnv, CompanyRow, PlanRow, UserRow } from "../lib/context.ts";
import { AppError, type ErrorCode } from "../lib/errors.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { auditNow } from "../audit/audit.ts";
import { ipMatcher } from "./ip_ranges.ts";
import { grants, scopeFor } from "./scopes.ts";
import * as repo from "./repo.ts";

const MINUTE = 60_000;

/** The key in a request, when it carries one. */
export function presentedKey(authorization: string | undefined, xApiKey: string | undefined): string | null {
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1].trim();
  if (bearer?.startsWith(API_KEY_PREFIX)) return bearer;
  const x = xApiKey?.trim();
  return x ? x : null;
}

/** Refusal audits already written, per app (its deps): `${keyId}:${reason}` → when (memory, pruned). */
const refusalsAudited = new WeakMap<object, Map<string, number>>();

async function refuse(
  c: Context<AppEnv>,
  key: repo.ApiKeyRecord,
  who: Actor,
  code: ErrorCode,
  reason: string,
  details?: Record<string, unknown>,
): Promise<never> {
  const now = c.var.deps.clock.now().getTime();
  const mark = `${key.id}:${reason}`;
  let seen = refusalsAudited.get(c.var.deps);
  if (!seen) refusalsAudited.set(c.var.deps, seen = new Map());
  if ((seen.get(mark) ?? 0) <= now - MINUTE) {
    if (seen.size > 10_000) seen.clear();
    seen.set(mark, now);
    await auditNow(c.var.deps, who, {
      action: "api_key.refused",
      entity: "api_key",
      entityId: key.id,
      summary: key.name,
      diff: { reason, method: c.req.method, path: c.req.path, ...details },
    });
  }
  throw new AppError(code, { details: { reason, ...details } });
}

/**
 * Counts the call in its window and puts the RateLimit-* headers on the answer, whatever it will be
 * (a refusal too): a known key counts in its own window, an unknown one in its address's, so
 * guessing keys from one address is throttled like any other use.
 */
async function countCall(c: Context<AppEnv>, bucket: string): Promise<{ over: boolean; limit: number }> {
  const deps = c.var.deps;
  const limit = deps.config.apiKeyRateLimit;
  const { count, resetAt } = await deps.apiKeyCounter.hit(bucket);
  const resetIn = Math.max(1, Math.ceil((resetAt - deps.clock.now().getTime()) / 1000));
  c.header("RateLimit-Limit", String(limit));
  c.header("RateLimit-Remaining", String(Math.max(0, limit - count)));
  c.header("RateLimit-Reset", String(resetIn));
  if (count > limit) c.header("Retry-After", String(resetIn));
  return { over: count > limit, limit };
}

/** Sets `actor` for a key request or throws; `ip` is the client's address. */
export async function authenticateKey(c: Context<AppEnv>, secret: string, ip: string): Promise<void> {
  const deps = c.var.deps;
  const found = secret.startsWith(API_KEY_PREFIX)
    ? await repo.unscopedKeyBySecretHash(deps.db, await sha256Hex(secret))
    : undefined;
  if (!found) {
    if ((await countCall(c, `addr:${ip}`)).over) throw new AppError("ERR_RATE_LIMITED");
    throw new AppError("ERR_API_KEY_INVALID");
  }
  const { key, company, plan } = found;
  const now = deps.clock.now();
  const actor = keyActor(key, company, plan, ip, c.req.header("user-agent"));
  const { over, limit } = await countCall(c, `key:${key.id}`);
  if (over) await refuse(c, key, actor, "ERR_RATE_LIMITED", "rate_limit", { limit });
  if (key.revokedAt) await refuse(c, key, actor, "ERR_API_KEY_INVALID", "revoked");
  if (key.expiresAt && key.expiresAt <= now.toISOString()) {
    await refuse(c, key, actor, "ERR_API_KEY_INVALID", "expired");
  }
  if (!ipMatcher(key.allowedIps)(ip)) await refuse(c, key, actor, "ERR_API_KEY_IP_NOT_ALLOWED", "ip", { ip });
  // The plan's external-API flag is the switch for keys (spec 3 §6: useExternalApi gates the
  // messages API); a plan without it keeps its keys listed and revocable but none of them works.
  if (!plan.useExternalApi) {
    await refuse(c, key, actor, "ERR_PLAN_FEATURE", "plan", { feature: "useExternalApi" });
  }

  const path = c.req.path.replace(/^\/api/, "");
  const needed = scopeFor(c.req.method, path);
  if (!needed) await refuse(c, key, actor, "ERR_API_KEY_SCOPE", "route", { scope: null });
  else if (!grants(key.scopes as ApiKeyScope[], needed)) {
    await refuse(c, key, actor, "ERR_API_KEY_SCOPE", "scope", { scope: needed });
  }

  if (!key.lastUsedAt || key.lastUsedAt < new Date(now.getTime() - MINUTE).toISOString()) {
    const staleBefore = new Date(now.getTime() - MINUTE).toISOString();
    await deps.database.write((tx) => repo.touchApiKey(tx, key.id, now.toISOString(), ip, staleBefore));
  }
  c.set("actor", actor);
}

/**
 * The key as an actor: its company and plan, no user (`userId` null at run time, see lib/actor.ts),
 * a synthetic admin-profile user row so that within its scopes the key reaches what an admin of
 * the company reaches, and never `super`.
 */
function keyActor(
  key: repo.ApiKeyRecord,
  company: CompanyRow,
  plan: PlanRow,
  ip: string,
  userAgent: string | undefined,
): Actor {
  const user: UserRow = {
    id: null as unknown as number,
    companyId: company.id,
    name: `API key: ${key.name}`,
    email: "",
    passwordHash: "",
    profile: "admin",
    super: false,
    online: false,
    lastSeenAt: null,
    color: null,
    farewellMessage: null,
    startWork: "00:00",
    endWork: "23:59",
    whatsappId: null,
    allTicket: "enabled",
    allowGroup: true,
    defaultTheme: "light",
    defaultMenu: "open",
    allHistoric: "enabled",
    allUserChat: "disabled",
    userClosePendingTicket: "enabled",
    showDashboard: "enabled",
    allowRealTime: "disabled",
    allowConnections: "disabled",
    profileImage: null,
    defaultTicketsManagerWidth: 400,
    timezone: null,
    createdAt: key.createdAt,
    updatedAt: key.createdAt,
  };
  return {
    userId: null as unknown as number,
    companyId: company.id,
    sessionId: `apikey:${key.id}`,
    user,
    company,
    plan,
    queueIds: [],
    viewer: {
      userId: null as unknown as number,
      profile: "admin",
      super: false,
      queueIds: [],
      allTicket: "enabled",
      allowGroup: true,
      allUserChat: "disabled",
      allHistoric: "enabled",
    },
    apiKey: { id: key.id, name: key.name, scopes: key.scopes as ApiKeyScope[] },
    ip,
    userAgent,
  };
}
