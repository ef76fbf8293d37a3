/**
 * The static permission table of spec 1 §6, the per-user flags and the plan flags, enforced on
 * the server. Guards throw; `can` answers.
 */
import type { Actor, PlanRow } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { ADMIN_PERMISSIONS, CONNECTIONS_PERMISSIONS, type Permission } from "@contract/permissions.ts";
import type { PlanFlag } from "@contract/companies.ts";

export type { Permission };

export const isAdmin = (a: Actor) => a.user.profile === "admin";

export function can(a: Actor, p: Permission): boolean {
  if (isAdmin(a)) return ADMIN_PERMISSIONS.has(p);
  // A user with allowConnections is treated as admin on the connections page (spec 2 §6).
  return a.user.allowConnections === "enabled" && CONNECTIONS_PERMISSIONS.has(p);
}

/** Dashboard and reports: admin, or a user whose showDashboard is enabled. */
export const canSeeDashboard = (a: Actor) => isAdmin(a) || a.user.showDashboard === "enabled";
/** The real-time panel: admin, or allowRealTime. */
export const canSeeRealTime = (a: Actor) => isAdmin(a) || a.user.allowRealTime === "enabled";

export function requirePermission(a: Actor, p: Permission): void {
  if (!can(a, p)) throw new AppError("ERR_NO_PERMISSION");
}

export function requireAdmin(a: Actor): void {
  if (!isAdmin(a)) throw new AppError("ERR_NO_PERMISSION");
}

/** The platform operator. */
export function requireSuper(a: Actor): void {
  if (!a.user.super) throw new AppError("ERR_NO_PERMISSION");
}

export type { PlanFlag };

export function requirePlan(plan: PlanRow, flag: PlanFlag): void {
  if (!plan[flag]) throw new AppError("ERR_PLAN_FEATURE", { details: { feature: flag } });
}

export type PlanLimit = "users" | "connections" | "queues";

/** Throws when adding one more would exceed the plan's limit. */
export function requireWithinLimit(plan: PlanRow, limit: PlanLimit, current: number): void {
  if (current >= plan[limit]) {
    throw new AppError("ERR_PLAN_LIMIT_REACHED", { details: { limit, max: plan[limit] } });
  }
}

/**
 * An API key has no user. Where a person would be taken from the session (accepting a ticket
 * assigns it to whoever accepts), a key must name one: 400 when it does not.
 */
export function requireExplicitUser(a: Actor, userId: number | null | undefined, action: string): void {
  if (a.apiKey && !userId) {
    throw new AppError("ERR_VALIDATION", {
      message: `an API key has no user: pass userId to ${action}`,
      details: [{ path: "userId", message: `required when an API key ${action}`, code: "custom" }],
    });
  }
}
