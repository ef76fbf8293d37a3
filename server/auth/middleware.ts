/**
 * Bearer authentication for /api/*. Public paths are an explicit allowlist; everything else
 * needs a live session or an API key (`atk_…`, as bearer or X-Api-Key: api_keys/key_auth.ts). Then the subscription gate: an expired company reaches only the
 * session, billing and invoice paths (DESIGN §4).
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { isSubscriptionActive } from "../companies/subscription.ts";
import { cachedActor } from "./sessions.ts";
import { clientIp } from "./routes.ts";
import { authenticateKey, presentedKey } from "../api_keys/key_auth.ts";

/** Reachable without a session (each does its own check where it needs one). */
const PUBLIC: RegExp[] = [
  /^\/api\/health$/,
  /^\/api\/version$/,
  /^\/api\/auth\/login\/2fa(\/setup)?$/,
  /^\/api\/auth\/(login|refresh_token|signup|logout|forgetpassword\/[^/]+|resetpasswords)$/,
  /^\/api\/public-settings\/[^/]+$/,
  /^\/api\/plans\/list$/,
  /^\/api\/media\//,
  // A company export's signed download link (server/exports): the signature is the permission.
  /^\/api\/company-exports\/\d+\/download$/,
  /^\/api\/webhooks\//,
  /^\/api\/channels\/[^/]+\/(messages|updates)$/,
  /^\/api\/messages\/send$/,
  /^\/api\/docs/,
  /^\/api\/webchat\/[^/]+\/(session|upload)$/,
];

/** Still reachable when the subscription has expired. */
const BILLING: RegExp[] = [
  /^\/api\/auth\//,
  /^\/api\/invoices/,
  /^\/api\/subscription/,
  /^\/api\/recepts/,
  /^\/api\/plans\//,
  /^\/api\/companies\/listPlan\//,
  /^\/api\/companySettingOnePayment/,
  /^\/api\/helps\/list$/,
];

export const isPublicPath = (path: string) => PUBLIC.some((r) => r.test(path));

export function bearerToken(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(.+)$/i);
  return m ? m[1].trim() : null;
}

export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = c.req.path;
  if (isPublicPath(path)) {
    await optionalActor(c);
    return await next();
  }
  const deps = c.var.deps;
  // An API key (api_keys/key_auth.ts): the company's synthetic actor, scopes and rate limit.
  const key = presentedKey(c.req.header("authorization"), c.req.header("x-api-key"));
  if (key) {
    await authenticateKey(c, key, clientIp(c));
    const { company } = c.var.actor;
    if (!isSubscriptionActive(company, deps.clock.now())) {
      throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { details: { dueDate: company.dueDate } });
    }
    return await next();
  }
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw new AppError("ERR_UNAUTHENTICATED");
  const claims = await deps.tokens.verifyAccess(token, deps.clock.now());
  const actor = await cachedActor(deps.caches.actors, deps.db, claims, deps.clock.now());
  if (!actor) throw new AppError("ERR_SESSION_REVOKED");
  // A copy: the cached actor is shared by requests; ip and user agent belong to this one.
  c.set("actor", { ...actor, ip: clientIp(c), userAgent: c.req.header("user-agent") });
  if (!isSubscriptionActive(actor.company, deps.clock.now()) && !BILLING.some((r) => r.test(path))) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { details: { dueDate: actor.company.dueDate } });
  }
  await next();
};

/** Public routes that behave better with a session (logout) still get the actor when one is sent. */
async function optionalActor(c: Parameters<MiddlewareHandler<AppEnv>>[0]) {
  const token = bearerToken(c.req.header("authorization"));
  // Connection tokens (api channel, send API) are not JWTs: no verification to fail per request.
  if (!token || token.split(".").length !== 3) return;
  try {
    const deps = c.var.deps;
    const claims = await deps.tokens.verifyAccess(token, deps.clock.now());
    const actor = await cachedActor(deps.caches.actors, deps.db, claims, deps.clock.now());
    if (actor) c.set("actor", actor);
  } catch { /* a public route does not need it */ }
}
