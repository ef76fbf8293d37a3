/** /api/tickets and its companions. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { validate } from "../lib/validate.ts";
import { listTicketsQuery } from "./list_schema.ts";
import { listTickets } from "./list.ts";

export const ticketsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listTicketsQuery), async (c) => {
    return c.json(await listTickets(c.var.deps, c.var.actor, c.req.valid("query")));
  });
