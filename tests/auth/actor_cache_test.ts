/**
 * The actor of a session is cached for a few seconds (server/caches.ts). Every way a session or
 * its user stops being what the cache holds must take effect on the very next request of this
 * instance: each step first warms the cache with a successful request, then changes things
 * through the API, then expects the old access token to be refused at once.
 */
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { outboxResetCode, refreshCookie, refreshWith } from "./_support.ts";

const me = (t: Awaited<ReturnType<typeof createTestApp>>, token: string) =>
  t.request("/api/auth/me", { token });

Deno.test("[auth] a revoked session is refused at once, though its actor was cached", async (tt) => {
  const clock = new ManualClock();
  const t = await createTestApp({ clock });
  try {
    const { company } = await createCompany(t);

    await tt.step("login elsewhere: the older session's token gets 401 on the next request", async () => {
      const u = await createUser(t, company.id);
      const first = await login(t, u);
      await expectOk(await me(t, first.token));
      await expectOk(await me(t, first.token)); // served from the cache
      const second = await login(t, u);
      await expectError(await me(t, first.token), 401, "ERR_SESSION_REVOKED");
      await expectOk(await me(t, second.token));
    });

    await tt.step("logout: the token gets 401 on the next request", async () => {
      const u = await createUser(t, company.id);
      const s = await login(t, u);
      await expectOk(await t.request("/api/users", { token: s.token }));
      const out = await t.request("/api/auth/logout", { method: "DELETE", token: s.token });
      await expectOk(out, 204);
      await expectError(await me(t, s.token), 401, "ERR_SESSION_REVOKED");
      await expectError(await t.request("/api/users", { token: s.token }), 401, "ERR_SESSION_REVOKED");
    });

    await tt.step("a rotated refresh token presented again (theft) revokes the cached session", async () => {
      const u = await createUser(t, company.id);
      const s = await login(t, u);
      const rotated = await refreshWith(t, s.cookie);
      await expectOk(rotated.clone());
      const fresh = (await rotated.json()).token as string;
      await expectOk(await me(t, fresh));
      clock.advance(60_000); // past the two-tabs grace window
      await expectError(await refreshWith(t, s.cookie), 401, "ERR_SESSION_REVOKED");
      await expectError(await me(t, fresh), 401, "ERR_SESSION_REVOKED");
      await expectError(await me(t, s.token), 401, "ERR_SESSION_REVOKED");
      // The rotated cookie belongs to the same (now revoked) session.
      const next = refreshCookie(rotated)!;
      await expectError(await refreshWith(t, next.pair), 401, "ERR_SESSION_REVOKED");
    });

    await tt.step("a password reset revokes every session, cached ones included", async () => {
      const u = await createUser(t, company.id);
      const s = await login(t, u);
      await expectOk(await me(t, s.token));
      await expectOk(
        await t.request(`/api/auth/forgetpassword/${encodeURIComponent(u.email)}`, { method: "POST" }),
      );
      const code = await outboxResetCode(t, u.email);
      await expectOk(
        await t.request("/api/auth/resetpasswords", {
          method: "POST",
          json: { email: u.email, token: code, newPassword: "Another#Secret1" },
        }),
      );
      await expectError(await me(t, s.token), 401, "ERR_SESSION_REVOKED");
    });
  } finally {
    await t.close();
  }
});

Deno.test("[auth] user changes reach the cached actor at once: deletion and demotion", async (tt) => {
  const t = await createTestApp();
  try {
    const { company, admin } = await createCompany(t);
    const adminToken = (await login(t, admin)).token;

    await tt.step("a deleted user's token gets 401 on the next request", async () => {
      const u = await createUser(t, company.id);
      const s = await login(t, u);
      await expectOk(await me(t, s.token));
      await expectOk(
        await t.request(`/api/users/${u.user.id}`, { method: "DELETE", token: adminToken }),
        204,
      );
      await expectError(await me(t, s.token), 401, "ERR_SESSION_REVOKED");
    });

    await tt.step("a demoted admin loses admin rights on the next request", async () => {
      const other = await createUser(t, company.id, { profile: "admin" });
      const s = await login(t, other);
      await expectOk(await t.request("/api/settings", { token: s.token }));
      await expectOk(
        await t.request(`/api/users/${other.user.id}`, {
          method: "PUT",
          token: adminToken,
          json: { profile: "user" },
        }),
      );
      await expectError(await t.request("/api/settings", { token: s.token }), 403, "ERR_NO_PERMISSION");
      const who = await expectOk(await me(t, s.token));
      if (who.profile !== "user") throw new Error(`expected profile user, got ${who.profile}`);
    });
  } finally {
    await t.close();
  }
});
