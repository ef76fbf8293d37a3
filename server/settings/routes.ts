/** Settings paths of spec 1 §7 and spec 2 §7 (they live at the API root, not under one prefix). */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { readForm } from "../lib/body.ts";
import { requireSuper } from "../auth/permissions.ts";
import * as settings from "./service.ts";

const valueInput = z.object({ value: z.union([z.string(), z.number(), z.boolean()]).transform(String) });
const columnInput = z.object({
  column: z.string().min(1).max(60),
  data: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});
const LOGO_KEY = { Light: "appLogoLight", Dark: "appLogoDark", Favicon: "appLogoFavicon" } as const;

export const settingsRoutes = new Hono<AppEnv>()
  .get("/settings", async (c) => c.json(await settings.listSettings(c.var.deps, c.var.actor)))
  .put("/settings/:key", validate("json", valueInput), async (c) => {
    const { value } = c.req.valid("json");
    return c.json(await settings.updateSetting(c.var.deps, c.var.actor, c.req.param("key"), value));
  })
  .get(
    "/setting/:key",
    async (c) => c.json(await settings.getSetting(c.var.deps, c.var.actor, c.req.param("key"))),
  )
  .get(
    "/public-settings/:key",
    async (c) => c.json(await settings.getPublicSetting(c.var.deps, c.req.param("key"))),
  )
  .get("/companySettings/:id", async (c) => {
    return c.json(await settings.companySettings(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .get("/companySettingOne", validate("query", z.object({ column: z.string().max(60) })), async (c) => {
    return c.json(await settings.companySettingOne(c.var.deps, c.var.actor, c.req.valid("query").column));
  })
  .put("/companySettings", validate("json", columnInput), async (c) => {
    const { column, data } = c.req.valid("json");
    const r = await settings.updateSetting(c.var.deps, c.var.actor, column, data);
    return c.json({ [r.key]: r.value });
  })
  .post("/settings-whitelabel/logo", async (c) => {
    requireSuper(c.var.actor);
    const form = await readForm(c);
    const mode = String(form.get("mode") ?? "Light") as keyof typeof LOGO_KEY;
    const key = LOGO_KEY[mode] ?? LOGO_KEY.Light;
    const file = await formFile(c, "file");
    const name = await c.var.deps.media.savePublic(file, {
      maxBytes: 2 * 1024 * 1024,
      accept: /^image\/(png|jpe?g|svg\+xml|x-icon|vnd\.microsoft\.icon|webp)$/,
    });
    await settings.updateSetting(c.var.deps, c.var.actor, key, name);
    // The spec's client builds the public path from the answer itself: the file name.
    return c.json(name);
  });
