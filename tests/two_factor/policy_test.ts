/** Two-factor login required by the company or the platform: enrolment right after the password. */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { createTenant, setCompanySetting } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { codeAt } from "./_totp.ts";
import { passwordStep } from "./_support.ts";

Deno.test("[two_factor] required by the company or the platform: enrolment right after the password", async (t) => {
  const clock = new ManualClock("2026-11-20T12:00:00Z");
  const app = await createTestApp({ clock });
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const op = await login(app, OPERATOR);
    let userSession = "";

    await t.step("a profile user cannot require 2FA (403); the admin can", async () => {
      await expectError(
        await app.request("/api/settings/twoFactorRequired", {
          method: "PUT",
          token: a.userToken,
          json: { value: "enabled" },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectOk(
        await app.request("/api/settings/twoFactorRequired", {
          method: "PUT",
          token: a.adminToken,
          json: { value: "enabled" },
        }),
      );
    });

    await t.step(
      "the user gets an enroll challenge, no token; setup + first code → session + codes",
      async () => {
        const first = await expectOk<Json>(await passwordStep(app, a.user));
        assert.deepEqual([first.requires2fa, first.enroll, first.token], [true, true, undefined]);
        // No way around it: the challenge is not a bearer token.
        await expectError(
          await app.request("/api/auth/me", { token: String(first.challenge) }),
          401,
          "ERR_UNAUTHENTICATED",
        )
          .catch(async () =>
            await expectError(
              await app.request("/api/auth/me", { token: String(first.challenge) }),
              401,
              "ERR_SESSION_REVOKED",
            )
          );
        // A code before setup has nothing to match.
        await expectError(
          await app.request("/api/auth/login/2fa", {
            method: "POST",
            json: { challenge: first.challenge, code: "123456" },
          }),
          401,
          "ERR_2FA_CHALLENGE_INVALID",
        );
        const setup = await expectOk<Json>(
          await app.request("/api/auth/login/2fa/setup", {
            method: "POST",
            json: { challenge: first.challenge },
          }),
        );
        const secret = String(setup.secret);
        await expectError(
          await app.request("/api/auth/login/2fa", {
            method: "POST",
            json: { challenge: first.challenge, code: "000000" },
          }),
          400,
          "ERR_2FA_INVALID_CODE",
        );
        const done = await expectOk<Json>(
          await app.request("/api/auth/login/2fa", {
            method: "POST",
            json: { challenge: first.challenge, code: codeAt(secret, clock.now()) },
          }),
        );
        assert.ok(done.token);
        userSession = String(done.token);
        assert.equal((done.recoveryCodes as string[]).length, 10);
        // Now enrolled: the next login is a normal verify challenge.
        const next = await expectOk<Json>(await passwordStep(app, a.user));
        assert.deepEqual([next.requires2fa, next.enroll], [true, false]);
        // Required: it cannot be turned off by the user.
        clock.advance(30_000);
        await expectError(
          await app.request("/api/auth/2fa/disable", {
            method: "POST",
            token: String(done.token),
            json: { code: codeAt(secret, clock.now()) },
          }),
          403,
          "ERR_2FA_REQUIRED",
        );
      },
    );

    await t.step("another company is not affected; the platform switch is the operator's only", async () => {
      assert.ok((await expectOk<Json>(await passwordStep(app, b.user))).token);
      await expectError(
        await app.request("/api/settings/twoFactorPlatformRequired", {
          method: "PUT",
          token: b.adminToken,
          json: { value: "enabled" },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectOk(
        await app.request("/api/settings/twoFactorPlatformRequired", {
          method: "PUT",
          token: op.token,
          json: { value: "enabled" },
        }),
      );
      const r = await expectOk<Json>(await passwordStep(app, b.user));
      assert.deepEqual([r.requires2fa, r.enroll], [true, true]);
      await expectOk(
        await app.request("/api/settings/twoFactorPlatformRequired", {
          method: "PUT",
          token: op.token,
          json: { value: "disabled" },
        }),
      );
    });

    await t.step("admin reset: 401/403/404 rules, then the user enrols again", async () => {
      const colleague = await createUser(app, a.company.id, { profile: "user" });
      await expectError(
        await app.request(`/api/auth/2fa/users/${a.user.user.id}`, {
          method: "DELETE",
          token: (await login(app, b.admin)).token,
        }),
        404,
        "ERR_NO_USER_FOUND",
      );
      const col = await passwordStep(app, colleague);
      const colBody = await expectOk<Json>(col);
      assert.equal(colBody.enroll, true); // company requires it
      await expectError(
        await app.request(`/api/auth/2fa/users/${a.user.user.id}`, { method: "DELETE", token: userSession }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectOk(
        await app.request(`/api/auth/2fa/users/${a.user.user.id}`, { method: "DELETE", token: a.adminToken }),
        204,
      );
      const again = await expectOk<Json>(await passwordStep(app, a.user));
      assert.equal(again.enroll, true);
    });

    await t.step(
      "turning the company requirement off: users without 2FA log in with the password",
      async () => {
        await setCompanySetting(app, a.company.id, "twoFactorRequired", "disabled");
        assert.ok((await expectOk<Json>(await passwordStep(app, a.user))).token);
      },
    );
  } finally {
    await app.close();
  }
});
