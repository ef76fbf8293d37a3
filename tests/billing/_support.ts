/** Helpers of the back-office and billing suites. */
import { login } from "../_helpers/factories.ts";
import { OPERATOR, type TestApp } from "../_helpers/test_app.ts";

export async function operatorToken(t: TestApp): Promise<string> {
  return (await login(t, OPERATOR)).token;
}

/** Sets an operator setting through the real API. */
export async function setPlatform(t: TestApp, token: string, key: string, value: string) {
  const res = await t.request(`/api/settings/${key}`, { method: "PUT", token, json: { value } });
  if (res.status !== 200) throw new Error(`PUT /settings/${key}: ${res.status} ${await res.text()}`);
}

export function routeCall(t: TestApp, method: string, path: string, token?: string) {
  return t.request(path, {
    method,
    token,
    ...(method === "GET" || method === "DELETE" ? {} : { json: {} }),
  });
}
