/**
 * Two-factor routes, mounted at /api/auth:
 * - public (the login's second step): POST /login/2fa {challenge, code} → {token, user} + refresh
 *   cookie (plus recoveryCodes after an enrolment at login); POST /login/2fa/setup {challenge} →
 *   {secret, otpauthUrl, qrCode} for an `enroll` challenge;
 * - signed in (the profile dialog): GET /2fa, POST /2fa/setup, /2fa/enable {code},
 *   /2fa/disable {code}, /2fa/recovery-codes {code}; DELETE /2fa/users/:id (an admin's reset).
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { clientIp, setRefreshCookie } from "../auth/routes.ts";
import { challengeInput, codeInput, completeInput } from "./schemas.ts";
import { completeLogin, setupAtLogin } from "./login.ts";
import * as enrolment from "./enrolment.ts";

export const twoFactorRoutes = new Hono<AppEnv>()
  .post("/login/2fa", validate("json", completeInput), async (c) => {
    const r = await completeLogin(c.var.deps, c.req.valid("json"), {
      ip: clientIp(c),
      userAgent: c.req.header("user-agent"),
    });
    setRefreshCookie(c, r.refreshToken!);
    return c.json({
      token: r.token,
      user: r.user,
      ...(r.recoveryCodes ? { recoveryCodes: r.recoveryCodes } : {}),
    });
  })
  .post("/login/2fa/setup", validate("json", challengeInput), async (c) => {
    return c.json(await setupAtLogin(c.var.deps, c.req.valid("json").challenge));
  })
  .get("/2fa", async (c) => c.json(await enrolment.status(c.var.deps, c.var.actor)))
  .post("/2fa/setup", async (c) => c.json(await enrolment.setup(c.var.deps, c.var.actor)))
  .post("/2fa/enable", validate("json", codeInput), async (c) => {
    return c.json(await enrolment.confirm(c.var.deps, c.var.actor, c.req.valid("json").code));
  })
  .post("/2fa/disable", validate("json", codeInput), async (c) => {
    await enrolment.disable(c.var.deps, c.var.actor, c.req.valid("json").code);
    return c.body(null, 204);
  })
  .post("/2fa/recovery-codes", validate("json", codeInput), async (c) => {
    return c.json(await enrolment.regenerate(c.var.deps, c.var.actor, c.req.valid("json").code));
  })
  .delete("/2fa/users/:id", async (c) => {
    await enrolment.resetForUser(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  });
