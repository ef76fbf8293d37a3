/**
 * Password reset (spec 3 §4, §5, §7): POST /api/auth/forgetpassword/{email} mails a code;
 * POST /api/auth/resetpasswords {email, token, newPassword} sets the new password. Mail goes to
 * DATA_DIR/outbox without SMTP_URL, and through a real SMTP server with it.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import {
  decodeQuotedPrintable,
  outbox,
  outboxResetCode,
  refreshWith,
  resetCode,
  startSmtpSink,
} from "./_support.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

const forget = (app: { request: (p: string, i?: RequestInit) => Promise<Response> }, email: string) =>
  app.request(`/api/auth/forgetpassword/${encodeURIComponent(email)}`, { method: "POST" });

Deno.test("[auth] password reset through the outbox", async (t) => {
  const app = await createTestApp();
  try {
    const { company } = await createCompany(app);

    await t.step(
      "unknown e-mail → the same answer as a known one (no account oracle), nothing mailed",
      async () => {
        const before = (await outbox(app)).length;
        const res = await forget(app, "ghost@nowhere.test");
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), { status: "sent" });
        assert.equal((await outbox(app)).length, before);
      },
    );

    await t.step("known e-mail (any case) → 200 and a code in DATA_DIR/outbox", async () => {
      const u = await createUser(app, company.id);
      const b = await expectOk<Json>(await forget(app, u.email.toUpperCase()));
      assert.equal(b.status, "sent");
      const code = await outboxResetCode(app, u.email);
      assert.match(code, /^[A-Z2-9]{8}$/);
    });

    await t.step(
      "the full flow: weak → 400, wrong code → 400, right code → ok; sessions revoked",
      async () => {
        const u = await createUser(app, company.id);
        const s = await login(app, u);
        await expectOk(await forget(app, u.email));
        const code = await outboxResetCode(app, u.email);

        for (const weak of ["short1A", "alllowercase1", "ALLUPPERCASE1", "NoDigitsHere"]) {
          const res = await app.request("/api/auth/resetpasswords", {
            method: "POST",
            json: { email: u.email, token: code, newPassword: weak },
          });
          const b = await expectError(res, 400, "ERR_VALIDATION");
          assert.ok((b.details as Json[]).some((d) => d.path === "newPassword"), weak);
        }

        const wrong = code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
        await expectError(
          await app.request("/api/auth/resetpasswords", {
            method: "POST",
            json: { email: u.email, token: wrong, newPassword: "NewPass#2027" },
          }),
          400,
          "ERR_INVALID_RESET_CODE",
        );

        const ok = await app.request("/api/auth/resetpasswords", {
          method: "POST",
          json: { email: u.email, token: code.toLowerCase(), newPassword: "NewPass#2027" },
        });
        assert.equal((await expectOk<Json>(ok)).status, "ok");

        // Old password fails, new one works.
        await expectError(
          await app.request("/api/auth/login", {
            method: "POST",
            json: { email: u.email, password: u.password },
          }),
          401,
          "ERR_INVALID_CREDENTIALS",
        );
        // Old sessions are revoked: access token and refresh cookie.
        await expectError(await app.request("/api/auth/me", { token: s.token }), 401, "ERR_SESSION_REVOKED");
        await expectError(await refreshWith(app, s.cookie), 401, "ERR_SESSION_REVOKED");
        await login(app, { email: u.email, password: "NewPass#2027" });

        // A code works once.
        await expectError(
          await app.request("/api/auth/resetpasswords", {
            method: "POST",
            json: { email: u.email, token: code, newPassword: "Another#2028" },
          }),
          400,
          "ERR_INVALID_RESET_CODE",
        );
      },
    );

    await t.step("a code is bound to its user", async () => {
      const a = await createUser(app, company.id);
      const b = await createUser(app, company.id);
      await expectOk(await forget(app, a.email));
      await expectOk(await forget(app, b.email));
      const codeA = await outboxResetCode(app, a.email);
      await expectError(
        await app.request("/api/auth/resetpasswords", {
          method: "POST",
          json: { email: b.email, token: codeA, newPassword: "NewPass#2027" },
        }),
        400,
        "ERR_INVALID_RESET_CODE",
      );
      await login(app, b);
    });

    await t.step("after 5 wrong guesses the code is dead, even the right one", async () => {
      const u = await createUser(app, company.id);
      await expectOk(await forget(app, u.email));
      const code = await outboxResetCode(app, u.email);
      for (let i = 0; i < 5; i++) {
        await expectError(
          await app.request("/api/auth/resetpasswords", {
            method: "POST",
            json: { email: u.email, token: `WRONG${i}XX`, newPassword: "NewPass#2027" },
          }),
          400,
          "ERR_INVALID_RESET_CODE",
        );
      }
      await expectError(
        await app.request("/api/auth/resetpasswords", {
          method: "POST",
          json: { email: u.email, token: code, newPassword: "NewPass#2027" },
        }),
        400,
        "ERR_INVALID_RESET_CODE",
      );
      await login(app, u);
    });

    await t.step("an unknown e-mail on reset → 400 ERR_INVALID_RESET_CODE", async () => {
      await expectError(
        await app.request("/api/auth/resetpasswords", {
          method: "POST",
          json: { email: "ghost@nowhere.test", token: "ABCDEFGH", newPassword: "NewPass#2027" },
        }),
        400,
        "ERR_INVALID_RESET_CODE",
      );
    });

    await t.step("more than 3 requests in 15 minutes → 429 ERR_RATE_LIMITED", async () => {
      const u = await createUser(app, company.id);
      for (let i = 0; i < 3; i++) await expectOk(await forget(app, u.email));
      await expectError(await forget(app, u.email), 429, "ERR_RATE_LIMITED");
    });

    await t.step("the limit counts an unknown address the same way (429 tells nothing either)", async () => {
      for (let i = 0; i < 3; i++) await expectOk(await forget(app, "nobody@nowhere.test"));
      await expectError(await forget(app, "nobody@nowhere.test"), 429, "ERR_RATE_LIMITED");
    });
  } finally {
    await app.close();
  }
});

Deno.test("[auth] password reset mail through real SMTP", async (t) => {
  const sink = await startSmtpSink();
  const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } });
  try {
    const { company } = await createCompany(app);

    await t.step("the reset mail reaches the SMTP server and its code works", async () => {
      const u = await createUser(app, company.id);
      await expectOk(await forget(app, u.email));
      const mail = await sink.waitFor((m) => m.to.includes(u.email));
      // The subject is an RFC 2047 encoded word (it has "ó"); its ASCII part is readable as is.
      assert.match(mail.raw, /^Subject: .*redefinir/im);
      assert.match(mail.raw, /^From: .*no-reply@atende\.local/im);
      assert.match(decodeQuotedPrintable(mail.raw.split("\r\n\r\n").slice(1).join("\n")), /Seu código:/);
      const code = resetCode(mail.raw);
      assert.deepEqual(await outbox(app), [], "with SMTP_URL nothing goes to the outbox");

      await expectOk(
        await app.request("/api/auth/resetpasswords", {
          method: "POST",
          json: { email: u.email, token: code, newPassword: "ViaSmtp#2027" },
        }),
      );
      await login(app, { email: u.email, password: "ViaSmtp#2027" });
    });
  } finally {
    await app.close();
    await sink.close();
  }
});

Deno.test("[auth] a reset mail that cannot be delivered answers like any other (no oracle)", async () => {
  // A port nobody listens on: the SMTP connection is refused.
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  try {
    const { company } = await createCompany(app);
    const u = await createUser(app, company.id);
    const known = await forget(app, u.email);
    const unknown = await forget(app, "ghost@nowhere.test");
    assert.equal(known.status, 200);
    assert.equal(unknown.status, 200);
    assert.deepEqual(await known.json(), await unknown.json());
  } finally {
    await app.close();
  }
});
