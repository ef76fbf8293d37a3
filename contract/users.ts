/** The user on the wire (spec 1 §1 session, spec 2 users): never the password hash. */
import type { QueueRef, Toggle } from "./common.ts";
import type { PlanDTO } from "./companies.ts";

export const PROFILES = ["admin", "user"] as const;
export type Profile = (typeof PROFILES)[number];

/** The per-user "enabled"/"disabled" switches of the user's Permissions tab (spec 2 §6). */
export const USER_PERMISSION_FLAGS = [
  "allTicket",
  "allHistoric",
  "allUserChat",
  "userClosePendingTicket",
  "showDashboard",
  "allowRealTime",
  "allowConnections",
] as const;
export type UserPermissionFlag = (typeof USER_PERMISSION_FLAGS)[number];

/** The session user's company: its plan and settings. */
export type SessionCompany = {
  id: number;
  name: string;
  dueDate: string | null;
  timezone: string;
  plan: PlanDTO;
  settings: Record<string, string>;
  /** The same settings as the spec's client reads them: an array holding the one settings row. */
  companieSettings: Record<string, string>[];
};

export type UserDTO = {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  online: boolean;
  color: string | null;
  farewellMessage: string | null;
  startWork: string;
  endWork: string;
  /** Default connection. */
  whatsappId: number | null;
  allTicket: Toggle;
  allowGroup: boolean;
  defaultTheme: "light" | "dark";
  defaultMenu: "open" | "closed";
  allHistoric: Toggle;
  allUserChat: Toggle;
  userClosePendingTicket: Toggle;
  showDashboard: Toggle;
  allowRealTime: Toggle;
  allowConnections: Toggle;
  /** Signed, expiring link to the picture. */
  profileImage: string | null;
  defaultTicketsManagerWidth: number;
  /** The zone the user chose to read dates in (IANA name); null = the company's zone. */
  timezone: string | null;
  createdAt: string;
  updatedAt: string;
  queues: QueueRef[];
  /** The session user only (login, refresh, /auth/me). */
  company?: SessionCompany;
};
