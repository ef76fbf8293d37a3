/** Connection bodies (spec 2 §3, §5). Issue 6 adds the session and import fields. */
import { z } from "zod";
import { channelKinds } from "@db/schema.ts";

const onOff = z.enum(["enabled", "disabled"]);
const minutes = z.coerce.number().int().min(0).max(100_000);
const optText = z.string().max(5000).nullable().optional();

export const connectionFields = z.object({
  name: z.string().trim().min(2).max(50),
  channel: z.enum(channelKinds).default("whatsapp"),
  isDefault: z.boolean().optional(),
  queueIds: z.array(z.coerce.number().int().positive()).optional(),
  greetingMessage: optText,
  complationMessage: optText,
  outOfHoursMessage: optText,
  ratingMessage: optText,
  inactiveMessage: optText,
  expiresInactiveMessage: optText,
  allowGroup: z.boolean().optional(),
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
});

// queueIds defaults to [] only on create: zod 4 applies a default even inside .partial(), so a
// default on the shared field made every PUT without queueIds wipe the connection's queues.
export const createConnectionInput = connectionFields.extend({
  queueIds: z.array(z.coerce.number().int().positive()).default([]),
}).superRefine((v, ctx) => {
  if (v.channel === "api" && !v.webhookUrl) {
    ctx.addIssue({ code: "custom", path: ["webhookUrl"], message: "required for the api channel" });
  }
});
export type CreateConnectionInput = z.infer<typeof createConnectionInput>;

export const updateConnectionInput = connectionFields.partial().omit({ channel: true });
export type UpdateConnectionInput = z.infer<typeof updateConnectionInput>;
