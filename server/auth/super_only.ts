/** Route middleware for the operator's paths: refuse before validating, so a tenant learns nothing. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireAdmin, requireSuper } from "./permissions.ts";

export const superOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireSuper(c.var.actor);
  await next();
};

/** The company's admins only (checkout, receipts, subscription cancel). */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c.var.actor);
  await next();
};
