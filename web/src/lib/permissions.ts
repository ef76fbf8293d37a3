import type { UserDTO as User } from "@contract/users.ts";
import { ADMIN_PERMISSIONS, type Permission } from "@contract/permissions.ts";
import type { PlanFlag } from "@contract/companies.ts";

/** The static permission table of spec 1 §6 (profile user has none of it here). */
const ADMIN_RULES = ADMIN_PERMISSIONS;

export type { Permission };

export function can(user: User | null | undefined, permission: Permission): boolean {
  return user?.profile === "admin" && ADMIN_RULES.has(permission);
}

export const isAdmin = (user: User | null | undefined) => user?.profile === "admin";
export const isSuper = (user: User | null | undefined) => user?.super === true;

/** showDashboard enabled is treated as admin for Dashboard and Reports. */
export const canSeeDashboard = (user: User | null | undefined) =>
  can(user, "dashboard:view") || user?.showDashboard === "enabled";
/** allowRealTime enabled gives the Management group and the real-time panel. */
export const canSeeRealTime = (user: User | null | undefined) =>
  can(user, "dashboard:view") || user?.allowRealTime === "enabled";
/** allowConnections enabled gives the Administration section and the Connections page. */
export const canSeeConnections = (user: User | null | undefined) =>
  can(user, "drawer-admin-items:view") || user?.allowConnections === "enabled";

export type { PlanFlag };

export function planAllows(user: User | null | undefined, flag: PlanFlag): boolean {
  return user?.company?.plan?.[flag] === true;
}
