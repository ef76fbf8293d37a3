/**
 * The tickets report (spec 3 §2 /reports, §3 report row, §7, §9). Gate: admin or showDashboard
 * (spec 1 §6: such a user is treated as admin for Dashboard and Reports), who sees every ticket of
 * the company. Dates are local days of the company's time zone.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { requireDashboard } from "../dashboard/service.ts";
import { addDays, dayStartUtc, readerZone } from "../lib/time.ts";
import { reportCount, reportPage, type ReportRow, reportWhere } from "./repo.ts";
import { supportMinutes } from "./format.ts";
import type { ReportFilters, ReportQuery } from "./schemas.ts";

export function whereFor(actor: Actor, f: ReportFilters) {
  const tz = readerZone(actor);
  let [from, to] = [f.dateFrom, f.dateTo];
  if (from && to && to < from) [from, to] = [to, from];
  return reportWhere(actor.companyId, f, {
    start: from ? dayStartUtc(from, tz) : undefined,
    end: to ? dayStartUtc(addDays(to, 1), tz) : undefined,
  });
}

export function reportDTO(r: ReportRow) {
  return {
    id: r.id,
    uuid: r.uuid,
    status: r.status,
    whatsappName: r.whatsappName,
    contactId: r.contactId,
    contactName: r.contactName,
    userName: r.userName,
    queueName: r.queueName,
    lastMessage: r.lastMessage,
    createdAt: r.createdAt,
    closedAt: r.closedAt,
    /** Minutes of the last service cycle. */
    supportTime: supportMinutes(r),
    NPS: r.nps,
  };
}

export async function ticketsReport(deps: Deps, actor: Actor, q: ReportQuery) {
  requireDashboard(actor);
  const where = whereFor(actor, q);
  const [rows, total] = await Promise.all([
    reportPage(deps.reads, where, q.pageSize, (q.page - 1) * q.pageSize),
    reportCount(deps.reads, where),
  ]);
  return { tickets: rows.map(reportDTO), totalTickets: { total } };
}
