/**
 * The WHERE clause of GET /api/tickets, built as drizzle `sql` with bound values only.
 *
 * Every predicate is a function of the tickets table *or an alias of it*, because the "latest
 * ticket per (contact, connection)" rule repeats the whole predicate on a second copy of the
 * table (closed tab: correlated NOT EXISTS; search: MAX(id) GROUP BY). Visibility is the SQL twin
 * of `canViewTicket` (policy.ts): whatever these predicates let through, canViewTicket allows too
 * (tests/tickets/list_test.ts checks every view against it).
 */
import { gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { tickets, type TicketStatus } from "@db/schema.ts";
import { ftsPrefixQuery } from "../contacts/repo.ts";
import type { Viewer } from "./policy.ts";

/**
 * Second copies of tickets for the "latest per (contact, connection)" rule: `later` in the
 * closed tab's NOT EXISTS probe, `matched` in search's GROUP BY. In raw sql an alias renders only
 * its name, so FROM clauses spell `tickets as "later"`.
 */
const later = alias(tickets, "later");
const matched = alias(tickets, "matched");
type TicketsTable = typeof tickets | typeof later | typeof matched;

const TRUE = sql`1`;
const FALSE = sql`0`;
/** AND of the parts; an empty list is TRUE. Unlike drizzle's and(), never yields "no condition" by accident. */
const all = (...xs: SQL[]): SQL =>
  xs.length === 0 ? TRUE : xs.length === 1 ? xs[0] : sql`(${sql.join(xs, sql` and `)})`;
/** OR of the parts; an empty list is FALSE. */
const any = (...xs: SQL[]): SQL =>
  xs.length === 0 ? FALSE : xs.length === 1 ? xs[0] : sql`(${sql.join(xs, sql` or `)})`;
const within = <T>(col: Parameters<typeof inArray>[0], values: T[]): SQL =>
  values.length ? inArray(col, values as unknown[]) : FALSE;

/** Everything the predicate depends on, resolved from the actor, the settings and the query. */
export type ListCriteria = {
  companyId: number;
  viewer: Viewer;
  /** showAll asked for *and* allowed (admin, or allUserChat enabled). */
  showAll: boolean;
  mode:
    | { kind: "unread"; showPending: boolean }
    | { kind: "search"; contactFts: string | null; numberLike: string | null; messageFts: string | null }
    | { kind: "status"; status?: TicketStatus };
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  whatsapps?: number[];
  statusFilter?: TicketStatus[];
  /** Half-open [from, to) range of updated_at, ISO UTC. */
  updatedFrom?: string;
  updatedTo?: string;
  /**
   * Message search reads only the newest `messageWindow` FTS matches (by rowid: messages.id grows
   * with time); default MESSAGE_SEARCH_WINDOW. `messageHitsCte` makes the predicate read them from
   * the `message_hits` CTE (see messageHitsCte()) instead of an inline subquery, so a statement can
   * also count them.
   */
  messageWindow?: number;
  messageHitsCte?: boolean;
};

/** How many of the newest message matches a search considers (page 1; see list.ts). */
export const MESSAGE_SEARCH_WINDOW = 2_000;

/** The newest FTS matches of the message search: FTS5 walks its doclists by rowid DESC and stops. */
function newestMessageMatches(c: ListCriteria, fts: string): SQL {
  return sql`select rowid as id from messages_fts where messages_fts match ${fts}
    order by rowid desc limit ${c.messageWindow ?? MESSAGE_SEARCH_WINDOW}`;
}

/** `message_hits(id)`, for a WITH clause: the bounded message matches, computed once per statement. */
export function messageHitsCte(c: ListCriteria): SQL | null {
  if (c.mode.kind !== "search" || !c.mode.messageFts) return null;
  return sql`message_hits(id) as materialized (${newestMessageMatches(c, c.mode.messageFts)})`;
}

const isAdmin = (v: Viewer) => v.profile === "admin";
const mine = (v: Viewer, T: TicketsTable) => sql`${T.userId} = ${v.userId}`;
const isGroupTicket = (T: TicketsTable) => sql`${T.isGroup} = 1`;
const statusIn = (T: TicketsTable, ss: TicketStatus[]) => within(T.status, ss);

/** The viewer's own queues, plus queue-less tickets when allTicket is enabled (membership, even for admins). */
function memberScope(v: Viewer, T: TicketsTable): SQL {
  return any(
    ...(v.queueIds.length ? [inArray(T.queueId, v.queueIds)] : []),
    ...(v.allTicket === "enabled" ? [isNull(T.queueId)] : []),
  );
}

/** canViewTicket's queue and group conditions; admins pass both. */
function scoped(v: Viewer, T: TicketsTable): SQL {
  if (isAdmin(v)) return TRUE;
  return all(...(v.allowGroup ? [] : [sql`${T.isGroup} = 0`]), memberScope(v, T));
}

/** canViewTicket(v, T), in SQL. */
export function visible(v: Viewer, T: TicketsTable): SQL {
  if (isAdmin(v)) return TRUE;
  return any(
    mine(v, T),
    all(
      scoped(v, T),
      any(
        isNull(T.userId),
        statusIn(T, ["pending", "group"]),
        isGroupTicket(T),
        ...(v.allUserChat === "enabled" ? [TRUE] : []),
      ),
    ),
  );
}

/**
 * Visibility without showAll: own tickets, plus the unassigned, waiting and group ones in scope
 * (never another attendant's conversation). `alsoStatuses` widens the "everyone's" statuses
 * (search adds closed), still inside canViewTicket.
 */
function restricted(v: Viewer, T: TicketsTable, alsoStatuses: TicketStatus[] = []): SQL {
  return all(
    visible(v, T),
    any(
      mine(v, T),
      all(
        scoped(v, T),
        any(isNull(T.userId), statusIn(T, ["pending", "group", ...alsoStatuses]), isGroupTicket(T)),
      ),
    ),
  );
}

const listScope = (c: ListCriteria, T: TicketsTable) =>
  c.showAll ? visible(c.viewer, T) : restricted(c.viewer, T);

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

/**
 * Tickets whose contact matches (FTS on name/number, digits LIKE on number) or, when messageFts
 * is given (searchOnMessages), that hold one of the newest matching messages. Message search runs
 * MATCH first (FTS index, newest `messageWindow` rowids) and then joins messages by rowid, so it
 * never scans the messages table.
 */
function searchMatch(
  c: ListCriteria,
  T: TicketsTable,
  m: { contactFts: string | null; numberLike: string | null; messageFts: string | null },
): SQL {
  // Contacts matching by name/number: FTS rowids (any company: the tickets probe below is
  // company-scoped) and, for number-like input, a LIKE over the company's numbers (covering index).
  const contactIds: SQL[] = [];
  if (m.contactFts) {
    contactIds.push(sql`select rowid from contacts_fts where contacts_fts match ${m.contactFts}`);
  }
  if (m.numberLike) {
    contactIds.push(
      sql`select c.id from contacts c where c.company_id = ${c.companyId} and c.number like ${m.numberLike}`,
    );
  }
  const parts: SQL[] = [];
  if (contactIds.length) {
    parts.push(sql`select st.id from tickets st where st.company_id = ${c.companyId}
      and st.contact_id in (${sql.join(contactIds, sql` union `)})`);
  }
  if (m.messageFts) {
    // Bounded by recency: only the newest matches (any company: messages_fts is global) are joined
    // to messages, so the cost is at most `messageWindow` rowid lookups whatever the word's
    // frequency. CROSS JOIN pins the order: FTS first, then messages by rowid (never a messages scan).
    const hits = c.messageHitsCte ? sql`message_hits` : sql`(${newestMessageMatches(c, m.messageFts)})`;
    parts.push(sql`select sm.ticket_id from ${hits} sf cross join messages sm on sm.id = sf.id
      where sm.company_id = ${c.companyId} and sm.is_deleted = 0`);
  }
  if (!parts.length) return FALSE;
  return sql`${T.id} in (${sql.join(parts, sql` union `)})`;
}

/** The user-chosen filters, the same in every mode. */
function filters(c: ListCriteria, T: TicketsTable): SQL[] {
  const out: SQL[] = [];
  // The queue selector narrows; queue-less tickets stay subject to visibility (allTicket) only.
  if (c.queueIds?.length) out.push(any(inArray(T.queueId, c.queueIds), isNull(T.queueId)));
  if (c.tags?.length) {
    out.push(any(
      sql`exists (select 1 from ticket_tags tt where tt.ticket_id = ${T.id} and ${
        inArray(sql`tt.tag_id`, c.tags)
      })`,
      sql`exists (select 1 from contact_tags ct where ct.contact_id = ${T.contactId} and ${
        inArray(sql`ct.tag_id`, c.tags)
      })`,
    ));
  }
  if (c.users?.length) out.push(inArray(T.userId, c.users));
  if (c.whatsapps?.length) out.push(inArray(T.whatsappId, c.whatsapps));
  if (c.statusFilter?.length) out.push(inArray(T.status, c.statusFilter));
  if (c.updatedFrom) out.push(gte(T.updatedAt, c.updatedFrom));
  if (c.updatedTo) out.push(lt(T.updatedAt, c.updatedTo));
  return out;
}

/** Every condition on one copy of the table, except the latest-per-contact rule. */
function predicate(c: ListCriteria, T: TicketsTable): SQL {
  const mode = c.mode;
  let scope: SQL;
  if (mode.kind === "unread") scope = unread(c, T, mode.showPending);
  else if (mode.kind === "search") {
    // Spec 1 §6: an admin with showAll searches everything; anyone else sees own tickets and the
    // waiting, group and closed ones in scope (reference: userId=me OR status IN pending, closed, group).
    scope = all(
      isAdmin(c.viewer) && c.showAll ? TRUE : restricted(c.viewer, T, ["closed"]),
      searchMatch(c, T, mode),
    );
  } else scope = statusTab(c, T, mode.status);
  // In search's grouped subquery the unary + keeps company_id from being used as an index term:
  // the ids from the search subqueries (rowid lookups) must drive, not a walk over the company.
  const company = T === matched
    ? sql`+${T.companyId} = ${c.companyId}`
    : sql`${T.companyId} = ${c.companyId}`;
  return all(company, scope, ...filters(c, T));
}

/**
 * Search's match set: the newest matching ticket per (contact, connection) as `(id, updated_at)`,
 * MAX(id) grouped over the rows the search subqueries drive (small). `updated_at` is a bare
 * column beside max(): SQLite takes it from the row that holds the max (documented for min/max
 * aggregates), so it is the chosen ticket's own without a second read of the row.
 */
export function searchMatches(c: ListCriteria): SQL {
  return sql`select max(${matched.id}) as id, ${matched.updatedAt} as updated_at
    from ${tickets} as ${sql.identifier("matched")}
    where ${predicate(c, matched)} group by ${matched.contactId}, ${matched.whatsappId}`;
}

/** The complete WHERE for the outer `tickets` table. */
export function listWhere(c: ListCriteria): SQL {
  if (c.mode.kind === "search") {
    // The newest matching ticket per (contact, connection), computed once; the outer query then
    // reads those ids by rowid; company scoping is inside.
    return sql`${tickets.id} in (select max(${matched.id}) from ${tickets} as ${sql.identifier("matched")}
      where ${predicate(c, matched)} group by ${matched.contactId}, ${matched.whatsappId})`;
  }
  const own = predicate(c, tickets);
  if (c.mode.kind !== "status" || c.mode.status !== "closed") return own;
  // Closed tab: the same rule as a correlated probe of tickets_company_contact_whatsapp_idx, so
  // pages walk (company, status, updated_at) and stop early instead of grouping every closed ticket.
  return all(
    own,
    sql`not exists (select 1 from ${tickets} as ${sql.identifier("later")}
      where ${later.companyId} = ${tickets.companyId} and ${later.contactId} = ${tickets.contactId}
      and ${later.whatsappId} is ${tickets.whatsappId} and ${later.id} > ${tickets.id}
      and ${predicate(c, later)})`,
  );
}

/** The search terms: FTS5 prefix queries and, for number-like input, a digits LIKE pattern. */
export function searchTerms(
  searchParam: string,
  opts: { namesOnly: boolean; onMessages: boolean },
): { contactFts: string | null; numberLike: string | null; messageFts: string | null } {
  const namesOnly = opts.namesOnly;
  const digits = searchParam.replace(/\D/g, "");
  const numberish = /^[\d\s+().-]+$/.test(searchParam) && digits.length >= 3;
  return {
    // A masked viewer (LGPD) matches names only: matching digits would reveal the hidden numbers.
    contactFts: ftsPrefixQuery(searchParam, namesOnly ? "name" : undefined),
    numberLike: numberish && !namesOnly ? `%${digits}%` : null,
    messageFts: opts.onMessages ? ftsPrefixQuery(searchParam) : null,
  };
}
