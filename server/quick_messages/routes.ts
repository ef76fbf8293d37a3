/** /api/quick-messages — thin handlers: validate, call the service, answer. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { createQuickMessageInput, listQuickMessagesQuery, updateQuickMessageInput } from "./schemas.ts";
import * as qm from "./service.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

export const quickMessagesRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listQuickMessagesQuery), async (c) => {
    return c.json(await qm.listQuickMessages(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/list", async (c) => c.json(await qm.listUsable(c.var.deps, c.var.actor)))
  .get("/:id", async (c) => c.json(await qm.showQuickMessage(c.var.deps, c.var.actor, id(c))))
  .post("/", validate("json", createQuickMessageInput), async (c) => {
    return c.json(await qm.createQuickMessage(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateQuickMessageInput), async (c) => {
    return c.json(await qm.updateQuickMessage(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await qm.deleteQuickMessage(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  })
  .post("/:id/media-upload", async (c) => {
    const file = await formFile(c, "file");
    return c.json(await qm.uploadMedia(c.var.deps, c.var.actor, id(c), file));
  })
  .delete("/:id/media-upload", async (c) => c.json(await qm.deleteMedia(c.var.deps, c.var.actor, id(c))));
