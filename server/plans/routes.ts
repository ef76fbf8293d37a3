/** /api/plans: the public list for signup, and the operator's CRUD (spec 3 §7). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { planInput, planUpdate } from "./schemas.ts";
import * as plans from "./service.ts";
import { superOnly } from "../auth/super_only.ts";

export const plansRoutes = new Hono<AppEnv>()
  .get("/list", async (c) => c.json(await plans.publicPlans(c.var.deps)))
  .get("/all", async (c) => c.json(await plans.allPlans(c.var.deps, c.var.actor)))
  .get("/:id", async (c) => c.json(await plans.showPlan(c.var.deps, c.var.actor, idParam(c.req.param("id")))))
  .post("/", superOnly, validate("json", planInput), async (c) => {
    return c.json(await plans.createPlan(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", superOnly, validate("json", planUpdate), async (c) => {
    return c.json(
      await plans.updatePlan(c.var.deps, c.var.actor, idParam(c.req.param("id")), c.req.valid("json")),
    );
  })
  .delete("/:id", async (c) => {
    await plans.deletePlan(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  });
