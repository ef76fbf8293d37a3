import {
  canSeeConnections,
  canSeeDashboard,
  canSeeRealTime,
  isAdmin,
  isSuper,
  planAllows,
  type PlanFlag,
} from "../../lib/permissions.ts";
import type { AccessRule } from "./guards.tsx";

/** Route-level counterparts of the menu rules (the server enforces the same table). */
export const rules = {
  dashboard: ((u) => (canSeeDashboard(u) ? "ok" : "denied")) as AccessRule,
  realTime: ((u) => (canSeeRealTime(u) ? "ok" : "denied")) as AccessRule,
  connections: ((u) => (canSeeConnections(u) ? "ok" : "denied")) as AccessRule,
  admin: ((u) => (isAdmin(u) ? "ok" : "forbidden")) as AccessRule,
  /** The operator's pages: anyone else gets the spec's toast and goes to /. */
  super: ((u) => (isSuper(u) ? "ok" : "operator")) as AccessRule,
  plan: (flag: PlanFlag): AccessRule => (u) => (planAllows(u, flag) ? "ok" : "plan"),
  adminPlan:
    (flag: PlanFlag): AccessRule => (u) => (!isAdmin(u) ? "forbidden" : planAllows(u, flag) ? "ok" : "plan"),
};
