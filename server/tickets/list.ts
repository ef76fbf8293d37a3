/**
 * GET /api/tickets: the ticket list (spec 1 §2 list screen, §7; reference §4 with its bugs fixed:
 * the date filters are honoured, in the company's time zone). 40 per page by updatedAt, ties by id.
 * Mode precedence: the bell (withUnreadMessages) over search (searchParam) over the status tab.
 * The WHERE clause lives in list_where.ts, the date range in list_dates.ts.
 */
import { asc, count, desc } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { shouldMask } from "../lib/lgpd.ts";
import { readSettings } from "../settings/repo.ts";
import { type TicketDTO, ticketDTOs } from "./dto.ts";
import type { ListTicketsQuery } from "./list_schema.ts";
import { type ListCriteria, listWhere, searchTerms } from "./list_where.ts";
import { updatedRange } from "./list_dates.ts";

export const TICKETS_PAGE_SIZE = 40;

export type TicketList = { tickets: TicketDTO[]; count: number; hasMore: boolean };

export async function listTickets(deps: Deps, actor: Actor, q: ListTicketsQuery): Promise<TicketList> {
  const { db } = deps;
  const companyId = actor.companyId;
  const viewer = actor.viewer;
  const settings = await readSettings(db, companyId, ["lgpdHideNumber", "showNotificationPending"]);
  const maskNumbers = shouldMask(viewer.profile, settings.lgpdHideNumber);

  let mode: ListCriteria["mode"];
  if (q.withUnreadMessages) {
    mode = { kind: "unread", showPending: settings.showNotificationPending === "enabled" };
  } else if (q.searchParam) {
    mode = {
      kind: "search",
      ...searchTerms(q.searchParam, { namesOnly: maskNumbers, onMessages: !!q.searchOnMessages }),
    };
  } else mode = { kind: "status", status: q.status };

  const criteria: ListCriteria = {
    companyId,
    viewer,
    // The show-all toggle belongs to admins and to users with allUserChat (spec 1 §6); others' asks are ignored.
    showAll: !!q.showAll && (viewer.profile === "admin" || viewer.allUserChat === "enabled"),
    mode,
    queueIds: q.queueIds,
    tags: q.tags,
    users: q.users,
    whatsapps: q.whatsapps,
    statusFilter: q.statusFilter,
    ...updatedRange(q, actor.company.timezone),
  };
  const where = listWhere(criteria);
  const order = q.sortTickets === "ASC"
    ? [asc(tickets.updatedAt), asc(tickets.id)]
    : [desc(tickets.updatedAt), desc(tickets.id)];
  const offset = (q.pageNumber - 1) * TICKETS_PAGE_SIZE;

  const [rows, [{ n }]] = await Promise.all([
    db.select().from(tickets).where(where).orderBy(...order).limit(TICKETS_PAGE_SIZE).offset(offset),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return {
    tickets: await ticketDTOs(db, companyId, rows, { maskNumbers }),
    count: n,
    hasMore: offset + rows.length < n,
  };
}
