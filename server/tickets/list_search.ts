/** Search in GET /api/tickets' SQL: terms, matching contacts and messages (inline or CTEs), match sets. */
import { type SQL, sql } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { contactIdsWithDigits, ftsPrefixQuery, ftsWords } from "../contacts/repo.ts";
import type { ListCriteria, SearchTerms } from "./list_criteria.ts";
import {
  all,
  FALSE,
  filters,
  isAdmin,
  later,
  matched,
  restricted,
  type TicketsTable,
  TRUE,
} from "./list_scope.ts";

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
 * For a WITH clause: `contact_hits(id)` (the matching contacts), `message_hits(id)` (the bounded
 * message matches) and `message_tickets(ticket_id, id)` (per ticket of those matches, its newest
 * live message among them — the search result's matching message), each computed once per
 * statement. Use with `searchCtes: true` criteria.
 */
export function searchCtes(c: ListCriteria): SQL[] {
  if (c.mode.kind !== "search") return [];
  const contactIds = matchingContacts(c);
  return [
    ...(contactIds ? [sql`contact_hits(id) as materialized (${contactIds})`] : []),
    ...(c.mode.messageFts
      ? [
        sql`message_hits(id) as materialized (${newestMessageMatches(c, c.mode)})`,
        sql`message_tickets(ticket_id, id) as materialized (${messageTickets(c, sql`message_hits`)})`,
      ]
      : []),
  ];
}

/**
 * The tickets of the window's message matches, each with its newest live match: the window is
 * joined to messages once (CROSS JOIN: FTS rowids first, then rowid lookups, never a messages
 * scan), and the same rows serve the match set and the page's matching messages.
 */
function messageTickets(c: ListCriteria, hits: SQL): SQL {
  return sql`select sm.ticket_id as ticket_id, max(sm.id) as id from ${hits} sf
    cross join messages sm on sm.id = sf.id
    where sm.company_id = ${c.companyId} and sm.is_deleted = 0 group by sm.ticket_id`;
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
  const ticketIds = c.searchCtes
    ? sql`select ticket_id from message_tickets`
    : sql`select sm.ticket_id from (${
      newestMessageMatches(c, c.mode)
    }) sf cross join messages sm on sm.id = sf.id
      where sm.company_id = ${c.companyId} and sm.is_deleted = 0`;
  return all(sql`+${T.companyId} = ${c.companyId}`, sql`${T.id} in (${ticketIds})`, searchScope(c, T));
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
