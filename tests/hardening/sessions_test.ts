/**
 * Sessions and login throttling under attack: a session id (in every access token) plus a made-up
 * secret cannot revoke anyone's session; a really issued, rotated secret still can (theft). Login
 * throttling lives in the database, so two instances on one database share it.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { refreshCookie, refreshWith } from "../auth/_support.ts";
import { decodeJwt } from "jose";

Deno.test("[hardening] only a secret issued for the session triggers the theft response", async (t) => {
  const clock = new ManualClock();
  const app = await createTestApp({ clock, scheduler: false });
  try {
    const { company } = await createCompany(app);
    const victim = await createUser(app, company.id);
    const s = await login(app, victim);
    const sid = String(decodeJwt(s.token).sid);
    assert.equal(s.cookie.slice(4).split(".")[0], sid, "the access token names the session");

    await t.step("an unknown secret: 401, the session stays alive", async () => {
      for (const secret of ["forged", "x".repeat(43), ""]) {
        await expectError(await refreshWith(app, `jrt=${sid}.${secret}`), 401, "ERR_SESSION_REVOKED");
      }
      await expectOk(await app.request("/api/auth/me", { token: s.token }));
      const r = await refreshWith(app, s.cookie);
      await expectOk(r);
      assert.ok(refreshCookie(r), "the victim's own cookie still rotates");
    });

    await t.step("a secret issued and rotated away long ago: theft, the session is revoked", async () => {
      const u = await createUser(app, company.id);
      const first = await login(app, u);
      let cookie = first.cookie;
      for (let i = 0; i < 3; i++) {
        clock.advance(60_000);
        const r = await refreshWith(app, cookie);
        await expectOk(r);
        cookie = refreshCookie(r)!.pair;
      }
      clock.advance(60_000);
      await expectError(await refreshWith(app, first.cookie), 401, "ERR_SESSION_REVOKED");
      await expectError(await refreshWith(app, cookie), 401, "ERR_SESSION_REVOKED");
      await expectError(
        await app.request("/api/auth/me", { token: first.token }),
        401,
        "ERR_SESSION_REVOKED",
      );
    });
  } finally {
    await app.close();
  }
});

Deno.test("[hardening] login throttling holds across two instances on one database", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-throttle-" });
  const a = await createTestApp({ dataDir, scheduler: false });
  const b = await createTestApp({ dataDir, scheduler: false });
  try {
    const { company } = await createCompany(a);
    const u = await createUser(a, company.id);
    const attempt = (app: typeof a, password: string) =>
      app.request("/api/auth/login", { method: "POST", json: { email: u.email, password } });
    for (let i = 0; i < 5; i++) {
      await expectError(await attempt(a, "wrong-password"), 401, "ERR_INVALID_CREDENTIALS");
      await expectError(await attempt(b, "wrong-password"), 401, "ERR_INVALID_CREDENTIALS");
    }
    // Ten failures in all, five on each: both instances refuse, even the right password.
    await expectError(await attempt(a, u.password), 429, "ERR_RATE_LIMITED");
    await expectError(await attempt(b, u.password), 429, "ERR_RATE_LIMITED");
  } finally {
    await b.close();
    await a.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
