/** GET /ticketreport/reports and its exports (spec 3 §7 Report, §9 page sizes). */
import { z } from "zod";
import { int, nullableText, nullableTimestamp, timestamp } from "../lib/answers.ts";
import { dayParam, flag, idList } from "../dashboard/schemas.ts";
import { ticketStatuses } from "@db/schema.ts";

const statusList = z.preprocess((v) => {
  if (v === undefined || v === "" || v === null) return undefined;
  const s = String(v).trim();
  if (s.startsWith("[")) {
    try {
      return JSON.parse(s);
    } catch {
      return [s];
    }
  }
  return s.split(",").filter(Boolean);
}, z.array(z.enum(ticketStatuses)).max(10).optional());

export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;

export const reportFilters = z.object({
  /** Accepted from the spec's client; the contact is chosen by id. */
  searchParam: z.string().max(200).optional(),
  contactId: z.coerce.number().int().positive().optional().or(z.literal("").transform(() => undefined)),
  whatsappId: idList,
  users: idList,
  queueIds: idList,
  tags: idList,
  status: statusList,
  dateFrom: dayParam,
  dateTo: dayParam,
  onlyRated: flag,
});
export type ReportFilters = z.infer<typeof reportFilters>;

export const reportQuery = reportFilters.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const exportQuery = reportFilters.extend({
  lang: z.enum(["pt", "es", "en", "tr"]).default("pt"),
});
export type ExportQuery = z.infer<typeof exportQuery>;

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const ticketsReportAnswer = z.object({
  tickets: z.array(z.object({
    id: int,
    uuid: z.string(),
    status: z.enum(ticketStatuses),
    whatsappName: nullableText,
    contactId: int,
    contactName: nullableText,
    userName: nullableText,
    queueName: nullableText,
    lastMessage: nullableText,
    createdAt: timestamp,
    closedAt: nullableTimestamp,
    supportTime: z.number().nullable().describe("Minutes of the last service cycle."),
    NPS: z.number().nullable(),
  })),
  totalTickets: z.object({ total: int }),
}).meta({ id: "TicketsReport" });
