/** Mounted at /api: GET /ticket/kanban (the board's cards). Lanes are tags (server/tags). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { validate } from "../lib/validate.ts";
import { boardQuery, kanbanBoard } from "./board.ts";

export const kanbanRoutes = new Hono<AppEnv>()
  .get("/ticket/kanban", validate("query", boardQuery), async (c) => {
    return c.json(await kanbanBoard(c.var.deps, c.var.actor, c.req.valid("query")));
  });
