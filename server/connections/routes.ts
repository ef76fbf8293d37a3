/** /api/whatsapp — connections. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { removeGreetingMedia, uploadGreetingMedia } from "./greeting_media.ts";
import { createConnectionInput, updateConnectionInput } from "./schemas.ts";
import * as connections from "./service.ts";

export const connectionsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await connections.listConnections(c.var.deps, c.var.actor)))
  // Before /:id, which would otherwise catch "filter" and answer 400.
  .get("/filter", async (c) => {
    const channel = c.req.query("channel") || undefined;
    return c.json(await connections.filterConnections(c.var.deps, c.var.actor, channel));
  })
  .get(
    "/:id",
    async (c) =>
      c.json(await connections.showConnection(c.var.deps, c.var.actor, idParam(c.req.param("id")))),
  )
  .post("/", validate("json", createConnectionInput), async (c) => {
    return c.json(await connections.createConnection(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateConnectionInput), async (c) => {
    const id = idParam(c.req.param("id"));
    return c.json(await connections.updateConnection(c.var.deps, c.var.actor, id, c.req.valid("json")));
  })
  .post("/:id/token", async (c) => {
    return c.json(await connections.rotateToken(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .post("/:id/media-upload", async (c) => {
    const file = await formFile(c, "file");
    return c.json(await uploadGreetingMedia(c.var.deps, c.var.actor, idParam(c.req.param("id")), file));
  })
  .delete("/:id/media-upload", async (c) => {
    return c.json(await removeGreetingMedia(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .delete("/:id", async (c) => {
    await connections.deleteConnection(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  });
