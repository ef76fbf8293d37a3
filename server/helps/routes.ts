/** GET /api/helps/list: the help videos (platform-wide); the menu shows Help only when there are some. */
import { Hono } from "hono";
import { asc } from "drizzle-orm";
import { helps } from "@db/schema.ts";
import type { AppEnv } from "../lib/context.ts";

export const helpsRoutes = new Hono<AppEnv>().get("/list", async (c) => {
  return c.json(await c.var.deps.db.select().from(helps).orderBy(asc(helps.title)));
});
