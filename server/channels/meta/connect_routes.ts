/**
 * Mounted at /api (session required):
 *  - GET /settingsFacebook → `{facebookAppId}` (the platform setting facebookId, public by nature:
 *    the browser's Facebook SDK needs it). The operator also gets `webhookUrl` and
 *    `webhookVerifyToken`, the two values to enter in the Meta app dashboard.
 *  - POST /facebook {facebookUserId, facebookUserToken, addInstagram?} → `{connections, skipped}`
 *    (connect.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context.ts";
import { validate } from "../../lib/validate.ts";
import { readSetting } from "../../settings/repo.ts";
import { PLATFORM_COMPANY_ID } from "../../settings/registry.ts";
import { connectFacebook } from "./connect.ts";
import { metaVerifyToken } from "./routes.ts";

const connectInput = z.object({
  facebookUserId: z.coerce.string().trim().min(1).max(100),
  facebookUserToken: z.string().trim().min(10).max(2000),
  addInstagram: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
});

export const metaConnectRoutes = new Hono<AppEnv>()
  .get("/settingsFacebook", async (c) => {
    const deps = c.var.deps;
    const facebookAppId = await readSetting(deps.db, PLATFORM_COMPANY_ID, "facebookId");
    if (!c.var.actor.user.super) return c.json({ facebookAppId });
    return c.json({
      facebookAppId,
      webhookUrl: `${deps.config.publicUrl}/api/webhooks/meta`,
      webhookVerifyToken: await metaVerifyToken(deps),
    });
  })
  .post("/facebook", validate("json", connectInput), async (c) => {
    return c.json(await connectFacebook(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  });
