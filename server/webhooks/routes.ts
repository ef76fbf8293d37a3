/**
 * /api/webhook-subscriptions — event webhooks, admins only: subscriptions (the secret is in the
 * answer of a create and of a rotation only), each one's delivery log and "send again". Not under
 * /api/webhooks, where providers' inbound webhooks (Meta, Telegram, payments) live.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import {
  createSubscriptionInput,
  deliveriesQuery,
  rotateSecretInput,
  updateSubscriptionInput,
} from "./schemas.ts";
import * as svc from "./service.ts";

type Ctx = { req: { param(k: string): string | undefined } };
const id = (c: Ctx) => idParam(c.req.param("id"));
const deliveryId = (c: Ctx) => idParam(c.req.param("deliveryId"));

export const webhookSubscriptionsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await svc.listSubscriptions(c.var.deps, c.var.actor)))
  .post("/", validate("json", createSubscriptionInput), async (c) => {
    return c.json(await svc.createSubscription(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .get("/:id", async (c) => c.json(await svc.getSubscription(c.var.deps, c.var.actor, id(c))))
  .put("/:id", validate("json", updateSubscriptionInput), async (c) => {
    return c.json(await svc.updateSubscription(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await svc.deleteSubscription(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  })
  .post("/:id/rotate-secret", validate("json", rotateSecretInput), async (c) => {
    return c.json(await svc.rotateSecret(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .get("/:id/deliveries", validate("query", deliveriesQuery), async (c) => {
    return c.json(await svc.listDeliveries(c.var.deps, c.var.actor, id(c), c.req.valid("query")));
  })
  .get("/:id/deliveries/:deliveryId", async (c) => {
    return c.json(await svc.getDelivery(c.var.deps, c.var.actor, id(c), deliveryId(c)));
  })
  .post("/:id/deliveries/:deliveryId/resend", async (c) => {
    return c.json(await svc.resendDelivery(c.var.deps, c.var.actor, id(c), deliveryId(c)), 202);
  });
