/** Request bodies of the users feature (spec 1 §5, spec 2 §5). */
import { z } from "zod";
import { flag } from "../lib/flag.ts";
import { USER_PERMISSION_FLAGS } from "@contract/users.ts";
import { isTimeZone } from "@contract/dates.ts";

const onOff = z.enum(["enabled", "disabled"]);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:mm");

export const userFields = {
  name: z.string().trim().min(2).max(50),
  email: z.email().transform((e) => e.toLowerCase()),
  password: z.string().min(5).max(50),
  profile: z.enum(["admin", "user"]),
  super: flag,
  queueIds: z.array(z.coerce.number().int().positive()),
  whatsappId: z.coerce.number().int().positive().nullable(),
  startWork: hhmm,
  endWork: hhmm,
  farewellMessage: z.string().max(2000).nullable(),
  allTicket: onOff,
  allowGroup: flag,
  allHistoric: onOff,
  allUserChat: onOff,
  userClosePendingTicket: onOff,
  showDashboard: onOff,
  allowRealTime: onOff,
  allowConnections: onOff,
  defaultTheme: z.enum(["light", "dark"]),
  defaultMenu: z.enum(["open", "closed"]),
  /** An IANA zone to read dates in; null or "" = the company's. */
  timezone: z.string().trim().max(60).transform((v) => v || null).nullable()
    .refine((v) => v === null || isTimeZone(v), "time_zone"),
};

export const createUserInput = z.object({
  ...userFields,
  profile: userFields.profile.default("user"),
  super: userFields.super.optional(),
  queueIds: userFields.queueIds.default([]),
  whatsappId: userFields.whatsappId.optional(),
  startWork: userFields.startWork.default("00:00"),
  endWork: userFields.endWork.default("23:59"),
  farewellMessage: userFields.farewellMessage.optional(),
  // A new user starts from the least: no queue-less tickets, dashboard, reports,
  // real-time panel or connections until an admin grants them.
  allTicket: onOff.default("disabled"),
  allowGroup: flag.default(true),
  allHistoric: onOff.default("enabled"),
  allUserChat: onOff.default("enabled"),
  userClosePendingTicket: onOff.default("enabled"),
  showDashboard: onOff.default("disabled"),
  allowRealTime: onOff.default("disabled"),
  allowConnections: onOff.default("disabled"),
  defaultTheme: userFields.defaultTheme.default("light"),
  defaultMenu: userFields.defaultMenu.default("open"),
  timezone: userFields.timezone.optional(),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

/** Every field optional; an empty password means "keep it" (the form sends ""). */
export const updateUserInput = z.object({
  ...Object.fromEntries(Object.entries(userFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof userFields]: z.ZodOptional<(typeof userFields)[K]>;
  },
  password: z.union([z.literal(""), userFields.password]).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** Fields only an admin may change, for anyone (spec 2 §6: the Permissions tab and selectors). */
export const ADMIN_ONLY_FIELDS = [
  "profile",
  "queueIds",
  "whatsappId",
  "startWork",
  "endWork",
  "allowGroup",
  ...USER_PERMISSION_FLAGS,
] as const;

export const listUsersQuery = z.object({
  searchParam: z.string().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});

export const widthInput = z.object({
  defaultTicketsManagerWidth: z.coerce.number().int().min(404).max(2000),
});
