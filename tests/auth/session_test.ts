/**
 * Sessions (DESIGN §3): refresh rotation with theft detection, access-token expiry, logout, and
 * a login elsewhere revoking the older session. Time is moved with a manual clock, never slept.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock, MINUTE } from "../_helpers/clock.ts";
import { refreshCookie, refreshWith } from "./_support.ts";

Deno.test("[auth] refresh token rotation", async (t) => {
  const clock = new ManualClock();
  const app = await createTestApp({ clock });
  try {
    const { company } = await createCompany(app);

    await t.step("without a cookie → 401 ERR_SESSION_REVOKED", async () => {
      await expectError(
        await app.request("/api/auth/refresh_token", { method: "POST" }),
        401,
        "ERR_SESSION_REVOKED",
      );
    });

    await t.step("with a forged cookie → 401 ERR_SESSION_REVOKED", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const [sid] = s.cookie.slice(4).split(".");
      await expectError(await refreshWith(app, `jrt=${sid}.forged-secret`), 401, "ERR_SESSION_REVOKED");
      await expectError(await refreshWith(app, "jrt=garbage"), 401, "ERR_SESSION_REVOKED");
    });

    await t.step("each refresh answers {token, user} and sets a new cookie", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const r1 = await refreshWith(app, s.cookie);
      const c1 = refreshCookie(r1);
      const b1 = await expectOk<{ token: string; user: Json }>(r1);
      assert.ok(c1, "no rotated cookie");
      assert.notEqual(c1.pair, s.cookie);
      assert.ok(c1.attrs.map((a) => a.toLowerCase()).includes("httponly"));
      assert.ok(c1.attrs.map((a) => a.toLowerCase()).includes("path=/api/auth"));
      assert.equal(b1.user.id, u.user.id);
      assert.equal((b1.user.company as Json).id, company.id);
      await expectOk(await app.request("/api/auth/me", { token: b1.token }));

      const r2 = await refreshWith(app, c1.pair);
      const c2 = refreshCookie(r2);
      await expectOk(r2);
      assert.ok(c2);
      assert.notEqual(c2.pair, c1.pair);
      assert.notEqual(c2.pair, s.cookie);
    });

    await t.step("the previous cookie within the 30 s grace window is tolerated (two tabs)", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const r1 = await refreshWith(app, s.cookie);
      const c1 = refreshCookie(r1)!;
      await expectOk(r1);
      clock.advance(10_000);
      const again = await refreshWith(app, s.cookie);
      const b = await expectOk<{ token: string }>(again);
      assert.equal(refreshCookie(again), null, "a grace refresh must not mint another cookie");
      await expectOk(await app.request("/api/auth/me", { token: b.token }));
      // The current cookie still works.
      await expectOk(await refreshWith(app, c1.pair));
    });

    await t.step(
      "the old cookie after the grace window is theft: 401 and the session is revoked",
      async () => {
        const u = await createUser(app, company.id);
        const s = await login(app, u);
        const r1 = await refreshWith(app, s.cookie);
        const c1 = refreshCookie(r1)!;
        const b1 = await expectOk<{ token: string }>(r1);

        clock.advance(31_000);
        const stolen = await refreshWith(app, s.cookie);
        await expectError(stolen, 401, "ERR_SESSION_REVOKED");
        // The failed refresh clears the cookie.
        const cleared = stolen.headers.getSetCookie().find((c) => c.startsWith("jrt="));
        assert.ok(cleared && /max-age=0|expires=thu, 01 jan 1970/i.test(cleared), cleared);

        // The whole session is gone: the legitimate newest cookie and its access tokens too.
        await expectError(await refreshWith(app, c1.pair), 401, "ERR_SESSION_REVOKED");
        await expectError(await app.request("/api/auth/me", { token: b1.token }), 401, "ERR_SESSION_REVOKED");
        await expectError(await app.request("/api/auth/me", { token: s.token }), 401, "ERR_SESSION_REVOKED");
        // A new login works.
        await login(app, u);
      },
    );

    await t.step("a cookie two rotations old is theft even inside the grace window", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const c1 = refreshCookie(await refreshWith(app, s.cookie))!;
      const r2 = await refreshWith(app, c1.pair);
      const c2 = refreshCookie(r2)!;
      await expectOk(r2);
      await expectError(await refreshWith(app, s.cookie), 401, "ERR_SESSION_REVOKED");
      await expectError(await refreshWith(app, c2.pair), 401, "ERR_SESSION_REVOKED");
    });

    await t.step("a session expires 7 days after its last refresh", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      clock.advance(6 * 24 * 60 * MINUTE);
      const r = await refreshWith(app, s.cookie);
      const c = refreshCookie(r)!;
      await expectOk(r);
      clock.advance(6 * 24 * 60 * MINUTE); // 12 days after login, 6 after the refresh
      const r2 = await refreshWith(app, c.pair);
      const c2 = refreshCookie(r2)!;
      await expectOk(r2);
      clock.advance(7 * 24 * 60 * MINUTE + MINUTE);
      await expectError(await refreshWith(app, c2.pair), 401, "ERR_SESSION_REVOKED");
    });
  } finally {
    await app.close();
  }
});

Deno.test("[auth] access token expiry", async (t) => {
  const clock = new ManualClock();
  const app = await createTestApp({ clock });
  try {
    const { admin } = await createCompany(app);

    await t.step(
      "a token 16 minutes old → 403 ERR_SESSION_EXPIRED; a refresh gives a working one",
      async () => {
        const s = await login(app, admin);
        await expectOk(await app.request("/api/auth/me", { token: s.token }));
        clock.advance(14 * MINUTE);
        await expectOk(await app.request("/api/auth/me", { token: s.token }));
        clock.advance(2 * MINUTE);
        await expectError(await app.request("/api/auth/me", { token: s.token }), 403, "ERR_SESSION_EXPIRED");
        await expectError(await app.request("/api/users", { token: s.token }), 403, "ERR_SESSION_EXPIRED");

        const r = await refreshWith(app, s.cookie);
        const b = await expectOk<{ token: string }>(r);
        await expectOk(await app.request("/api/auth/me", { token: b.token }));
        await expectOk(await app.request("/api/users", { token: b.token }));
      },
    );
  } finally {
    await app.close();
  }
});

Deno.test("[auth] logout", async (t) => {
  const app = await createTestApp();
  try {
    const { company } = await createCompany(app);

    await t.step("204; the access token then gives 401 and the cookie no longer refreshes", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const res = await app.request("/api/auth/logout", {
        method: "DELETE",
        token: s.token,
        headers: { cookie: s.cookie },
      });
      assert.equal(res.status, 204);
      const cleared = res.headers.getSetCookie().find((c) => c.startsWith("jrt="));
      assert.ok(cleared && /max-age=0|expires=thu, 01 jan 1970/i.test(cleared), cleared);
      await expectError(await app.request("/api/auth/me", { token: s.token }), 401, "ERR_SESSION_REVOKED");
      await expectError(await refreshWith(app, s.cookie), 401, "ERR_SESSION_REVOKED");
    });

    await t.step("with only the refresh cookie (expired access token) the session ends too", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const res = await app.request("/api/auth/logout", { method: "DELETE", headers: { cookie: s.cookie } });
      assert.equal(res.status, 204);
      await expectError(await app.request("/api/auth/me", { token: s.token }), 401, "ERR_SESSION_REVOKED");
    });

    await t.step("a forged cookie does not end somebody's session", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const [sid] = s.cookie.slice(4).split(".");
      const res = await app.request("/api/auth/logout", {
        method: "DELETE",
        headers: { cookie: `jrt=${sid}.not-the-secret` },
      });
      assert.equal(res.status, 204);
      await expectOk(await app.request("/api/auth/me", { token: s.token }));
    });

    await t.step("without any credential it is a harmless 204", async () => {
      const res = await app.request("/api/auth/logout", { method: "DELETE" });
      assert.equal(res.status, 204);
    });

    await t.step("logging out one user leaves colleagues signed in", async () => {
      const a = await login(app, await createUser(app, company.id));
      const b = await login(app, await createUser(app, company.id));
      assert.equal((await app.request("/api/auth/logout", { method: "DELETE", token: a.token })).status, 204);
      await expectOk(await app.request("/api/auth/me", { token: b.token }));
    });
  } finally {
    await app.close();
  }
});

Deno.test("[auth] a login elsewhere revokes the older session", async (t) => {
  const app = await createTestApp();
  try {
    const { company } = await createCompany(app);
    const other = await createCompany(app);

    await t.step(
      "old access token → 401 ERR_SESSION_REVOKED, old cookie → 401; the new one works",
      async () => {
        const u = await createUser(app, company.id);
        const first = await login(app, u);
        const second = await login(app, u);
        await expectError(
          await app.request("/api/auth/me", { token: first.token }),
          401,
          "ERR_SESSION_REVOKED",
        );
        await expectError(await refreshWith(app, first.cookie), 401, "ERR_SESSION_REVOKED");
        await expectOk(await app.request("/api/auth/me", { token: second.token }));
        await expectOk(await refreshWith(app, second.cookie));
      },
    );

    await t.step("only that user's sessions are revoked", async () => {
      const a = await createUser(app, company.id);
      const b = await createUser(app, company.id);
      const c = other.admin;
      const sb = await login(app, b);
      const sc = await login(app, c);
      await login(app, a);
      await login(app, a);
      await expectOk(await app.request("/api/auth/me", { token: sb.token }));
      await expectOk(await app.request("/api/auth/me", { token: sc.token }));
    });
  } finally {
    await app.close();
  }
});
