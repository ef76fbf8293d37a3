/** Queries of the dashboard, the real-time panel and the message counter (spec 1 §7, spec 2 §7). */
import { z } from "zod";
import { int } from "../lib/answers.ts";
import type { AttendantRow, DashboardCounters } from "@contract/dashboard.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD")
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, "not a calendar day");
/** The spec's client sends dates as YYYY-MM-DD or as full ISO timestamps; only the day counts. */
export const dayParam = z.preprocess(
  (v) => typeof v === "string" && v.length > 10 ? v.slice(0, 10) : v === "" ? undefined : v,
  day.optional(),
);

/** A list sent as a JSON array ("[1,2]"), a comma list ("1,2") or a single value. */
export const idList = z.preprocess((v) => {
  if (v === undefined || v === "" || v === null) return undefined;
  if (Array.isArray(v)) return v.map(Number);
  const s = String(v).trim();
  if (s.startsWith("[")) {
    try {
      return (JSON.parse(s) as unknown[]).map(Number);
    } catch {
      return [NaN];
    }
  }
  return s.split(",").filter(Boolean).map(Number);
}, z.array(z.number().int().min(0)).max(500).optional());

export const flag = z.preprocess(
  (v) => v === undefined || v === "" ? undefined : v === true || v === 1 || v === "1" || v === "true",
  z.boolean().optional(),
);

export const dashboardQuery = z.object({
  days: z.coerce.number().int().min(1).max(732).optional(),
  date_from: dayParam,
  date_to: dayParam,
  queueIds: idList,
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** /dashboard/ticketsUsers and /dashboard/ticketsDay (companyId in the query is ignored). */
export const chartQuery = z.object({
  initialDate: dayParam,
  finalDate: dayParam,
  queueIds: idList,
});
export type ChartQuery = z.infer<typeof chartQuery>;

export const momentsQuery = z.object({
  status: z.string().optional(),
  showAll: flag,
  queueIds: idList,
  dateStart: dayParam,
  dateEnd: dayParam,
  userId: z.coerce.number().int().positive().optional(),
  /** Absent: the list of tickets the spec's client reads; "panel": our real-time screen's shapes. */
  view: z.enum(["panel"]).optional(),
});
export type MomentsQuery = z.infer<typeof momentsQuery>;

export const messagesCountQuery = z.object({
  fromMe: flag,
  dateStart: dayParam,
  dateEnd: dayParam,
});
export type MessagesCountQuery = z.infer<typeof messagesCountQuery>;

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

const n = z.number();

export const dashboardAnswer = z.object({
  counters: z.object({
    supportHappening: int,
    supportPending: int,
    supportFinished: int,
    supportGroups: int,
    leads: int,
    avgSupportTime: n.describe("Minutes."),
    avgWaitTime: n.describe("Minutes."),
    activeTickets: int,
    passiveTickets: int,
    npsScore: n,
    npsPromotersPerc: n,
    npsPassivePerc: n,
    npsDetractorsPerc: n,
    promoters: int,
    passives: int,
    detractors: int,
    ratings: int,
    tickets: int,
    waitRating: int,
    withoutRating: int,
    withRating: int,
    percRating: n,
  }) satisfies z.ZodType<DashboardCounters>,
  attendants: z.array(
    z.object({
      id: int,
      name: z.string(),
      rating: n,
      countRating: int,
      tickets: int,
      avgWaitTime: n,
      avgSupportTime: n,
      online: z.boolean(),
    }) satisfies z.ZodType<AttendantRow>,
  ),
  range: z.object({ from: z.string(), to: z.string(), timezone: z.string() })
    .describe("The local days counted, in the company's time zone."),
}).meta({ id: "Dashboard" });
