/**
 * The company's working hours (spec 2 §2 settings "schedules" tab, scheduleType company):
 * GET/PUT /api/companies/{id}/schedules. The id must be the actor's own company (a super user may
 * edit any); another company answers 404 like a missing one.
 */
import { Hono } from "hono";
import { invalidate } from "../caches.ts";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { companies } from "@db/schema.ts";
import type { AppEnv } from "../lib/context.ts";
import type { Actor } from "../lib/context.ts";
import type { Deps } from "../deps.ts";
import { notFound } from "../lib/errors.ts";
import { requireAdmin } from "../auth/permissions.ts";
import { idParam, validate } from "../lib/validate.ts";
import { workingHours } from "../queues/schemas.ts";

const schedulesInput = z.preprocess(
  (v) => Array.isArray(v) ? { schedules: v } : v,
  z.object({ schedules: z.array(workingHours).max(7) }),
);

function ownCompany(actor: Actor, id: number) {
  if (id !== actor.companyId && !actor.user.super) throw notFound("company");
}

async function read(deps: Deps, id: number) {
  const [c] = await deps.db.select({
    id: companies.id,
    schedules: companies.schedules,
    timezone: companies.timezone,
  })
    .from(companies).where(eq(companies.id, id)).limit(1);
  if (!c) throw notFound("company");
  return c;
}

export const companySchedulesRoutes = new Hono<AppEnv>()
  .get("/:id/schedules", async (c) => {
    const id = idParam(c.req.param("id"));
    ownCompany(c.var.actor, id);
    return c.json(await read(c.var.deps, id));
  })
  .put("/:id/schedules", validate("json", schedulesInput), async (c) => {
    const { deps, actor } = c.var;
    const id = idParam(c.req.param("id"));
    requireAdmin(actor);
    ownCompany(actor, id);
    await read(deps, id);
    const { schedules } = c.req.valid("json");
    await deps.database.write((tx) =>
      tx.update(companies).set({ schedules, updatedAt: deps.clock.now().toISOString() }).where(
        eq(companies.id, id),
      )
    );
    // Cached companies (the subscription gate, automation) see the new hours at once.
    invalidate(deps, { kind: "company", companyId: id });
    return c.json(await read(deps, id));
  });
