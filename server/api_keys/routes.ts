/** /api/api-keys: list, create (the secret answered once), revoke. Admins only; never a key. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { createApiKeyInput } from "./schemas.ts";
import * as keys from "./service.ts";

export const apiKeysRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ apiKeys: await keys.listKeys(c.var.deps, c.var.actor) }))
  .post("/", validate("json", createApiKeyInput), async (c) => {
    return c.json(await keys.createKey(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .delete("/:id", async (c) => {
    return c.json(await keys.revokeKey(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  });
