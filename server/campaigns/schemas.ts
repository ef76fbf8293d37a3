/** Request bodies and queries of campaigns (spec 3 §2 Campaign dialog, §3, §5). */
import { z } from "zod";
import { int, nullableInt, nullableText, nullableTimestamp, paged, timestamp } from "../lib/answers.ts";
import { campaignStatuses } from "@db/schema.ts";
import type { CampaignRow } from "./repo.ts";

const optionalId = z.preprocess(
  (v) => v === undefined ? undefined : v === "" || v === 0 || v === "0" || v === null ? null : Number(v),
  z.number().int().positive().nullable().optional(),
);
const text = z.string().max(5000).nullish().transform((s) => (s?.trim() ? s : null));
const boolish = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);
const when = z.preprocess(
  (v) => (v === "" ? null : v),
  z.string().refine((s) => !Number.isNaN(Date.parse(s)), "a date").transform((s) => new Date(s).toISOString())
    .nullable().optional(),
);

const fields = {
  name: z.string().trim().min(2, "Too Short!").max(50, "Too Long!"),
  message1: text,
  message2: text,
  message3: text,
  message4: text,
  message5: text,
  confirmationMessage1: text,
  confirmationMessage2: text,
  confirmationMessage3: text,
  confirmationMessage4: text,
  confirmationMessage5: text,
  confirmation: boolish,
  /** Hours a confirmation request waits before it counts as "no answer" (up to 30 days). */
  confirmationWindowHours: z.coerce.number().int().min(1).max(720),
  scheduledAt: when,
  contactListId: optionalId,
  tagListId: optionalId,
  whatsappId: z.coerce.number().int().positive(),
  userId: optionalId,
  queueId: optionalId,
  statusTicket: z.enum(["closed", "pending", "open"]),
  openTicket: z.union([z.enum(["enabled", "disabled"]), z.boolean()]).transform((v) =>
    v === true || v === "enabled" ? "enabled" as const : "disabled" as const
  ),
};

const rules = <T extends z.ZodType<Partial<Record<keyof typeof fields, unknown>>>>(s: T) =>
  s.superRefine((v, ctx) => {
    if (v.userId && !v.queueId) {
      ctx.addIssue({ code: "custom", path: ["queueId"], message: "queue required with a user" });
    }
    if (v.contactListId && v.tagListId) {
      ctx.addIssue({ code: "custom", path: ["tagListId"], message: "a contact list or a tag, not both" });
    }
  });

export const createCampaignInput = rules(z.object({
  ...fields,
  confirmation: fields.confirmation.default(false),
  confirmationWindowHours: fields.confirmationWindowHours.default(24),
  statusTicket: fields.statusTicket.default("closed"),
  openTicket: fields.openTicket.default("disabled"),
}));
export type CreateCampaignInput = z.infer<typeof createCampaignInput>;

export const updateCampaignInput = rules(z.object(fields).partial());
export type UpdateCampaignInput = z.infer<typeof updateCampaignInput>;

export const listCampaignsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type ListCampaignsQuery = z.infer<typeof listCampaignsQuery>;

export const reportQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  searchParam: z.string().trim().max(100).optional(),
});

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

const ref = z.object({ id: int, name: z.string() });

export const campaignAnswer = z.object({
  id: int,
  companyId: int,
  name: z.string(),
  message1: nullableText,
  message2: nullableText,
  message3: nullableText,
  message4: nullableText,
  message5: nullableText,
  confirmationMessage1: nullableText,
  confirmationMessage2: nullableText,
  confirmationMessage3: nullableText,
  confirmationMessage4: nullableText,
  confirmationMessage5: nullableText,
  status: z.enum(campaignStatuses),
  confirmation: z.boolean(),
  confirmationWindowHours: int,
  scheduledAt: nullableTimestamp,
  completedAt: nullableTimestamp,
  contactListId: nullableInt,
  tagListId: nullableInt,
  whatsappId: nullableInt,
  userId: nullableInt,
  queueId: nullableInt,
  statusTicket: z.enum(["closed", "pending", "open"]),
  openTicket: z.enum(["enabled", "disabled"]),
  mediaPath: nullableText,
  mediaName: nullableText,
  createdAt: timestamp,
  updatedAt: timestamp,
  contactList: ref.nullable(),
  whatsapp: ref.extend({ channel: z.string() }).nullable(),
  tagList: ref.nullable(),
}).meta({ id: "Campaign" }) satisfies z.ZodType<CampaignRow>;

export const campaignPageAnswer = paged("records", campaignAnswer);

/** One campaign with its list's entries and one shipping row per entry sent or due. */
export const campaignDetailAnswer = campaignAnswer.extend({
  contactList: ref.extend({
    contacts: z.array(z.object({
      id: int,
      companyId: int,
      contactListId: int,
      name: z.string(),
      number: z.string(),
      email: nullableText,
      isWhatsappValid: z.boolean().nullable(),
      createdAt: timestamp,
      updatedAt: timestamp,
    })),
  }).nullable(),
  shipping: z.array(z.object({
    id: int,
    companyId: int,
    campaignId: int,
    contactListItemId: int,
    number: z.string(),
    message: z.string(),
    confirmationMessage: nullableText,
    confirmation: z.boolean(),
    confirmationRequestedAt: nullableTimestamp,
    confirmedAt: nullableTimestamp,
    deliveredAt: nullableTimestamp,
    status: z.string().describe("pending, sending, awaiting, delivered, failed, no_answer or cancelled."),
    runAt: nullableTimestamp,
    attempts: int,
    lastError: nullableText,
    messageId: nullableInt,
    createdAt: timestamp,
    updatedAt: timestamp,
  })),
}).meta({ id: "CampaignDetail" });
