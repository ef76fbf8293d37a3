/** Connection bodies (spec 2 §3, §5). Also the session and import fields. */
import { z } from "zod";
import { flag } from "../lib/flag.ts";
import { channelKinds } from "@db/schema.ts";
import { workingHours } from "../queues/schemas.ts";
import { webchatConfigInput, webchatPatchInput } from "../webchat/config.ts";
import { emailSettingsInput } from "../channels/email/connect.ts";

const onOff = z.enum(["enabled", "disabled"]);
const minutes = z.coerce.number().int().min(0).max(100_000);
const optText = z.string().max(5000).nullable().optional();

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (YYYY-MM-DD; a longer ISO string keeps its day); "" is null. */
const vacationDate = z.preprocess(
  (v) => v === "" ? null : typeof v === "string" ? v.slice(0, 10) : v,
  z.string().regex(DAY_ONLY, "YYYY-MM-DD").nullable().optional(),
);
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/**
 * An import date (importOldMessages / importRecentMessages) in ms. A bare day (YYYY-MM-DD, UTC)
 * covers the whole day: its start as the old edge, its end as the recent one.
 */
export function importDateMs(value: string, edge: "start" | "end"): number {
  if (!DAY_ONLY.test(value)) return Date.parse(value);
  const start = Date.parse(`${value}T00:00:00Z`);
  return edge === "start" ? start : start + 86_400_000 - 1;
}
/** "" (a cleared date input) is null. */
const importDate = z.preprocess(
  (v) => v === "" ? null : v,
  z.string().trim().regex(DATE_LIKE, "invalid date")
    .refine((v) => Number.isFinite(importDateMs(v, "start")), "invalid date").nullable().optional(),
);
/** Two calendar years before `now`, with a day of slack for the client's time zone. */
function importOldest(now: number): number {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 2);
  return d.getTime() - 86_400_000;
}

type ImportFields = {
  importOldMessages?: string | null;
  importRecentMessages?: string | null;
  queueIdImportMessages?: number | null;
};

/**
 * Spec 2 §5 import rules: the old date at most 2 years back and not in the future; the recent one
 * not before the old one and not in the future; a queue when import is enabled (old date set).
 * `check.oldRange` / `recentRange` off skip the range rules of a date (an unchanged stored value).
 */
export function importIssues(
  v: ImportFields,
  now = Date.now(),
  check: { oldRange?: boolean; recentRange?: boolean; queue?: boolean } = {},
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const o = { oldRange: true, recentRange: true, queue: true, ...check };
  // A bare day is compared by its start, so "today" is not in the future.
  const old = v.importOldMessages ? importDateMs(v.importOldMessages, "start") : null;
  const recent = v.importRecentMessages ? importDateMs(v.importRecentMessages, "start") : null;
  if (old !== null && o.oldRange) {
    if (old > now) out.push({ path: "importOldMessages", message: "must not be in the future" });
    if (old < importOldest(now)) {
      out.push({ path: "importOldMessages", message: "must be at most 2 years back" });
    }
  }
  if (recent !== null) {
    if (o.recentRange && recent > now) {
      out.push({ path: "importRecentMessages", message: "must not be in the future" });
    }
    if (old === null) out.push({ path: "importOldMessages", message: "required with importRecentMessages" });
    else if (recent < old) {
      out.push({ path: "importRecentMessages", message: "must not be before importOldMessages" });
    }
  }
  if (old !== null && o.queue && !v.queueIdImportMessages) {
    out.push({ path: "queueIdImportMessages", message: "required when import is enabled" });
  }
  return out;
}

const addIssues = (issues: { path: string; message: string }[], ctx: z.RefinementCtx) => {
  for (const i of issues) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
};

export const connectionFields = z.object({
  name: z.string().trim().min(2).max(50),
  channel: z.enum(channelKinds).default("whatsapp"),
  isDefault: flag.optional(),
  queueIds: z.array(z.coerce.number().int().positive()).optional(),
  greetingMessage: optText,
  complationMessage: optText,
  outOfHoursMessage: optText,
  ratingMessage: optText,
  inactiveMessage: optText,
  expiresInactiveMessage: optText,
  allowGroup: flag.optional(),
  groupAsTicket: onOff.optional(),
  maxUseBotQueues: z.coerce.number().int().min(0).max(100).optional(),
  timeUseBotQueues: minutes.optional(),
  timeSendQueue: minutes.optional(),
  sendIdQueue: z.coerce.number().int().positive().nullable().optional(),
  expiresTicket: minutes.optional(),
  expiresTicketNPS: minutes.optional(),
  whenExpiresTicket: z.coerce.number().int().min(0).max(1).optional(),
  timeInactiveMessage: minutes.optional(),
  maxUseBotQueuesNPS: z.coerce.number().int().min(0).max(100).optional(),
  timeCreateNewTicket: minutes.optional(),
  promptId: z.coerce.number().int().positive().nullable().optional(),
  integrationId: z.coerce.number().int().positive().nullable().optional(),
  /** The "standard flow" tab: welcome flow and the flow for messages matching no phrase. */
  flowIdWelcome: z.coerce.number().int().positive().nullable().optional(),
  flowIdNotPhrase: z.coerce.number().int().positive().nullable().optional(),
  /** api channel: where outbound messages are POSTed. */
  webhookUrl: z.url({ protocol: /^https?$/ }).nullable().optional(),
  /**
   * whatsappapi (WhatsApp Cloud API): the phone number id and business account id from the Meta
   * dashboard and a system-user access token. Required for that channel (checked by the service
   * after the plan check); the token is sealed on save and never returned.
   */
  metaPhoneNumberId: z.string().trim().regex(/^\d{5,30}$/, "digits only").nullable().optional(),
  metaBusinessAccountId: z.string().trim().regex(/^\d{5,30}$/, "digits only").nullable().optional(),
  metaAccessToken: z.string().trim().min(10).max(4000).nullable().optional(),
  /** History import window (spec 2 §3, §5): see importIssues. */
  importOldMessages: importDate,
  importRecentMessages: importDate,
  importOldMessagesGroups: flag.optional(),
  closedTicketsPostImported: flag.optional(),
  queueIdImportMessages: z.coerce.number().int().positive().nullable().optional(),
  /** Working hours (scheduleType connection) and collective vacation (spec 2 §3, §5). */
  schedules: z.array(workingHours).max(7).optional(),
  collectiveVacationStart: vacationDate,
  collectiveVacationEnd: vacationDate,
  collectiveVacationMessage: optText,
  lgpdMessage: optText,
  lgpdLink: optText,
  /** webchat channel: the widget's look, allowed origins and offline behaviour. */
  webchat: webchatConfigInput.nullable().optional(),
  /** telegram channel: the BotFather token; checked with getMe, sealed on save and never returned. */
  telegramToken: z.string().trim().min(10).max(200).nullable().optional(),
  /** email channel: the mailbox's servers, sender and signature (public). */
  emailSettings: emailSettingsInput.nullable().optional(),
  /** email channel: the IMAP password or OAuth2 access token; sealed on save, never returned. */
  emailPassword: z.string().min(1).max(4000).nullable().optional(),
  /** email channel: an SMTP password of its own (blank: the IMAP one). */
  emailSmtpPassword: z.string().min(1).max(4000).nullable().optional(),
  /** email channel, OAuth2: the refresh token and the app's client secret; sealed, never returned. */
  emailRefreshToken: z.string().min(1).max(4000).nullable().optional(),
  emailClientSecret: z.string().min(1).max(4000).nullable().optional(),
});

type AutomationFields = {
  ratingMessage?: string | null;
  expiresTicketNPS?: number;
  timeSendQueue?: number;
  sendIdQueue?: number | null;
  timeInactiveMessage?: number;
  inactiveMessage?: string | null;
  expiresTicket?: number;
  collectiveVacationStart?: string | null;
  collectiveVacationEnd?: string | null;
  collectiveVacationMessage?: string | null;
};

/**
 * Spec 2 §5 cross-field rules the client checks, enforced here on the merged record: a rating
 * message needs expiresTicketNPS; timeSendQueue goes with sendIdQueue; an inactivity message time
 * needs expiresTicket and the message; a vacation message needs both dates, end not before start.
 */
export function automationIssues(v: AutomationFields): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (v.ratingMessage?.trim() && !v.expiresTicketNPS) {
    out.push({ path: "expiresTicketNPS", message: "required with a rating message" });
  }
  if (v.timeSendQueue && !v.sendIdQueue) {
    out.push({ path: "sendIdQueue", message: "required with timeSendQueue" });
  }
  if (v.timeInactiveMessage && !v.expiresTicket) {
    out.push({ path: "expiresTicket", message: "required with timeInactiveMessage" });
  }
  if (v.collectiveVacationMessage?.trim()) {
    if (!v.collectiveVacationStart) out.push({ path: "collectiveVacationStart", message: "required" });
    if (!v.collectiveVacationEnd) out.push({ path: "collectiveVacationEnd", message: "required" });
  }
  if (
    v.collectiveVacationStart && v.collectiveVacationEnd &&
    v.collectiveVacationEnd < v.collectiveVacationStart
  ) {
    out.push({ path: "collectiveVacationEnd", message: "must not be before the start" });
  }
  return out;
}

// queueIds defaults to [] only on create: zod 4 applies a default even inside .partial(), so a
// default on the shared field made every PUT without queueIds wipe the connection's queues.
export const createConnectionInput = connectionFields.extend({
  queueIds: z.array(z.coerce.number().int().positive()).default([]),
}).superRefine((v, ctx) => {
  if (v.channel === "api" && !v.webhookUrl) {
    ctx.addIssue({ code: "custom", path: ["webhookUrl"], message: "required for the api channel" });
  }
  addIssues(importIssues(v), ctx);
  addIssues(automationIssues(v), ctx);
});
export type CreateConnectionInput = z.infer<typeof createConnectionInput>;

/**
 * A PUT may carry only some fields: the rules that need the stored values (queue, ordering against
 * a stored date, the range of an unchanged date) are checked by the service on the merged row.
 */
export const updateConnectionInput = connectionFields.partial().omit({ channel: true }).extend({
  /** webchat: only the settings named change (merged over the stored ones by the service). */
  webchat: webchatPatchInput.nullable().optional(),
});
export type UpdateConnectionInput = z.infer<typeof updateConnectionInput>;
