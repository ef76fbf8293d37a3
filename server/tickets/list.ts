/**
 * GET /api/tickets: the ticket list (spec 1 §2 list screen, §7; reference §4 with its bugs fixed:
 * the date filters are honoured, in the company's time zone). 40 per page by updatedAt, ties by id.
 * Mode precedence: the bell (withUnreadMessages) over search (searchParam) over the status tab.
 * The WHERE clause lives in list_where.ts, the date range in list_dates.ts, the count and search
 * statements (bounded counts, the search match set computed once) in list_queries.ts.
 */
import { and, asc, desc, inArray, sql } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { shouldMask } from "../lib/lgpd.ts";
import { ticketDTOs } from "./dto.ts";
import type { ListTicketsQuery } from "./list_schema.ts";
import type { TicketPage } from "@contract/tickets.ts";
import { type ListCriteria, listWhere, MESSAGE_SEARCH_WINDOW, searchTerms } from "./list_where.ts";
import { updatedRange } from "./list_dates.ts";
import { countStatement, LIST_COUNT_CAP, searchStatement } from "./list_queries.ts";
import { withSearchMatches } from "./search_match.ts";
import { readerZone } from "../lib/time.ts";

export const TICKETS_PAGE_SIZE = 40;

/**
 * `count` is exact for the status tabs' badges (open, pending, group, …). The closed tab and
 * search cap it at LIST_COUNT_CAP, and message search counts only the tickets of the newest
 * matching messages; either way `countCapped: true` says "at least count" (the client shows
 * "1000+"). `hasMore` never depends on the count: one row past the page is fetched.
 */
export type TicketList = TicketPage;

export async function listTickets(deps: Deps, actor: Actor, q: ListTicketsQuery): Promise<TicketList> {
  const { db } = deps;
  const companyId = actor.companyId;
  const viewer = actor.viewer;
  const settings = await deps.caches.settings.getMany(companyId, [
    "lgpdHideNumber",
    "showNotificationPending",
  ]);
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
    ...updatedRange(q, readerZone(actor)),
  };
  const ascending = q.sortTickets === "ASC";
  const order = ascending
    ? [asc(tickets.updatedAt), asc(tickets.id)]
    : [desc(tickets.updatedAt), desc(tickets.id)];
  const offset = (q.pageNumber - 1) * TICKETS_PAGE_SIZE;

  let rows: (typeof tickets.$inferSelect)[];
  let n: number;
  let capped: boolean;
  let matchIds = new Map<number, number>();
  if (mode.kind === "search") {
    // The match set once: count and page ids from one statement, then the page's rows by id.
    // Message search reads the newest MESSAGE_SEARCH_WINDOW matches per page asked.
    const k = MESSAGE_SEARCH_WINDOW * q.pageNumber;
    criteria.messageWindow = k;
    const [hit] = await db.all<{ n: number; message_n: number; ids: string; matches: string }>(
      searchStatement(criteria, { asc: ascending, limit: TICKETS_PAGE_SIZE + 1, offset }),
    );
    const ids = JSON.parse(hit.ids) as number[];
    rows = ids.length
      ? await db.select().from(tickets)
        // ids come from the company-scoped match set; the unary + keeps the company check from
        // being used as an index term (rowid lookups must drive, not a walk over the company).
        .where(and(sql`+${tickets.companyId} = ${companyId}`, inArray(tickets.id, ids))).orderBy(...order)
      : [];
    n = hit.n;
    capped = n > LIST_COUNT_CAP || (!!mode.messageFts && hit.message_n >= k);
    matchIds = new Map(JSON.parse(hit.matches) as [number, number][]);
  } else {
    const where = listWhere(criteria);
    const count = countStatement(criteria, where);
    const [page, [c]] = await Promise.all([
      db.select().from(tickets).where(where).orderBy(...order).limit(TICKETS_PAGE_SIZE + 1).offset(offset),
      db.all<{ n: number }>(count.sql),
    ]);
    rows = page;
    n = c.n;
    capped = count.capped && n > LIST_COUNT_CAP;
  }
  const hasMore = rows.length > TICKETS_PAGE_SIZE;
  if (hasMore) rows = rows.slice(0, TICKETS_PAGE_SIZE);
  const dtos = await ticketDTOs(db, companyId, rows, { maskNumbers });
  return {
    tickets: matchIds.size ? await withSearchMatches(deps, companyId, dtos, matchIds) : dtos,
    count: capped ? Math.min(n, LIST_COUNT_CAP) : n,
    hasMore,
    ...(capped ? { countCapped: true as const } : {}),
  };
}
