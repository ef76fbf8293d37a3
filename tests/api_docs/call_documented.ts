/**
 * How the suite calls a documented route: one helper, so that the way it authenticates changes
 * in one place. Today a route with a scope is called with a staff admin's session of the
 * company; once API keys exist, `bearerFor` mints a key of the company holding `scopeOf(route)`.
 * The send API is called with its connection's token, as integrators do.
 */
import type { ApiRoute } from "@/api_docs/registry.ts";
import type { TestApp } from "../_helpers/test_app.ts";

export type DocAuth = {
  /** A staff admin's access token of the company (until keys: the bearer of scoped routes). */
  adminToken: string;
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

/** The bearer a documented call carries. */
function bearerFor(route: ApiRoute, auth: DocAuth): string {
  return route.resource ? auth.adminToken : auth.connectionToken;
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
    ...(auth ? { token: bearerFor(route, auth) } : {}),
    ...(call.form ? { body: call.form } : call.json !== undefined ? { json: call.json } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, res };
}
