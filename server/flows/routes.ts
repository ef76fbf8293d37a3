/** Mounted at /api: /flowbuilder… and /flowcampaign… (spec 3 §7) — thin handlers. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { readForm } from "../lib/body.ts";
import { AppError } from "../lib/errors.ts";
import {
  createCampaignInput,
  createFlowInput,
  duplicateFlowInput,
  listFlowsQuery,
  renameFlowInput,
  saveGraphInput,
  updateCampaignInput,
} from "./schemas.ts";
import * as flows from "./service.ts";
import * as campaigns from "./campaigns.ts";
import { z } from "zod";

const mediaQuery = z.object({ path: z.string().min(1).max(400) });

export const flowsRoutes = new Hono<AppEnv>()
  .get("/flowbuilder", validate("query", listFlowsQuery), async (c) => {
    return c.json(await flows.listFlows(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .post("/flowbuilder", validate("json", createFlowInput), async (c) => {
    return c.json(await flows.createFlow(c.var.deps, c.var.actor, c.req.valid("json").name), 201);
  })
  .put("/flowbuilder", validate("json", renameFlowInput), async (c) => {
    const b = c.req.valid("json");
    return c.json(await flows.renameFlow(c.var.deps, c.var.actor, b.flowId, b.name, b.active));
  })
  .post("/flowbuilder/duplicate", validate("json", duplicateFlowInput), async (c) => {
    return c.json(await flows.duplicateFlow(c.var.deps, c.var.actor, c.req.valid("json").flowId), 201);
  })
  .post("/flowbuilder/flow", validate("json", saveGraphInput), async (c) => {
    return c.json(await flows.saveGraph(c.var.deps, c.var.actor, c.req.valid("json")));
  })
  .get("/flowbuilder/flow/:id", async (c) => {
    return c.json(await flows.showFlow(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .get("/flowbuilder/media", validate("query", mediaQuery), async (c) => {
    return c.json(await flows.mediaUrl(c.var.deps, c.var.actor, c.req.valid("query").path));
  })
  .post("/flowbuilder/img", async (c) => {
    const file = await formFile(c, "medias");
    return c.json(await flows.uploadMedia(c.var.deps, c.var.actor, file, "img"));
  })
  .post("/flowbuilder/audio", async (c) => {
    const file = await formFile(c, "medias");
    return c.json(await flows.uploadMedia(c.var.deps, c.var.actor, file, "audio"));
  })
  /** Content-block files (image, audio, video or PDF each): answers the stored names in order. */
  .post("/flowbuilder/content", async (c) => {
    await formFile(c, "medias");
    const files = (await readForm(c)).getAll("medias").filter((f): f is File => f instanceof File);
    if (files.length > 20) {
      throw new AppError("ERR_VALIDATION", { details: [{ path: "medias", message: "max 20" }] });
    }
    const out = [];
    for (const f of files) out.push(await flows.uploadMedia(c.var.deps, c.var.actor, f, flows.kindOf(f)));
    return c.json(out.map((o) => o.name));
  })
  .get("/flowbuilder/:id", async (c) => {
    return c.json(await flows.showFlow(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .delete("/flowbuilder/:id", async (c) => {
    await flows.deleteFlow(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  })
  .get("/flowcampaign", async (c) => c.json(await campaigns.listCampaigns(c.var.deps, c.var.actor)))
  .get("/flowcampaign/:id", async (c) => {
    return c.json(await campaigns.showCampaign(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .post("/flowcampaign", validate("json", createCampaignInput), async (c) => {
    return c.json(await campaigns.createCampaign(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/flowcampaign", validate("json", updateCampaignInput), async (c) => {
    return c.json(await campaigns.updateCampaign(c.var.deps, c.var.actor, c.req.valid("json")));
  })
  .delete("/flowcampaign/:id", async (c) => {
    await campaigns.deleteCampaign(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  });
