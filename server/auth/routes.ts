/** /api/auth — login, refresh (cookie jrt, rotated), logout, me, signup, password reset. */
import { Hono } from "hono";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import { REFRESH_TTL_MS } from "../lib/tokens.ts";
import * as auth from "./service.ts";
import * as account from "./account.ts";
import { loginInput, resetInput, signupInput } from "./schemas.ts";
import { auditFailedLogin } from "../audit/failed_login.ts";

const COOKIE = "jrt";

export function setRefreshCookie(c: Context<AppEnv>, value: string) {
  setCookie(c, COOKIE, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.deps.config.publicUrl.startsWith("https://"),
    path: "/api/auth",
    maxAge: Math.floor(REFRESH_TTL_MS / 1000),
  });
}

export function clientIp(c: Context): string {
  const info = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  return info?.remoteAddr?.hostname ?? "local";
}

export const authRoutes = new Hono<AppEnv>()
  .post("/login", validate("json", loginInput), async (c) => {
    const meta = { ip: clientIp(c), userAgent: c.req.header("user-agent") };
    const r = await auth.login(c.var.deps, c.req.valid("json"), meta).catch(async (err) => {
      await auditFailedLogin(c.var.deps, c.req.valid("json").email, meta, err);
      throw err;
    });
    // Second factor due: no session yet, only the challenge for POST /auth/login/2fa.
    if ("requires2fa" in r) return c.json(r);
    setRefreshCookie(c, r.refreshToken!);
    return c.json({ token: r.token, user: r.user });
  })
  .post("/refresh_token", async (c) => {
    const r = await auth.refresh(c.var.deps, getCookie(c, COOKIE)).catch((err) => {
      if (err instanceof AppError) deleteCookie(c, COOKIE, { path: "/api/auth" });
      throw err;
    });
    if (r.refreshToken) setRefreshCookie(c, r.refreshToken);
    return c.json({ token: r.token, user: r.user });
  })
  .delete("/logout", async (c) => {
    await auth.logout(c.var.deps, c.get("actor") ?? null, getCookie(c, COOKIE));
    deleteCookie(c, COOKIE, { path: "/api/auth" });
    return c.body(null, 204);
  })
  .get("/me", async (c) => c.json(await auth.me(c.var.deps, c.var.actor)))
  .post("/signup", validate("json", signupInput), async (c) => {
    return c.json(await account.signup(c.var.deps, c.req.valid("json")), 201);
  })
  .post("/forgetpassword/:email", async (c) => {
    await account.forgotPassword(c.var.deps, decodeURIComponent(c.req.param("email")));
    return c.json({ status: "sent" });
  })
  .post("/resetpasswords", validate("json", resetInput), async (c) => {
    await account.resetPassword(c.var.deps, c.req.valid("json"));
    return c.json({ status: "ok" });
  });
