/**
 * The WHERE clause of GET /api/tickets, built as drizzle `sql` with bound values only.
 *
 * Every predicate is a function of the tickets table *or an alias of it*, because the "latest
 * ticket per (contact, connection)" rule repeats the whole predicate on a second copy of the
 * table (closed tab and frequent-term search: correlated NOT EXISTS; search: MAX(id) GROUP BY).
 * Visibility and the user's filters are in list_scope.ts, search in list_search.ts; this module
 * holds the status tabs and the bell, and is where callers import from.
 */
import { isNull, type SQL, sql } from "drizzle-orm";
import { tickets, type TicketStatus } from "@db/schema.ts";
import type { ListCriteria } from "./list_criteria.ts";
import {
  all,
  any,
  FALSE,
  filters,
  later,
  listScope,
  memberScope,
  mine,
  statusIn,
  type TicketsTable,
  visible,
} from "./list_scope.ts";
import { searchMatches } from "./list_search.ts";

export type { ListCriteria, SearchTerms } from "./list_criteria.ts";
export { visible } from "./list_scope.ts";
export {
  contactSearchGroups,
  contactSearchWalk,
  isContactOnlySearch,
  MESSAGE_SEARCH_WINDOW,
  searchCtes,
  searchMatches,
  searchTerms,
} from "./list_search.ts";

/** The status tabs (spec 1 §2; reference §4). */
function statusTab(c: ListCriteria, T: TicketsTable, status: TicketStatus | undefined): SQL {
  const v = c.viewer;
  switch (status) {
    case "open":
      return all(sql`${T.status} = 'open'`, c.showAll ? visible(v, T) : mine(v, T));
    case "pending":
      return c.showAll
        ? all(statusIn(T, ["pending", "lgpd"]), visible(v, T))
        : all(sql`${T.status} = 'pending'`, any(isNull(T.userId), mine(v, T)), visible(v, T));
    case "group":
      return v.allowGroup ? all(sql`${T.status} = 'group'`, visible(v, T)) : FALSE;
    case "closed":
    case "nps":
    case "lgpd":
      return all(sql`${T.status} = ${status}`, listScope(c, T));
    default:
      return c.showAll ? visible(v, T) : all(any(mine(v, T), sql`${T.status} = 'pending'`), visible(v, T));
  }
}

/**
 * The bell: unread tickets that are the viewer's to answer. Own open/group tickets (never closed,
 * nps or lgpd); pending ones (own or in his queues) only with showNotificationPending; group
 * tickets of his queues with allowGroup.
 */
function unread(c: ListCriteria, T: TicketsTable, showPending: boolean): SQL {
  const v = c.viewer;
  // Each branch repeats company_id and pins a status so SQLite can serve the OR with one index
  // per branch (MULTI-INDEX OR over the active statuses) instead of walking the whole company.
  const company = sql`${T.companyId} = ${c.companyId}`;
  return all(
    sql`${T.unreadMessages} > 0`,
    visible(v, T),
    any(
      all(company, mine(v, T), statusIn(T, ["open", "group"])),
      ...(showPending
        ? [all(company, sql`${T.status} = 'pending'`, any(mine(v, T), memberScope(v, T)))]
        : []),
      ...(v.allowGroup ? [all(company, sql`${T.status} = 'group'`, memberScope(v, T))] : []),
    ),
  );
}

/** Every condition on one copy of the table, except the latest-per-contact rule (not search). */
function predicate(c: ListCriteria, T: TicketsTable): SQL {
  const mode = c.mode;
  if (mode.kind === "search") throw new Error("search has its own sources (contactSource, messageSource)");
  const scope = mode.kind === "unread" ? unread(c, T, mode.showPending) : statusTab(c, T, mode.status);
  return all(sql`${T.companyId} = ${c.companyId}`, scope, ...filters(c, T));
}

/** The complete WHERE for the outer `tickets` table. */
export function listWhere(c: ListCriteria): SQL {
  if (c.mode.kind === "search") {
    // The newest matching ticket per (contact, connection), computed once; the outer query then
    // reads those ids by rowid; company scoping is inside.
    return sql`${tickets.id} in (select id from (${searchMatches(c)}))`;
  }
  const own = predicate(c, tickets);
  if (c.mode.kind !== "status" || c.mode.status !== "closed") return own;
  // Closed tab: the same rule as a correlated probe of CONTACT_COVER_INDEX (covering: no table
  // rows), so pages walk (company, status, updated_at) and stop early instead of grouping every
  // closed ticket.
  return all(
    own,
    sql`not exists (select 1 from ${tickets} as ${sql.identifier("later")}
      where ${later.companyId} = ${tickets.companyId} and ${later.contactId} = ${tickets.contactId}
      and ${later.whatsappId} is ${tickets.whatsappId} and ${later.id} > ${tickets.id}
      and ${predicate(c, later)})`,
  );
}
