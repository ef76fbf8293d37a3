/** /api/campaigns… and /api/campaign-settings — thin handlers. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { createCampaignInput, listCampaignsQuery, reportQuery, updateCampaignInput } from "./schemas.ts";
import * as svc from "./service.ts";
import { getSettings, saveSettings, settingsInput } from "./settings.ts";
import { sendNow } from "./start.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

export const campaignsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listCampaignsQuery), async (c) => {
    return c.json(await svc.listCampaigns(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/:id", async (c) => c.json(await svc.showCampaign(c.var.deps, c.var.actor, id(c))))
  .get("/:id/report", validate("query", reportQuery), async (c) => {
    return c.json(await svc.report(c.var.deps, c.var.actor, id(c), c.req.valid("query")));
  })
  .post("/", validate("json", createCampaignInput), async (c) => {
    return c.json(await svc.createCampaign(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateCampaignInput), async (c) => {
    return c.json(await svc.updateCampaign(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await svc.deleteCampaign(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  })
  .post("/:id/cancel", async (c) => c.json(await svc.cancelCampaign(c.var.deps, c.var.actor, id(c))))
  .post("/:id/finish", async (c) => c.json(await svc.finishCampaign(c.var.deps, c.var.actor, id(c))))
  .post("/:id/start", async (c) => c.json(await sendNow(c.var.deps, c.var.actor, id(c))))
  .post("/:id/restart", async (c) => c.json(await svc.restartCampaign(c.var.deps, c.var.actor, id(c))))
  .post("/:id/media-upload", async (c) => {
    const file = await formFile(c, "file");
    return c.json(await svc.uploadMedia(c.var.deps, c.var.actor, id(c), file));
  })
  .delete("/:id/media-upload", async (c) => c.json(await svc.deleteMedia(c.var.deps, c.var.actor, id(c))));

export const campaignSettingsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getSettings(c.var.deps, c.var.actor)))
  .post("/", validate("json", settingsInput), async (c) => {
    return c.json(await saveSettings(c.var.deps, c.var.actor, c.req.valid("json")));
  });
