/** POST /api/auth/login and GET /api/auth/me (spec 1 §4, §5, §7; DESIGN §3). */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { refreshCookie } from "./_support.ts";

Deno.test("[auth] login", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const agent = await createUser(app, company.id, { name: "Agent Smith" });

    await t.step("200 with {token, user}; the e-mail is case-insensitive and trimmed", async () => {
      const res = await app.request("/api/auth/login", {
        method: "POST",
        json: { email: `  ${agent.email.toUpperCase()} `, password: agent.password },
      });
      const b = await expectOk<{ token: string; user: Json }>(res);
      assert.equal(typeof b.token, "string");
      assert.equal(b.token.split(".").length, 3);
      assert.equal(b.user.id, agent.user.id);
      assert.equal(b.user.email, agent.email);
      assert.equal(b.user.profile, "user");
      assert.equal("passwordHash" in b.user, false);
      assert.equal("password" in b.user, false);
      const c = b.user.company as Json;
      assert.equal(c.id, company.id);
      assert.equal(c.name, company.name);
      assert.equal(c.dueDate, company.dueDate);
      assert.equal((c.plan as Json).id, company.planId);
      assert.equal((c.settings as Json).userRating, "disabled");
      assert.deepEqual(b.user.queues, []);
    });

    await t.step("sets the httpOnly refresh cookie jrt on path /api/auth", async () => {
      const res = await app.request("/api/auth/login", {
        method: "POST",
        json: { email: admin.email, password: admin.password },
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
      const c = refreshCookie(res);
      assert.ok(c, "no jrt cookie");
      assert.ok(c.value.length > 40);
      const attrs = c.attrs.map((a) => a.toLowerCase());
      assert.ok(attrs.includes("httponly"), c.attrs.join("; "));
      assert.ok(attrs.includes("path=/api/auth"), c.attrs.join("; "));
      assert.ok(attrs.includes("samesite=lax"), c.attrs.join("; "));
      assert.ok(attrs.some((a) => a.startsWith("max-age=")), c.attrs.join("; "));
    });

    await t.step("wrong password → 401 ERR_INVALID_CREDENTIALS, no cookie", async () => {
      const res = await app.request("/api/auth/login", {
        method: "POST",
        json: { email: agent.email, password: "wrong-password" },
      });
      const b = await expectError(res, 401, "ERR_INVALID_CREDENTIALS");
      assert.equal(b.token, undefined);
      assert.equal(refreshCookie(res), null);
    });

    await t.step("unknown e-mail → the same 401 ERR_INVALID_CREDENTIALS", async () => {
      const res = await app.request("/api/auth/login", {
        method: "POST",
        json: { email: "nobody@nowhere.test", password: "whatever" },
      });
      await expectError(res, 401, "ERR_INVALID_CREDENTIALS");
    });

    await t.step("missing fields → 400 ERR_VALIDATION with details", async () => {
      const res = await app.request("/api/auth/login", { method: "POST", json: { email: agent.email } });
      const b = await expectError(res, 400, "ERR_VALIDATION");
      assert.ok(Array.isArray(b.details));
      assert.ok((b.details as Json[]).some((d) => d.path === "password"));
    });

    await t.step("malformed JSON → 400 ERR_VALIDATION", async () => {
      const res = await app.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{nope",
      });
      await expectError(res, 400, "ERR_VALIDATION");
    });

    await t.step(
      "rate limit: after 10 failures → 429 ERR_RATE_LIMITED, even with the right password",
      async () => {
        const victim = await createUser(app, company.id);
        for (let i = 0; i < 10; i++) {
          const res = await app.request("/api/auth/login", {
            method: "POST",
            json: { email: victim.email, password: `bad-${i}` },
          });
          await expectError(res, 401, "ERR_INVALID_CREDENTIALS");
        }
        const blocked = await app.request("/api/auth/login", {
          method: "POST",
          json: { email: victim.email, password: victim.password },
        });
        await expectError(blocked, 429, "ERR_RATE_LIMITED");
        // The e-mail is normalised before counting: another spelling is the same key.
        const upper = await app.request("/api/auth/login", {
          method: "POST",
          json: { email: victim.email.toUpperCase(), password: victim.password },
        });
        await expectError(upper, 429, "ERR_RATE_LIMITED");
        // Other accounts are not affected.
        await login(app, agent);
      },
    );

    await t.step("a successful login resets the failure count", async () => {
      const u = await createUser(app, company.id);
      for (let i = 0; i < 9; i++) {
        await expectError(
          await app.request("/api/auth/login", { method: "POST", json: { email: u.email, password: "x" } }),
          401,
          "ERR_INVALID_CREDENTIALS",
        );
      }
      await login(app, u);
      for (let i = 0; i < 9; i++) {
        await expectError(
          await app.request("/api/auth/login", { method: "POST", json: { email: u.email, password: "x" } }),
          401,
          "ERR_INVALID_CREDENTIALS",
        );
      }
      await login(app, u);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[auth] login outside working hours (company time zone)", async (t) => {
  // 15:00 UTC = 12:00 in São Paulo (UTC-3) = 00:00 the next day in Tokyo (UTC+9).
  const clock = new ManualClock("2026-03-10T15:00:00Z");
  const app = await createTestApp({ clock });
  try {
    const sp = await createCompany(app, { timezone: "America/Sao_Paulo" });
    const tokyo = await createCompany(app, { timezone: "Asia/Tokyo" });

    await t.step("hours that exclude now → 401 ERR_OUT_OF_HOURS, no session", async () => {
      const u = await createUser(app, sp.company.id, { startWork: "13:00", endWork: "18:00" });
      const res = await app.request("/api/auth/login", {
        method: "POST",
        json: { email: u.email, password: u.password },
      });
      await expectError(res, 401, "ERR_OUT_OF_HOURS");
      assert.equal(refreshCookie(res), null);
    });

    await t.step("the same hours in a zone where it is 12:00 pass", async () => {
      const u = await createUser(app, sp.company.id, { startWork: "11:00", endWork: "13:00" });
      await login(app, u);
    });

    await t.step("the company's zone decides, not the server's: 12:00 UTC-3 is 00:00 in Tokyo", async () => {
      const u = await createUser(app, tokyo.company.id, { startWork: "11:00", endWork: "13:00" });
      await expectError(
        await app.request("/api/auth/login", {
          method: "POST",
          json: { email: u.email, password: u.password },
        }),
        401,
        "ERR_OUT_OF_HOURS",
      );
      const night = await createUser(app, tokyo.company.id, { startWork: "22:00", endWork: "02:00" });
      await login(app, night);
    });

    await t.step("the boundaries are inclusive", async () => {
      const u = await createUser(app, sp.company.id, { startWork: "12:00", endWork: "12:00" });
      await login(app, u);
    });

    await t.step("a wrong password is reported as such, never as out of hours", async () => {
      const u = await createUser(app, sp.company.id, { startWork: "13:00", endWork: "18:00" });
      await expectError(
        await app.request("/api/auth/login", { method: "POST", json: { email: u.email, password: "nope" } }),
        401,
        "ERR_INVALID_CREDENTIALS",
      );
    });

    await t.step("later the same day, when the hours include now, the login passes", async () => {
      const u = await createUser(app, sp.company.id, { startWork: "13:00", endWork: "18:00" });
      clock.advance(2 * 3600_000); // 14:00 in São Paulo
      await login(app, u);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[auth] GET /auth/me", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await app.request("/api/auth/me"), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("401 ERR_UNAUTHENTICATED with a garbage or foreign-signed token", async () => {
      await expectError(
        await app.request("/api/auth/me", { token: "abc.def.ghi" }),
        401,
        "ERR_UNAUTHENTICATED",
      );
      const foreign = await createTestApp({ env: { APP_SECRET: "another-secret-another-secret-xx" } });
      try {
        const { token } = await login(foreign, OPERATOR);
        await expectError(await app.request("/api/auth/me", { token }), 401, "ERR_UNAUTHENTICATED");
      } finally {
        await foreign.close();
      }
    });

    await t.step("200 with the session user, its company, plan and settings", async () => {
      const s = await login(app, admin);
      const b = await expectOk<Json>(await app.request("/api/auth/me", { token: s.token }));
      assert.equal(b.id, admin.user.id);
      assert.equal(b.profile, "admin");
      assert.equal("passwordHash" in b, false);
      const c = b.company as Json;
      assert.equal(c.id, company.id);
      assert.equal(typeof (c.settings as Json).sendSignMessage, "string");
      assert.notEqual(c.id, other.company.id);
    });

    await t.step("the operator's company is shown as due 2999-12-31", async () => {
      const s = await login(app, OPERATOR);
      const b = await expectOk<Json>(await app.request("/api/auth/me", { token: s.token }));
      assert.equal(b.super, true);
      assert.equal((b.company as Json).id, 1);
      assert.equal((b.company as Json).dueDate, "2999-12-31");
    });
  } finally {
    await app.close();
  }
});
