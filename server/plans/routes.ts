/** GET /api/plans/list (public): the plans a visitor may pick, plus plan 1 for the trial signup. */
import { Hono } from "hono";
import { asc, eq, or } from "drizzle-orm";
import { plans } from "@db/schema.ts";
import type { AppEnv } from "../lib/context.ts";

export const plansRoutes = new Hono<AppEnv>().get("/list", async (c) => {
  const rows = await c.var.deps.db.select().from(plans).where(or(eq(plans.isPublic, true), eq(plans.id, 1)))
    .orderBy(asc(plans.amount));
  return c.json(rows);
});
