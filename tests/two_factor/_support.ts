/** Shared steps of the two-factor tests: the password step and a full login with a TOTP code. */
import type { TestApp } from "../_helpers/test_app.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import type { ManualClock } from "../_helpers/clock.ts";
import { codeAt } from "./_totp.ts";

export const SECRET_OPEN = (app: TestApp, sealed: string) => app.deps.secrets.open(sealed);

export async function passwordStep(app: TestApp, who: { email: string; password: string }) {
  return await app.request("/api/auth/login", {
    method: "POST",
    json: { email: who.email, password: who.password },
  });
}

export async function login2fa(
  app: TestApp,
  who: { email: string; password: string },
  secret: string,
  clock: ManualClock,
) {
  const { challenge } = await expectOk<Json>(await passwordStep(app, who));
  const b = await expectOk<Json>(
    await app.request("/api/auth/login/2fa", {
      method: "POST",
      json: { challenge, code: codeAt(secret, clock.now()) },
    }),
  );
  return String(b.token);
}
