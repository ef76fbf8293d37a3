/** /api/announcements — thin handlers (spec 2 §7). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { createAnnouncementInput, listAnnouncementsQuery, updateAnnouncementInput } from "./schemas.ts";
import * as svc from "./service.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

export const announcementsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listAnnouncementsQuery), async (c) => {
    return c.json(await svc.listAnnouncements(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/:id", async (c) => c.json(await svc.showAnnouncement(c.var.deps, c.var.actor, id(c))))
  .post("/", validate("json", createAnnouncementInput), async (c) => {
    return c.json(await svc.createAnnouncement(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateAnnouncementInput), async (c) => {
    return c.json(await svc.updateAnnouncement(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await svc.deleteAnnouncement(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  })
  .post("/:id/media-upload", async (c) => {
    const file = await formFile(c, "file");
    return c.json(await svc.uploadMedia(c.var.deps, c.var.actor, id(c), file));
  })
  .delete("/:id/media-upload", async (c) => c.json(await svc.deleteMedia(c.var.deps, c.var.actor, id(c))));
