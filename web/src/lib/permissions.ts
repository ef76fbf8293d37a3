import type { Plan, User } from "./types.ts";

/** The static permission table of spec 1 §6: profile user has none. */
const ADMIN_RULES = new Set([
  "dashboard:view",
  "drawer-admin-items:view",
  "tickets-manager:showall",
  "user-modal:editProfile",
  "user-modal:editQueues",
  "ticket-options:deleteTicket",
  "contacts-page:deleteContact",
  "connections-page:actionButtons",
  "connections-page:addConnection",
  "connections-page:editOrDeleteConnection",
  "tickets-manager:closeAll",
]);

export type Permission =
  | "dashboard:view"
  | "drawer-admin-items:view"
  | "tickets-manager:showall"
  | "user-modal:editProfile"
  | "user-modal:editQueues"
  | "ticket-options:deleteTicket"
  | "contacts-page:deleteContact"
  | "connections-page:actionButtons"
  | "connections-page:addConnection"
  | "connections-page:editOrDeleteConnection"
  | "tickets-manager:closeAll";

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

export type PlanFlag = keyof Pick<
  Plan,
  | "useCampaigns"
  | "useSchedules"
  | "useInternalChat"
  | "useExternalApi"
  | "useKanban"
  | "useOpenAi"
  | "useIntegrations"
  | "useWhatsapp"
  | "useFacebook"
  | "useInstagram"
>;

export function planAllows(user: User | null | undefined, flag: PlanFlag): boolean {
  return user?.company?.plan?.[flag] === true;
}
