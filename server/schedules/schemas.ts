/** Request bodies and queries of scheduled messages (spec 1 §3 Schedule, §5, §7, §9). */
import { z } from "zod";
import { int, nullableInt, nullableText, nullableTimestamp, paged, timestamp } from "../lib/answers.ts";
import { scheduleStatuses } from "@db/schema.ts";
import type { ScheduleRow } from "./repo.ts";

const optionalId = z.preprocess(
  (v) => v === undefined ? undefined : v === "" || v === 0 || v === "0" || v === null ? null : Number(v),
  z.number().int().positive().nullable().optional(),
);
const boolish = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);
const date = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "Requerido")
  .transform((s) => new Date(s).toISOString());

const fields = {
  body: z.string().trim().min(5, "Mensaje muy corto").max(5000),
  contactId: z.coerce.number().int().positive(),
  sendAt: date,
  whatsappId: optionalId,
  userId: optionalId,
  ticketUserId: optionalId,
  queueId: optionalId,
  openTicket: z.union([z.enum(["enabled", "disabled"]), z.boolean()]).transform((v) =>
    v === true || v === "enabled" ? "enabled" as const : "disabled" as const
  ),
  statusTicket: z.enum(["closed", "open", "pending"]),
  intervalo: z.coerce.number().int().min(1).max(4),
  valorIntervalo: z.coerce.number().int().min(0).max(1000),
  enviarQuantasVezes: z.coerce.number().int().min(1).max(1000),
  tipoDias: z.coerce.number().int().min(4).max(6),
  assinar: boolish,
};

export const createScheduleInput = z.object({
  ...fields,
  openTicket: fields.openTicket.default("disabled"),
  statusTicket: fields.statusTicket.default("closed"),
  intervalo: fields.intervalo.default(1),
  valorIntervalo: fields.valorIntervalo.default(0),
  enviarQuantasVezes: fields.enviarQuantasVezes.default(1),
  tipoDias: fields.tipoDias.default(4),
  assinar: fields.assinar.default(false),
});
export type CreateScheduleInput = z.infer<typeof createScheduleInput>;

export const updateScheduleInput = z.object(fields).partial();
export type UpdateScheduleInput = z.infer<typeof updateScheduleInput>;

export const listSchedulesQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  contactId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  from: date.optional(),
  to: date.optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});
export type ListSchedulesQuery = z.infer<typeof listSchedulesQuery>;

export const calendarQuery = z.object({ from: date, to: date });
export type CalendarQuery = z.infer<typeof calendarQuery>;

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const scheduleAnswer = z.object({
  id: int,
  companyId: int,
  body: z.string(),
  sendAt: timestamp,
  sentAt: nullableTimestamp,
  contactId: int,
  ticketId: nullableInt,
  userId: nullableInt,
  status: z.enum(scheduleStatuses),
  openTicket: z.enum(["enabled", "disabled"]),
  ticketUserId: nullableInt,
  queueId: nullableInt,
  statusTicket: z.enum(["closed", "open", "pending"]),
  intervalo: int.describe("Repeat unit: 1 days, 2 weeks, 3 months, 4 minutes."),
  valorIntervalo: int,
  enviarQuantasVezes: int.describe("How many times to send."),
  tipoDias: int,
  contadorEnvio: int.describe("Times sent so far."),
  assinar: z.boolean().describe("Sign with the user's name."),
  whatsappId: nullableInt,
  mediaPath: nullableText,
  mediaName: nullableText,
  attempts: int,
  lastError: nullableText,
  messageId: nullableInt,
  createdAt: timestamp,
  updatedAt: timestamp,
  contact: z.object({ id: int, name: z.string(), number: z.string() }).nullable(),
  user: z.object({ id: int, name: z.string() }).nullable(),
}).meta({ id: "Schedule" }) satisfies z.ZodType<ScheduleRow>;

export const schedulePageAnswer = paged("schedules", scheduleAnswer);
