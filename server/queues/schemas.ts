/** Request bodies of queues and their chatbot option trees (spec 2 §3, §4, §5, §9). */
import { z } from "zod";
import { int, nullableInt, nullableText, timestamp } from "../lib/answers.ts";
import type { QueueRow } from "./repo.ts";
import { flag } from "../lib/flag.ts";
import { invalidWorkingHourEnds, WEEKDAYS_EN, WEEKDAYS_PT } from "@contract/companies.ts";

/** Optional id where forms send "", 0 or null for "none". */
const optionalId = z.preprocess(
  (v) => v === undefined ? undefined : v === "" || v === 0 || v === null ? null : Number(v),
  z.number().int().positive().nullable().optional(),
);

const hhmm = z.union([z.literal(""), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:mm")]);
export const WEEKDAYS = WEEKDAYS_EN;
const WEEKDAY_PT = WEEKDAYS_PT;

export const workingHours = z.object({
  weekday: z.string().trim().max(30),
  weekdayEn: z.enum(WEEKDAYS),
  startTimeA: hhmm,
  endTimeA: hhmm,
  startTimeB: hhmm,
  endTimeB: hhmm,
}).superRefine((day, ctx) => {
  // The issue's message is the reason's code: the web app says it in the user's language.
  for (const end of invalidWorkingHourEnds(day)) {
    ctx.addIssue({ code: "custom", path: [end], message: "end_before_start" });
  }
});

/** Spec 2 §5, §9: 08:00-12:00 and 13:00-18:00 every day. */
export const defaultSchedules = () =>
  WEEKDAYS.map((weekdayEn, i) => ({
    weekday: WEEKDAY_PT[i],
    weekdayEn,
    startTimeA: "08:00",
    endTimeA: "12:00",
    startTimeB: "13:00",
    endTimeB: "18:00",
  }));

const schedules = z.array(workingHours).max(7).refine(
  (s) => new Set(s.map((d) => d.weekdayEn)).size === s.length,
  "one entry per weekday",
);

export const ROTATION_MINUTES = [2, 5, 10, 15, 30, 45, 60];
const queueTypes = ["text", "attendent", "queue", "integration", "file"] as const;

export const MAX_TREE_DEPTH = 20;
export const MAX_TREE_SIZE = 500;

export type ChatbotOptionInput = {
  /** An existing option of the same tree keeps its id (and contacts mid-dialog keep their place). */
  id?: number;
  name: string;
  greetingMessage?: string | null;
  queueType: (typeof queueTypes)[number];
  optQueueId?: number | null;
  optUserId?: number | null;
  optIntegrationId?: number | null;
  optFileId?: number | null;
  closeTicket: boolean;
  options: ChatbotOptionInput[];
};

export const chatbotFields = {
  name: z.string().trim().min(4).max(100),
  greetingMessage: z.string().max(5000).nullish(),
  queueType: z.enum(queueTypes).default("text"),
  optQueueId: optionalId,
  optUserId: optionalId,
  optIntegrationId: optionalId,
  optFileId: optionalId,
  closeTicket: flag.default(false),
};

export const chatbotOption: z.ZodType<ChatbotOptionInput, unknown> = z.object({
  id: z.coerce.number().int().positive().optional(),
  ...chatbotFields,
  options: z.array(z.lazy(() => chatbotOption)).max(50).default([]),
}).superRefine((o, ctx) => {
  const need = (field: keyof ChatbotOptionInput, ok: boolean) => {
    if (!ok) ctx.addIssue({ code: "custom", path: [field], message: `required for ${o.queueType} options` });
  };
  if (o.queueType === "queue") need("optQueueId", !!o.optQueueId);
  if (o.queueType === "attendent") need("optQueueId", !!o.optQueueId), need("optUserId", !!o.optUserId);
  if (o.queueType === "integration") need("optIntegrationId", !!o.optIntegrationId);
  if (o.queueType === "file") need("optFileId", !!o.optFileId);
  // Spec 2 §4: a message is mandatory to go down a level.
  if (o.options.length) need("greetingMessage", !!o.greetingMessage?.trim());
});

/** Depth and size bounds, so one request cannot write an unbounded tree. */
export function treeWithinBounds(list: ChatbotOptionInput[], depth = 1): { size: number; tooDeep: boolean } {
  let size = 0, tooDeep = depth > MAX_TREE_DEPTH && list.length > 0;
  for (const o of list) {
    const sub = treeWithinBounds(o.options, depth + 1);
    size += 1 + sub.size;
    tooDeep ||= sub.tooDeep;
  }
  return { size, tooDeep };
}

const chatbotTree = z.array(chatbotOption).max(50).superRefine((list, ctx) => {
  const { size, tooDeep } = treeWithinBounds(list);
  if (size > MAX_TREE_SIZE) ctx.addIssue({ code: "custom", message: `at most ${MAX_TREE_SIZE} options` });
  if (tooDeep) ctx.addIssue({ code: "custom", message: `at most ${MAX_TREE_DEPTH} levels` });
});

const queueFields = {
  name: z.string().trim().min(2).max(50),
  /** Hex with '#', 3 to 9 characters; stored lower-case so "#FFF" and "#fff" collide. */
  color: z.string().trim().min(3).max(9)
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, "hex colour with #")
    .transform((c) => c.toLowerCase()),
  orderQueue: z.preprocess(
    (v) => v === "" ? null : v,
    z.coerce.number().int().min(0).max(1_000_000).nullable(),
  ),
  greetingMessage: z.string().max(5000).nullable(),
  outOfHoursMessage: z.string().max(5000).nullable(),
  schedules,
  closeTicket: flag,
  ativarRoteador: flag,
  tempoRoteador: z.coerce.number().int().refine((m) => m === 0 || ROTATION_MINUTES.includes(m), {
    message: `one of ${ROTATION_MINUTES.join(", ")} minutes`,
  }),
  integrationId: optionalId,
  fileListId: optionalId,
  promptId: optionalId,
  chatbots: chatbotTree,
};

export const createQueueInput = z.object({
  ...queueFields,
  orderQueue: queueFields.orderQueue.optional(),
  greetingMessage: queueFields.greetingMessage.optional(),
  outOfHoursMessage: queueFields.outOfHoursMessage.optional(),
  schedules: schedules.default(defaultSchedules),
  closeTicket: flag.default(false),
  ativarRoteador: flag.default(false),
  tempoRoteador: queueFields.tempoRoteador.default(0),
  chatbots: chatbotTree.default([]),
});
export type CreateQueueInput = z.infer<typeof createQueueInput>;

export const updateQueueInput = z.object({
  name: queueFields.name.optional(),
  color: queueFields.color.optional(),
  orderQueue: queueFields.orderQueue.optional(),
  greetingMessage: queueFields.greetingMessage.optional(),
  outOfHoursMessage: queueFields.outOfHoursMessage.optional(),
  schedules: schedules.optional(),
  closeTicket: flag.optional(),
  ativarRoteador: flag.optional(),
  tempoRoteador: queueFields.tempoRoteador.optional(),
  integrationId: optionalId,
  fileListId: optionalId,
  promptId: optionalId,
  /** When sent, the whole tree: options with a known id are kept, others created, missing ones deleted. */
  chatbots: chatbotTree.optional(),
});
export type UpdateQueueInput = z.infer<typeof updateQueueInput>;

/** POST /chatbot: a new option at the root of a queue's tree or under another option. */
export const createChatbotInput = z.object({
  queueId: optionalId,
  parentId: optionalId,
  ...chatbotFields,
  options: chatbotTree.default([]),
}).refine((o) => !!o.queueId !== !!o.parentId, { message: "exactly one of queueId or parentId" });
export type CreateChatbotInput = z.infer<typeof createChatbotInput>;

/** PUT /chatbot/:id: the option's fields; `options`, when sent, replaces its sub-tree. */
export const updateChatbotInput = z.object({
  name: chatbotFields.name.optional(),
  greetingMessage: chatbotFields.greetingMessage,
  queueType: z.enum(queueTypes).optional(),
  optQueueId: optionalId,
  optUserId: optionalId,
  optIntegrationId: optionalId,
  optFileId: optionalId,
  closeTicket: flag.optional(),
  options: chatbotTree.optional(),
});
export type UpdateChatbotInput = z.infer<typeof updateChatbotInput>;

export const listChatbotsQuery = z.object({ queueId: z.coerce.number().int().positive().optional() });

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const queueAnswer = z.object({
  id: int,
  companyId: int,
  name: z.string(),
  color: z.string(),
  orderQueue: nullableInt,
  greetingMessage: nullableText,
  outOfHoursMessage: nullableText,
  schedules: z.array(z.object({
    weekday: z.string(),
    weekdayEn: z.enum(WEEKDAYS),
    startTimeA: z.string(),
    endTimeA: z.string(),
    startTimeB: z.string(),
    endTimeB: z.string(),
  })).describe("Working hours of the queue, one entry per weekday."),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean().describe("Rotation among the queue's attendants."),
  tempoRoteador: int,
  integrationId: nullableInt,
  fileListId: nullableInt,
  promptId: nullableInt,
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ id: "Queue" }) satisfies z.ZodType<Omit<QueueRow, "schedules">>;

export const queueListAnswer = z.array(queueAnswer);

/** One option of a queue's chatbot menu, with its sub-options (the tree the chatbot screen edits). */
const chatbotNodeAnswer = z.object({
  id: int,
  companyId: int,
  queueId: nullableInt,
  parentId: nullableInt,
  name: z.string(),
  greetingMessage: nullableText,
  queueType: z.enum(["text", "attendent", "queue", "integration", "file"]),
  optQueueId: nullableInt,
  optUserId: nullableInt,
  optIntegrationId: nullableInt,
  optFileId: nullableInt,
  closeTicket: z.boolean(),
  orderOption: int,
  createdAt: timestamp,
  updatedAt: timestamp,
  get options(): z.ZodArray<typeof chatbotNodeAnswer> {
    return z.array(chatbotNodeAnswer);
  },
}).meta({ id: "ChatbotOption" });

/** One queue with its chatbot menu (show, create, update). */
export const queueDetailAnswer = queueAnswer.extend({ chatbots: z.array(chatbotNodeAnswer) })
  .meta({ id: "QueueDetail" });
