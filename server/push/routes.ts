/** Web Push: the server key, this device's subscription, the user's quiet hours. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { validate } from "../lib/validate.ts";
import { pushPrefsInput, pushSubscriptionInput, pushUnsubscribeInput } from "@contract/push.ts";
import * as push from "./service.ts";

export const pushRoutes = new Hono<AppEnv>()
  .get("/key", async (c) => c.json(await push.pushKey(c.var.deps)))
  .post("/subscriptions", validate("json", pushSubscriptionInput), async (c) => {
    await push.subscribe(c.var.deps, c.var.actor, c.req.valid("json"), c.req.header("user-agent") ?? null);
    return c.body(null, 204);
  })
  .delete("/subscriptions", validate("json", pushUnsubscribeInput), async (c) => {
    await push.unsubscribe(c.var.deps, c.var.actor, c.req.valid("json").endpoint);
    return c.body(null, 204);
  })
  .get("/prefs", async (c) => c.json(await push.getPrefs(c.var.deps, c.var.actor)))
  .put("/prefs", validate("json", pushPrefsInput), async (c) => {
    return c.json(await push.setPrefs(c.var.deps, c.var.actor, c.req.valid("json")));
  });
