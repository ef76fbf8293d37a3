/**
 * How the suite calls a documented route, as an integrator would: a route with a scope with an API
 * key of the company holding exactly `scopeOf(route)` (made through the real key route, one per
 * scope), the send API with its connection's token.
 */
import { type ApiRoute, scopeOf } from "@/api_docs/registry.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { makeKey } from "../api_keys/_keys.ts";

export type DocAuth = {
  /** The secret of a company key holding `scope` (the bearer of scoped routes). */
  keys: (scope: string) => Promise<string>;
  /** The token of one of the company's connections (the send API's bearer). */
  connectionToken: string;
};

export type DocCall = {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
};

export type DocAnswer = { status: number; body: unknown; res: Response };

/** Keys made by the company's admin, one per scope, kept for the test. */
export function keyMaker(t: TestApp, adminToken: string): DocAuth["keys"] {
  const made = new Map<string, Promise<string>>();
  return (scope) => {
    if (!made.has(scope)) {
      made.set(scope, makeKey(t, adminToken, { name: scope, scopes: [scope] }).then((k) => k.secret));
    }
    return made.get(scope)!;
  };
}

/** The bearer a documented call carries. */
async function bearerFor(route: ApiRoute, auth: DocAuth): Promise<string> {
  const scope = scopeOf(route);
  return scope ? await auth.keys(scope) : auth.connectionToken;
}

/** The route's URL with its path values and query filled in. */
export function urlOf(route: ApiRoute, call: DocCall = {}): string {
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) => {
    const v = call.params?.[name];
    if (v === undefined) throw new Error(`${route.operationId}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
  const q = new URLSearchParams(call.query ?? {}).toString();
  return q ? `${path}?${q}` : path;
}

export async function callDocumented(
  t: TestApp,
  route: ApiRoute,
  auth: DocAuth | null,
  call: DocCall = {},
): Promise<DocAnswer> {
  const res = await t.request(urlOf(route, call), {
    method: route.method.toUpperCase(),
    ...(auth ? { token: await bearerFor(route, auth) } : {}),
    ...(call.form ? { body: call.form } : call.json !== undefined ? { json: call.json } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, res };
}
