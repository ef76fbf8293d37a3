/**
 * /api/helps: GET / (paged), GET /list (all; the menu shows Help only when there are some),
 * GET /:id; POST, PUT, DELETE for the operator (super user).
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { createHelpInput, listHelpsQuery, updateHelpInput } from "./schemas.ts";
import * as svc from "./service.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

export const helpsRoutes = new Hono<AppEnv>()
  .get("/list", async (c) => c.json(await svc.listAllHelps(c.var.deps)))
  .get("/", validate("query", listHelpsQuery), async (c) => {
    return c.json(await svc.listHelps(c.var.deps, c.req.valid("query")));
  })
  .get("/:id", async (c) => c.json(await svc.showHelp(c.var.deps, id(c))))
  .post("/", validate("json", createHelpInput), async (c) => {
    return c.json(await svc.createHelp(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateHelpInput), async (c) => {
    return c.json(await svc.updateHelp(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await svc.deleteHelp(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  });
