/**
 * Plans admin (spec 3 §2, §3 Plan): the operator's CRUD. A change applies at once: the sessions
 * and connection tokens cached with the old plan row are evicted (server/caches.ts).
 */
import { asc, count, eq, or } from "drizzle-orm";
import { companies, plans } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor, PlanRow } from "../lib/context.ts";
import { audit, changes, snapshot } from "../audit/audit.ts";
import { AppError, isUniqueViolation, notFound } from "../lib/errors.ts";
import { requireSuper } from "../auth/permissions.ts";
import { invalidate } from "../caches.ts";
import type { PlanInput, PlanUpdate } from "./schemas.ts";

/** Plan 1 is the demo plan: the trial, never offered for purchase. */
export const DEMO_PLAN_ID = 1;

function conflict(err: unknown): never {
  if (isUniqueViolation(err, "plans.name")) {
    throw new AppError("ERR_CONFLICT", { details: { field: "name" } });
  }
  throw err;
}

/** GET /plans/list (public): the plans a visitor may pick, plus the demo plan for the trial signup. */
export async function publicPlans(deps: Deps): Promise<PlanRow[]> {
  return await deps.db.select().from(plans).where(or(eq(plans.isPublic, true), eq(plans.id, DEMO_PLAN_ID)))
    .orderBy(asc(plans.amount), asc(plans.id));
}

/** GET /plans/all: every plan for the operator; a company admin sees the public ones (checkout). */
export async function allPlans(deps: Deps, actor: Actor): Promise<PlanRow[]> {
  if (!actor.user.super) return (await publicPlans(deps)).filter((p) => p.id !== DEMO_PLAN_ID);
  return await deps.db.select().from(plans).orderBy(asc(plans.id));
}

export async function showPlan(deps: Deps, actor: Actor, id: number): Promise<PlanRow> {
  requireSuper(actor);
  const [row] = await deps.db.select().from(plans).where(eq(plans.id, id));
  if (!row) throw notFound("plan");
  return row;
}

export async function createPlan(deps: Deps, actor: Actor, input: PlanInput): Promise<PlanRow> {
  requireSuper(actor);
  const row = await deps.database.write(async (tx) => {
    const [row] = await tx.insert(plans).values(input).returning();
    await audit(tx, actor, {
      action: "plan.create",
      entity: "plan",
      entityId: row.id,
      summary: row.name,
      diff: snapshot(row),
    });
    return row;
  }).catch(conflict);
  deps.bus.emit("plan.changed", { action: "create", plan: row });
  return row;
}

export async function updatePlan(deps: Deps, actor: Actor, id: number, input: PlanUpdate): Promise<PlanRow> {
  requireSuper(actor);
  const row = await deps.database.write(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id));
    if (!before) return undefined;
    const [row] = await tx.update(plans).set({ ...input, updatedAt: deps.clock.now().toISOString() })
      .where(eq(plans.id, id)).returning();
    await audit(tx, actor, {
      action: "plan.update",
      entity: "plan",
      entityId: id,
      summary: row.name,
      diff: changes(before, row),
    });
    return row;
  }).catch(conflict);
  if (!row) throw notFound("plan");
  invalidate(deps, { kind: "plan", planId: id });
  deps.bus.emit("plan.changed", { action: "update", plan: row });
  return row;
}

/** A plan some company still uses cannot go (409); plan 1 never goes. */
export async function deletePlan(deps: Deps, actor: Actor, id: number): Promise<void> {
  requireSuper(actor);
  if (id === DEMO_PLAN_ID) throw new AppError("ERR_CONFLICT", { details: { reason: "demo plan" } });
  await deps.database.write(async (tx) => {
    const [row] = await tx.select().from(plans).where(eq(plans.id, id));
    if (!row) throw notFound("plan");
    const [used] = await tx.select({ n: count() }).from(companies).where(eq(companies.planId, id));
    if (used.n > 0) throw new AppError("ERR_CONFLICT", { details: { reason: "in use", companies: used.n } });
    await tx.delete(plans).where(eq(plans.id, id));
    await audit(tx, actor, {
      action: "plan.delete",
      entity: "plan",
      entityId: id,
      summary: row.name,
      diff: snapshot(row),
    });
  });
  invalidate(deps, { kind: "plan", planId: id });
  deps.bus.emit("plan.changed", { action: "delete", planId: id });
}
