/**
 * The WHERE clause of GET /api/tickets, built as drizzle `sql` with bound values only.
 *
 * Every predicate is a function of the tickets table *or an alias of it*, because the "latest
 * ticket per (contact, connection)" rule repeats the whole predicate on a second copy of the
 * table (closed tab and frequent-term search: correlated NOT EXISTS; search: MAX(id) GROUP BY).
 * Visibility is the SQL twin of `canViewTicket` (policy.ts): whatever these predicates let
 * through, canViewTicket allows too (tests/tickets/list_test.ts checks every view against it).
 */
import { gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { tickets, type TicketStatus } from "@db/schema.ts";
import { contactIdsWithDigits, ftsPrefixQuery, ftsWords } from "../contacts/repo.ts";
import type { Viewer } from "./policy.ts";

/**
 * Second copies of tickets for the "latest per (contact, connection)" rule: `later` in the
 * NOT EXISTS probes (closed tab, dense contact search), `matched` in search's rows. In raw sql an
 * alias renders only its name, so FROM clauses spell `tickets as "later"`.
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
    | { kind: "search" } & SearchTerms
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
   * with time); default MESSAGE_SEARCH_WINDOW. `searchCtes` makes search read the matching
   * contacts and messages from the `contact_hits` / `message_hits` CTEs (see searchCtes()) instead
   * of inline subqueries, so a statement computes them once and can count them.
   */
  messageWindow?: number;
  searchCtes?: boolean;
};

/**
 * The covering indexes search relies on (migration 0003). Named in INDEXED BY where the plan
 * matters, so a renamed index fails loudly ("no such index") instead of going slow.
 */
export const CONTACT_COVER_INDEX = "tickets_company_contact_whatsapp_cover_idx";
export const UPDATED_COVER_INDEX = "tickets_company_updated_cover_idx";

/** How many of the newest message matches a search considers (page 1; see list.ts). */
export const MESSAGE_SEARCH_WINDOW = 2_000;

/**
 * The newest FTS matches of the message search: FTS5 walks its doclists by rowid DESC and stops.
 * Each word matches as a prefix ("pedido"*), except a word common enough to fill the window on
 * its own, which matches whole: FTS5 cannot stop a prefix query early — it first merges the
 * doclists of every token with the prefix, ≈ 65 ms for a word in a fifth of 5M messages — while
 * a whole token is read incrementally (≈ 0.3 ms for the same word). Which form each word takes
 * is decided here by a probe that stops at the window's size (cheap either way). A common whole
 * word leaves out only its longer forms ("pedidos"), which it would mostly crowd out of the
 * window anyway; rarer words keep the prefix.
 */
function newestMessageMatches(c: ListCriteria, m: SearchTerms): SQL {
  const k = c.messageWindow ?? MESSAGE_SEARCH_WINDOW;
  const newest = (match: SQL) =>
    sql`select rowid as id from messages_fts where messages_fts match ${match} order by rowid desc limit ${k}`;
  const word = (w: string) =>
    sql`(case when (select count(*) from (${newest(sql`${w}`)})) >= ${k} then ${w} else ${`${w}*`} end)`;
  return newest(sql.join(m.messageWords.map(word), sql` || ' ' || `));
}

/**
 * The contacts a search matches: FTS rowids on name/number and, for number-like input, the
 * trigram index on numbers (digits anywhere). Any company: every use joins them to the company's
 * tickets. Null when the input has no word to match.
 */
function matchingContacts(c: ListCriteria): SQL | null {
  if (c.mode.kind !== "search") return null;
  const ids: SQL[] = [];
  if (c.mode.contactFts) {
    ids.push(sql`select rowid from contacts_fts where contacts_fts match ${c.mode.contactFts}`);
  }
  if (c.mode.numberDigits) ids.push(contactIdsWithDigits(c.mode.numberDigits));
  return ids.length ? sql.join(ids, sql` union `) : null;
}

/**
 * For a WITH clause: `contact_hits(id)` (the matching contacts) and `message_hits(id)` (the bounded
 * message matches), each computed once per statement. Use with `searchCtes: true` criteria.
 */
export function searchCtes(c: ListCriteria): SQL[] {
  if (c.mode.kind !== "search") return [];
  const contactIds = matchingContacts(c);
  return [
    ...(contactIds ? [sql`contact_hits(id) as materialized (${contactIds})`] : []),
    ...(c.mode.messageFts
      ? [sql`message_hits(id) as materialized (${newestMessageMatches(c, c.mode)})`]
      : []),
  ];
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

/** Every condition on one copy of the table, except the latest-per-contact rule (not search). */
function predicate(c: ListCriteria, T: TicketsTable): SQL {
  const mode = c.mode;
  if (mode.kind === "search") throw new Error("search has its own sources (contactSource, messageSource)");
  const scope = mode.kind === "unread" ? unread(c, T, mode.showPending) : statusTab(c, T, mode.status);
  return all(sql`${T.companyId} = ${c.companyId}`, scope, ...filters(c, T));
}

/**
 * Search's visibility and the user's filters: everything but the company and the match. Spec 1
 * §6: an admin with showAll searches everything; anyone else sees own tickets and the waiting,
 * group and closed ones in scope (reference: userId=me OR status IN pending, closed, group).
 */
function searchScope(c: ListCriteria, T: TicketsTable): SQL {
  return all(isAdmin(c.viewer) && c.showAll ? TRUE : restricted(c.viewer, T, ["closed"]), ...filters(c, T));
}

/**
 * The tickets of the matching contacts: seeks on (company, contact) of CONTACT_COVER_INDEX, which
 * also holds every column searchScope reads, so no table row is read.
 */
function contactSource(c: ListCriteria, T: TicketsTable): SQL | null {
  const contactIds = matchingContacts(c);
  if (!contactIds) return null;
  const ids = c.searchCtes ? sql`contact_hits` : sql`(${contactIds})`;
  return all(sql`${T.companyId} = ${c.companyId}`, sql`${T.contactId} in ${ids}`, searchScope(c, T));
}

/**
 * With searchOnMessages, the tickets holding one of the newest matching messages. Bounded by
 * recency: only the newest `messageWindow` FTS matches (any company: messages_fts is global) are
 * joined to messages, so the cost is at most that many rowid lookups whatever the word's
 * frequency. CROSS JOIN pins the order: FTS first, then messages by rowid (never a messages
 * scan); the unary + on company_id makes the ticket ids (rowid lookups) drive, not a company walk.
 */
function messageSource(c: ListCriteria, T: TicketsTable): SQL | null {
  if (c.mode.kind !== "search" || !c.mode.messageFts) return null;
  const hits = c.searchCtes ? sql`message_hits` : sql`(${newestMessageMatches(c, c.mode)})`;
  return all(
    sql`+${T.companyId} = ${c.companyId}`,
    sql`${T.id} in (select sm.ticket_id from ${hits} sf cross join messages sm on sm.id = sf.id
      where sm.company_id = ${c.companyId} and sm.is_deleted = 0)`,
    searchScope(c, T),
  );
}

/** Whether a search matches on contacts only (no searchOnMessages): dense ones can walk by recency. */
export function isContactOnlySearch(c: ListCriteria): boolean {
  return c.mode.kind === "search" && !c.mode.messageFts && matchingContacts(c) !== null;
}

const matchedFrom = sql`${tickets} as ${sql.identifier("matched")}`;

/**
 * Search's match set: the newest matching ticket per (contact, connection) as `(id, updated_at)`,
 * MAX(id) grouped over the rows of the search's sources (contacts; messages). `updated_at` is a
 * bare column beside max(): SQLite takes it from the row that holds the max (documented for
 * min/max aggregates), so it is the chosen ticket's own without a second read of the row. Its
 * cost is proportional to the matching tickets; see contactSearchWalk for dense contact searches.
 */
export function searchMatches(c: ListCriteria): SQL {
  const sources = [contactSource(c, matched), messageSource(c, matched)].filter((x): x is SQL => !!x);
  if (!sources.length) return sql`select null as id, null as updated_at where 0`;
  if (sources.length === 1) {
    return sql`select max(${matched.id}) as id, ${matched.updatedAt} as updated_at from ${matchedFrom}
      where ${sources[0]} group by ${matched.contactId}, ${matched.whatsappId}`;
  }
  const rows = sources.map((where) =>
    sql`select ${matched.id} as id, ${matched.contactId} as contact_id, ${matched.whatsappId} as whatsapp_id,
      ${matched.updatedAt} as updated_at from ${matchedFrom} where ${where}`
  );
  return sql`select max(id) as id, updated_at from (${sql.join(rows, sql` union all `)})
    group by contact_id, whatsapp_id`;
}

/**
 * searchMatches for a contact-only search, at most `limit` groups: CONTACT_COVER_INDEX yields the
 * rows in (contact, connection) order, so the GROUP BY streams and the LIMIT stops the walk
 * (≈ 1.5 index entries per group, whatever the term's frequency). Fewer than `limit` rows means
 * this is the whole match set.
 */
export function contactSearchGroups(c: ListCriteria, limit: number): SQL {
  const where = contactSource(c, matched) ?? FALSE;
  return sql`select max(${matched.id}) as id, ${matched.updatedAt} as updated_at
    from ${matchedFrom} indexed by ${sql.identifier(CONTACT_COVER_INDEX)}
    where ${where} group by ${matched.contactId}, ${matched.whatsappId} limit ${limit}`;
}

/**
 * The same rows as searchMatches for a contact-only search, already in page order: walks the
 * company's tickets by updated_at (UPDATED_COVER_INDEX, covering) and keeps a matching ticket
 * when no later one of its (contact, connection) matches too (a probe of CONTACT_COVER_INDEX).
 * A page costs about page ÷ density index entries, so it is the plan for frequent terms; for
 * rare ones it would walk the whole company (list_queries.ts chooses by the group count).
 */
export function contactSearchWalk(c: ListCriteria, o: { asc: boolean }): SQL {
  const where = contactSource(c, matched) ?? FALSE;
  const dir = o.asc ? sql`asc` : sql`desc`;
  return sql`select ${matched.id} as id from ${matchedFrom} indexed by ${sql.identifier(UPDATED_COVER_INDEX)}
    where ${where} and not exists (select 1 from ${tickets} as ${sql.identifier("later")}
      indexed by ${sql.identifier(CONTACT_COVER_INDEX)}
      where ${later.companyId} = ${matched.companyId} and ${later.contactId} = ${matched.contactId}
      and ${later.whatsappId} is ${matched.whatsappId} and ${later.id} > ${matched.id}
      and ${searchScope(c, later)})
    order by ${matched.updatedAt} ${dir}, ${matched.id} ${dir}`;
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

/** What a search matches (searchTerms()). */
export type SearchTerms = {
  contactFts: string | null;
  /** Digits to find anywhere in the contact's number (number-like input, 3 digits or more). */
  numberDigits: string | null;
  messageFts: string | null;
  /** messageFts' words, quoted, unstarred: each is whole or prefix (see newestMessageMatches). */
  messageWords: string[];
};

/** The search terms: FTS5 prefix queries and, for number-like input, its digits. */
export function searchTerms(
  searchParam: string,
  opts: { namesOnly: boolean; onMessages: boolean },
): SearchTerms {
  const namesOnly = opts.namesOnly;
  const digits = searchParam.replace(/\D/g, "");
  const numberish = /^[\d\s+().-]+$/.test(searchParam) && digits.length >= 3;
  return {
    // A masked viewer (LGPD) matches names only: matching digits would reveal the hidden numbers.
    contactFts: ftsPrefixQuery(searchParam, namesOnly ? "name" : undefined),
    numberDigits: numberish && !namesOnly ? digits : null,
    messageFts: opts.onMessages ? ftsPrefixQuery(searchParam) : null,
    messageWords: opts.onMessages ? ftsWords(searchParam) : [],
  };
}
