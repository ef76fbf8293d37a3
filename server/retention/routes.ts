/** Retention (mounted at /api), the operator's: the rules of plans and companies with the counts, and setting one. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { superOnly } from "../auth/super_only.ts";
import { retentionRuleInput } from "./schemas.ts";
import { retentionOverview, setRule } from "./rules.ts";

export const retentionRoutes = new Hono<AppEnv>()
  .get("/retention", superOnly, async (c) => c.json(await retentionOverview(c.var.deps)))
  .put("/retention/plans/:id", superOnly, validate("json", retentionRuleInput), async (c) => {
    const planId = idParam(c.req.param("id"));
    return c.json({ rule: await setRule(c.var.deps, c.var.actor, { planId }, c.req.valid("json")) });
  })
  .put("/retention/companies/:id", superOnly, validate("json", retentionRuleInput), async (c) => {
    const companyId = idParam(c.req.param("id"));
    return c.json({ rule: await setRule(c.var.deps, c.var.actor, { companyId }, c.req.valid("json")) });
  });
