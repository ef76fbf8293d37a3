/** Two-factor login (TOTP, RFC 6238) through the API: enrolment, login, recovery codes, throttling. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLogs, userTwoFactor } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { refreshCookie } from "../auth/_support.ts";
import { codeAt } from "./_totp.ts";
import { login2fa, passwordStep, SECRET_OPEN } from "./_support.ts";

Deno.test("[two_factor] enrol, log in with a code, recovery codes, replay, throttle, disable", async (t) => {
  const clock = new ManualClock("2026-11-20T12:00:00Z");
  const app = await createTestApp({ clock });
  try {
    const a = await createTenant(app);
    const who = a.user;
    let token = a.userToken;

    await t.step(
      "401 on the signed-in routes without a token; the login step needs a live challenge",
      async () => {
        await assertAllNeedAuth(app, [
          ["GET", "/api/auth/2fa"],
          ["POST", "/api/auth/2fa/setup"],
          ["POST", "/api/auth/2fa/enable"],
          ["POST", "/api/auth/2fa/disable"],
          ["POST", "/api/auth/2fa/recovery-codes"],
          ["DELETE", "/api/auth/2fa/users/1"],
        ]);
        await expectError(
          await app.request("/api/auth/login/2fa", {
            method: "POST",
            json: { challenge: "x".repeat(43), code: "123456" },
          }),
          401,
          "ERR_2FA_CHALLENGE_INVALID",
        );
      },
    );

    let secret = "";
    let recovery: string[] = [];
    await t.step(
      "enrolment: secret sealed at rest, QR + otpauth URI, wrong code refused, 10 codes",
      async () => {
        const setup = await expectOk<Json>(
          await app.request("/api/auth/2fa/setup", { method: "POST", token }),
        );
        secret = String(setup.secret);
        assert.match(
          String(setup.otpauthUrl),
          /^otpauth:\/\/totp\/.*secret=[A-Z2-7]+.*algorithm=SHA1.*digits=6.*period=30/,
        );
        assert.match(String(setup.qrCode), /^data:image\/png;base64,/);
        const [row] = await app.deps.db.select().from(userTwoFactor).where(
          eq(userTwoFactor.userId, who.user.id),
        );
        assert.ok(row.secret.startsWith("enc:v1:"), "secret sealed");
        assert.equal(await SECRET_OPEN(app, row.secret), secret);
        assert.equal(row.enabledAt, null);
        // Pending, not enabled: the password alone still logs in.
        token = String((await expectOk<Json>(await passwordStep(app, who))).token);
        await expectError(
          await app.request("/api/auth/2fa/enable", { method: "POST", token, json: { code: "000000" } }),
          400,
          "ERR_2FA_INVALID_CODE",
        );
        const r = await expectOk<{ recoveryCodes: string[] }>(
          await app.request("/api/auth/2fa/enable", {
            method: "POST",
            token,
            json: { code: codeAt(secret, clock.now()) },
          }),
        );
        recovery = r.recoveryCodes;
        assert.equal(recovery.length, 10);
        assert.equal(new Set(recovery).size, 10);
        const st = await expectOk<Json>(await app.request("/api/auth/2fa", { token }));
        assert.deepEqual(st, { enabled: true, required: false, recoveryCodesLeft: 10 });
        await expectError(
          await app.request("/api/auth/2fa/setup", { method: "POST", token }),
          409,
          "ERR_2FA_ALREADY_ENABLED",
        );
      },
    );

    await t.step("password step answers a challenge and no token, sets no cookie", async () => {
      const res = await passwordStep(app, who);
      assert.equal(refreshCookie(res), null);
      const b = await expectOk<Json>(res);
      assert.equal(b.requires2fa, true);
      assert.equal(b.enroll, false);
      assert.equal(b.token, undefined);
      assert.equal(typeof b.challenge, "string");
    });

    await t.step("wrong code → 400 and audited; the code of the enrolment step is a replay", async () => {
      const { challenge } = await expectOk<Json>(await passwordStep(app, who));
      await expectError(
        await app.request("/api/auth/login/2fa", { method: "POST", json: { challenge, code: "111111" } }),
        400,
        "ERR_2FA_INVALID_CODE",
      );
      // Same 30-second step as the enrolment: already used.
      await expectError(
        await app.request("/api/auth/login/2fa", {
          method: "POST",
          json: { challenge, code: codeAt(secret, clock.now()) },
        }),
        400,
        "ERR_2FA_INVALID_CODE",
      );
      const failed =
        (await app.deps.db.select().from(auditLogs).where(eq(auditLogs.action, "auth.2fa_failed")))
          .filter((f) => (f.diff as Json).context === "login");
      assert.equal(failed.length, 2);
      assert.equal(failed[0].companyId, a.company.id);
      assert.deepEqual(failed.map((f) => (f.diff as Json).reason).sort(), ["replayed", "wrong_code"]);
    });

    await t.step(
      "the next step's code logs in: {token, user} + refresh cookie; used twice → refused",
      async () => {
        clock.advance(30_000);
        const { challenge } = await expectOk<Json>(await passwordStep(app, who));
        const code = codeAt(secret, clock.now());
        const res = await app.request("/api/auth/login/2fa", { method: "POST", json: { challenge, code } });
        assert.ok(refreshCookie(res));
        const b = await expectOk<Json>(res);
        assert.ok(b.token);
        assert.equal((b.user as Json).id, who.user.id);
        // The challenge is single use.
        await expectError(
          await app.request("/api/auth/login/2fa", { method: "POST", json: { challenge, code } }),
          401,
          "ERR_2FA_CHALLENGE_INVALID",
        );
        // The code is single use, even with a fresh challenge.
        const again = await expectOk<Json>(await passwordStep(app, who));
        await expectError(
          await app.request("/api/auth/login/2fa", {
            method: "POST",
            json: { challenge: again.challenge, code },
          }),
          400,
          "ERR_2FA_INVALID_CODE",
        );
        const me = await expectOk<Json>(await app.request("/api/auth/me", { token: String(b.token) }));
        assert.equal(me.id, who.user.id);
      },
    );

    await t.step("a recovery code logs in once; the second use is refused", async () => {
      clock.advance(30_000);
      const c1 = await expectOk<Json>(await passwordStep(app, who));
      const ok = await expectOk<Json>(
        await app.request("/api/auth/login/2fa", {
          method: "POST",
          json: { challenge: c1.challenge, code: recovery[0].toUpperCase() },
        }),
      );
      assert.ok(ok.token);
      const c2 = await expectOk<Json>(await passwordStep(app, who));
      await expectError(
        await app.request("/api/auth/login/2fa", {
          method: "POST",
          json: { challenge: c2.challenge, code: recovery[0] },
        }),
        400,
        "ERR_2FA_INVALID_CODE",
      );
      const st = await expectOk<Json>(await app.request("/api/auth/2fa", { token: String(ok.token) }));
      assert.equal(st.recoveryCodesLeft, 9);
    });

    await t.step(
      "a challenge dies after 5 wrong codes, which also lock the user for 15 minutes (429)",
      async () => {
        clock.advance(30_000);
        await login2fa(app, who, secret, clock); // a success resets the count of failures in a row
        const { challenge } = await expectOk<Json>(await passwordStep(app, who));
        for (let i = 0; i < 5; i++) {
          await expectError(
            await app.request("/api/auth/login/2fa", { method: "POST", json: { challenge, code: "222222" } }),
            400,
            "ERR_2FA_INVALID_CODE",
          );
        }
        const [row] = await app.deps.db.select().from(userTwoFactor).where(
          eq(userTwoFactor.userId, who.user.id),
        );
        assert.equal(row.failedAttempts, 5);
        // Out of attempts: the challenge is gone even with a right code.
        clock.advance(30_000);
        await expectError(
          await app.request("/api/auth/login/2fa", {
            method: "POST",
            json: { challenge, code: codeAt(secret, clock.now()) },
          }),
          401,
          "ERR_2FA_CHALLENGE_INVALID",
        );
        // And the user is locked for a while, whatever the code.
        const fresh = await expectOk<Json>(await passwordStep(app, who));
        await expectError(
          await app.request("/api/auth/login/2fa", {
            method: "POST",
            json: { challenge: fresh.challenge, code: codeAt(secret, clock.now()) },
          }),
          429,
          "ERR_RATE_LIMITED",
        );
        clock.advance(16 * 60_000);
        const after = await expectOk<Json>(await passwordStep(app, who));
        const ok = await expectOk<Json>(
          await app.request("/api/auth/login/2fa", {
            method: "POST",
            json: { challenge: after.challenge, code: codeAt(secret, clock.now()) },
          }),
        );
        assert.ok(ok.token);
      },
    );

    await t.step("a challenge expires after 5 minutes", async () => {
      const { challenge } = await expectOk<Json>(await passwordStep(app, who));
      clock.advance(5 * 60_000 + 1000);
      await expectError(
        await app.request("/api/auth/login/2fa", {
          method: "POST",
          json: { challenge, code: codeAt(secret, clock.now()) },
        }),
        401,
        "ERR_2FA_CHALLENGE_INVALID",
      );
    });

    await t.step("recovery codes regenerate with a current code; disable with a current code", async () => {
      clock.advance(30_000);
      const session = await login2fa(app, who, secret, clock);
      clock.advance(30_000);
      await expectError(
        await app.request("/api/auth/2fa/recovery-codes", {
          method: "POST",
          token: session,
          json: { code: "999999" },
        }),
        400,
        "ERR_2FA_INVALID_CODE",
      );
      const r = await expectOk<{ recoveryCodes: string[] }>(
        await app.request("/api/auth/2fa/recovery-codes", {
          method: "POST",
          token: session,
          json: { code: codeAt(secret, clock.now()) },
        }),
      );
      assert.equal(r.recoveryCodes.length, 10);
      assert.ok(!r.recoveryCodes.includes(recovery[1]));
      clock.advance(30_000);
      await expectOk(
        await app.request("/api/auth/2fa/disable", {
          method: "POST",
          token: session,
          json: { code: codeAt(secret, clock.now()) },
        }),
        204,
      );
      const b = await expectOk<Json>(await passwordStep(app, who));
      assert.ok(b.token, "no second factor after disabling");
      const actions = (await app.deps.db.select().from(auditLogs))
        .map((r) => r.action);
      for (
        const a of [
          "auth.2fa_enabled",
          "auth.2fa_recovery_used",
          "auth.2fa_recovery_regenerated",
          "auth.2fa_disabled",
        ]
      ) {
        assert.ok(actions.includes(a), `${a} audited: ${actions}`);
      }
      assert.ok(
        !JSON.stringify(await app.deps.db.select().from(auditLogs)).includes(secret),
        "no secret in the log",
      );
    });
  } finally {
    await app.close();
  }
});
