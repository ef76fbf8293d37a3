import type { Toggle } from "@contract/common.ts";
import { USER_PERMISSION_FLAGS, type UserDTO as User, type UserPermissionFlag } from "@contract/users.ts";
import type { UserPayload } from "../api/users.ts";

export const PERMISSION_FLAGS = USER_PERMISSION_FLAGS;
export type PermissionFlag = UserPermissionFlag;

export type UserFormValues = {
  name: string;
  email: string;
  password: string;
  profile: "admin" | "user";
  queueIds: number[];
  whatsappId: string;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  allowGroup: boolean;
  defaultTheme: "light" | "dark";
  defaultMenu: "open" | "closed";
  /** The user's own time zone; "" = the company's. */
  timezone: string;
} & Record<PermissionFlag, Toggle>;

export const NO_CONNECTION = "none";

/**
 * Defaults of a new user: profile user, 00:00-23:59, theme light, menu open, and the least
 * permissions (queue-less tickets, dashboard, real-time panel and connections off).
 */
export function emptyUser(): UserFormValues {
  return {
    name: "",
    email: "",
    password: "",
    profile: "user",
    queueIds: [],
    whatsappId: NO_CONNECTION,
    startWork: "00:00",
    endWork: "23:59",
    farewellMessage: "",
    allowGroup: true,
    defaultTheme: "light",
    defaultMenu: "open",
    timezone: "",
    allTicket: "disabled",
    allHistoric: "enabled",
    allUserChat: "enabled",
    userClosePendingTicket: "enabled",
    showDashboard: "disabled",
    allowRealTime: "disabled",
    allowConnections: "disabled",
  };
}

export function fromUser(u: User): UserFormValues {
  const base = emptyUser();
  return {
    ...base,
    name: u.name ?? "",
    email: u.email ?? "",
    profile: u.profile ?? "user",
    queueIds: (u.queues ?? []).map((q) => q.id),
    whatsappId: u.whatsappId ? String(u.whatsappId) : NO_CONNECTION,
    startWork: u.startWork || base.startWork,
    endWork: u.endWork || base.endWork,
    farewellMessage: u.farewellMessage ?? "",
    allowGroup: u.allowGroup ?? true,
    defaultTheme: u.defaultTheme ?? "light",
    defaultMenu: u.defaultMenu ?? "open",
    timezone: u.timezone ?? "",
    ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, u[f] ?? "enabled"])) as Record<
      PermissionFlag,
      Toggle
    >,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 2 §5: name 2-50 required, e-mail required and valid, password optional 5-50 (required when new). */
export function validateUser(v: UserFormValues, isNew: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = v.name.trim();
  if (!name) errors.name = "form.errors.required";
  else if (name.length < 2) errors.name = "form.errors.tooShort";
  else if (name.length > 50) errors.name = "form.errors.tooLong";
  if (!v.email.trim()) errors.email = "form.errors.required";
  else if (!EMAIL.test(v.email.trim())) errors.email = "form.errors.invalidEmail";
  if (!v.password) {
    if (isNew) errors.password = "form.errors.required";
  } else if (v.password.length < 5) errors.password = "form.errors.tooShort";
  else if (v.password.length > 50) errors.password = "form.errors.tooLong";
  if (v.startWork && v.endWork && v.startWork > v.endWork) errors.endWork = "form.errors.workHours";
  return errors;
}

/** Admin-only fields are sent only by an admin editor. */
export function toPayload(v: UserFormValues, asAdmin: boolean): UserPayload {
  const payload: UserPayload = {
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    farewellMessage: v.farewellMessage,
    defaultTheme: v.defaultTheme,
    defaultMenu: v.defaultMenu,
    timezone: v.timezone || null,
  };
  if (v.password) payload.password = v.password;
  if (!asAdmin) return payload;
  return {
    ...payload,
    profile: v.profile,
    queueIds: v.queueIds,
    whatsappId: v.whatsappId === NO_CONNECTION ? null : Number(v.whatsappId),
    startWork: v.startWork,
    endWork: v.endWork,
    allowGroup: v.allowGroup,
    ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, v[f]])),
  };
}
