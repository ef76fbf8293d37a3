/** Mounted at /api: /tags…, /tags-contacts…, /contactTags…, /tag/kanban, /tag/kanban/order — thin handlers. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import {
  createTagInput,
  laneOrderInput,
  listTagsQuery,
  syncTagsInput,
  tagListQuery,
  updateTagInput,
} from "./schemas.ts";
import * as tags from "./service.ts";
import { contactTags, removeContactTag, syncContactTags } from "./contact_tags.ts";

export const tagsRoutes = new Hono<AppEnv>()
  .get("/tags", validate("query", listTagsQuery), async (c) => {
    return c.json(await tags.listTags(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/tags/list", validate("query", tagListQuery), async (c) => {
    return c.json(await tags.listAllTags(c.var.deps, c.var.actor, c.req.valid("query").kanban));
  })
  .post("/tags/sync", validate("json", syncTagsInput), async (c) => {
    return c.json(await syncContactTags(c.var.deps, c.var.actor, c.req.valid("json")));
  })
  .get(
    "/tags/:id",
    async (c) => c.json(await tags.showTag(c.var.deps, c.var.actor, idParam(c.req.param("id")))),
  )
  .post("/tags", validate("json", createTagInput), async (c) => {
    return c.json(await tags.createTag(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/tags/:id", validate("json", updateTagInput), async (c) => {
    return c.json(
      await tags.updateTag(c.var.deps, c.var.actor, idParam(c.req.param("id")), c.req.valid("json")),
    );
  })
  .delete("/tags/:id", async (c) => {
    await tags.deleteTag(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  })
  .delete("/tags-contacts/:tagId/:contactId", async (c) => {
    const tagId = idParam(c.req.param("tagId")), contactId = idParam(c.req.param("contactId"));
    await removeContactTag(c.var.deps, c.var.actor, tagId, contactId);
    return c.body(null, 204);
  })
  .get("/contactTags/:contactId", async (c) => {
    return c.json(await contactTags(c.var.deps, c.var.actor, idParam(c.req.param("contactId"))));
  })
  .get("/tag/kanban", async (c) => c.json(await tags.kanbanLanes(c.var.deps, c.var.actor)))
  .put("/tag/kanban/order", validate("json", laneOrderInput), async (c) => {
    return c.json(await tags.reorderLanes(c.var.deps, c.var.actor, c.req.valid("json").ids));
  });
