/** Making a key through the real route, and calling the app with one (bearer or X-Api-Key). */
import type { TestApp } from "../_helpers/test_app.ts";
import { expectOk, type Json } from "../_helpers/http.ts";

export type Key = Json & { id: number; secret: string; prefix: string };

export async function makeKey(t: TestApp, adminToken: string, body: Json): Promise<Key> {
  return await expectOk<Key>(
    await t.request("/api/api-keys", { method: "POST", token: adminToken, json: { name: "ERP", ...body } }),
    201,
  );
}

export function withKey(
  t: TestApp,
  secret: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  return t.request(path, { ...init, token: secret });
}
