/**
 * Mounted at /api: /dashboard, /dashboard/ticketsUsers, /dashboard/ticketsDay, /dashboard/moments,
 * /dashboard/attendants.xlsx, /usersMoments, /messages-allMe — thin handlers.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { validate } from "../lib/validate.ts";
import { chartQuery, dashboardQuery, messagesCountQuery, momentsQuery } from "./schemas.ts";
import * as dashboard from "./service.ts";
import { moments, usersMoments } from "./moments.ts";
import { attendantsXlsx } from "./export.ts";

export const dashboardRoutes = new Hono<AppEnv>()
  .get("/dashboard", validate("query", dashboardQuery), async (c) => {
    return c.json(await dashboard.dashboard(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/dashboard/attendants.xlsx", validate("query", dashboardQuery), async (c) => {
    const stream = await attendantsXlsx(c.var.deps, c.var.actor, c.req.valid("query"));
    return new Response(stream, {
      headers: {
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": 'attachment; filename="atendentes.xlsx"',
        "cache-control": "no-store",
      },
    });
  })
  .get("/dashboard/ticketsUsers", validate("query", chartQuery), async (c) => {
    return c.json(await dashboard.ticketsUsers(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/dashboard/ticketsDay", validate("query", chartQuery), async (c) => {
    return c.json(await dashboard.ticketsDay(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/dashboard/moments", validate("query", momentsQuery), async (c) => {
    return c.json(await moments(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/usersMoments", validate("query", momentsQuery), async (c) => {
    return c.json(await usersMoments(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/messages-allMe", validate("query", messagesCountQuery), async (c) => {
    return c.json(await dashboard.messagesAllMe(c.var.deps, c.var.actor, c.req.valid("query")));
  });
