/** Ticket bodies and answers (spec 1 §3, §7). */
import { z } from "zod";
import { flag } from "../lib/flag.ts";
import { int, nullableInt, nullableText, nullableTimestamp, timestamp } from "../lib/answers.ts";
import { CHANNEL_KINDS } from "@contract/common.ts";
import { TICKET_STATUSES, type TicketDTO, type TicketPage } from "@contract/tickets.ts";

export const createTicketInput = z.object({
  contactId: z.coerce.number().int().positive(),
  queueId: z.coerce.number().int().positive().nullable().optional(),
  whatsappId: z.coerce.number().int().positive().nullable().optional(),
  userId: z.coerce.number().int().positive().nullable().optional(),
  status: z.enum(["open", "pending"]).default("open"),
});
export type CreateTicketInput = z.infer<typeof createTicketInput>;

export const updateTicketInput = z.object({
  status: z.enum(["open", "pending", "closed", "group"]).optional(),
  userId: z.coerce.number().int().positive().nullable().optional(),
  queueId: z.coerce.number().int().positive().nullable().optional(),
  sendFarewellMessage: flag.optional(),
  amountUsedBotQueues: z.coerce.number().int().min(0).optional(),
  msgTransfer: z.string().max(5000).optional(),
  isTransfered: flag.optional(),
  useIntegration: flag.optional(),
  integrationId: z.coerce.number().int().positive().nullable().optional(),
});
export type UpdateTicketInput = z.infer<typeof updateTicketInput>;

export const closeAllInput = z.object({
  status: z.enum(["open", "pending", "group"]),
  selectedQueueIds: z.array(z.coerce.number().int().positive()).optional(),
});

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const tagRef = z.object({ id: int, name: z.string(), color: z.string() }).meta({ id: "TagRef" });
export const queueRef = z.object({ id: int, name: z.string(), color: z.string() }).meta({ id: "QueueRef" });

export const ticketAnswer = z.object({
  id: int,
  companyId: int,
  uuid: z.string(),
  number: nullableInt.describe("Per-company number shown to people."),
  status: z.enum(TICKET_STATUSES),
  contactId: int,
  whatsappId: nullableInt,
  queueId: nullableInt,
  userId: nullableInt,
  channel: z.enum(CHANNEL_KINDS),
  lastMessage: z.string(),
  subject: z.string().nullable().describe(
    "The conversation's subject (e-mail tickets: the first mail's); null on other channels.",
  ),
  unreadMessages: int,
  isGroup: z.boolean(),
  isBot: z.boolean(),
  useIntegration: z.boolean(),
  integrationId: nullableInt,
  promptId: nullableInt,
  isTransfered: z.boolean(),
  amount: int,
  fromMe: z.boolean().describe("Direction of the last message."),
  isOutOfHour: z.boolean(),
  outOfHourAt: nullableTimestamp,
  amountUsedBotQueues: int,
  amountUsedBotQueuesNPS: int,
  queueOptionId: nullableInt,
  lgpdSendMessageAt: nullableTimestamp,
  lgpdAcceptedAt: nullableTimestamp,
  imported: z.boolean(),
  isActiveDemand: z.boolean(),
  sendInactiveMessage: z.boolean(),
  flowWebhook: z.boolean(),
  lastFlowId: nullableText,
  flowStopped: nullableText,
  hashFlowId: nullableText,
  dataWebhook: z.record(z.string(), z.unknown()).nullable().describe("A flow run's parked state."),
  typebotSessionId: nullableText,
  typebotStatus: z.boolean(),
  typebotSessionTime: nullableTimestamp,
  closedAt: nullableTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
  contact: z.object({
    id: int,
    name: z.string(),
    number: z.string(),
    email: nullableText,
    urlPicture: nullableText,
    isGroup: z.boolean(),
    channel: z.string(),
    active: z.boolean(),
    disableBot: z.boolean(),
    acceptAudioMessage: z.boolean(),
    unreachableAt: nullableTimestamp.describe("When the channel said the contact cannot be reached."),
    tags: z.array(tagRef),
  }).nullable(),
  queue: queueRef.nullable(),
  user: z.object({ id: int, name: z.string(), color: nullableText }).nullable(),
  whatsapp: z.object({
    id: int,
    name: z.string(),
    channel: z.string(),
    expiresTicket: int,
    groupAsTicket: z.string(),
  }).nullable(),
  tags: z.array(tagRef),
  lastMessageId: nullableInt.describe("The last non-private message; the list preview's tick follows it."),
  lastMessageAck: nullableInt,
}).meta({ id: "Ticket" }) satisfies z.ZodType<TicketDTO>;

export const ticketPageAnswer = z.object({
  tickets: z.array(ticketAnswer.extend({
    searchMatch: z.object({ id: int, body: z.string() }).nullable().optional()
      .describe("Search results: the newest message matching the search."),
  })),
  count: int,
  hasMore: z.boolean(),
  countCapped: z.literal(true).optional().describe('count means "at least count".'),
}) satisfies z.ZodType<TicketPage>;
