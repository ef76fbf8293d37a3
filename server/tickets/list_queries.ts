/**
 * The statements of GET /api/tickets besides the page itself (budget 3 and 4): the
 * count, shaped so that its cost is bounded by the tab, and search, whose match set is computed
 * once per request. The WHERE clause is list_where.ts'; these only choose how it is read.
 */
import { type SQL, sql } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import {
  contactSearchGroups,
  contactSearchWalk,
  isContactOnlySearch,
  type ListCriteria,
  listWhere,
  searchCtes,
  searchMatches,
} from "./list_where.ts";

/**
 * Counts past this are reported as the cap with `countCapped` (the client shows "1000+"): the
 * closed tab and search, where an exact count would walk every match on every page load.
 */
export const LIST_COUNT_CAP = 1_000;

/**
 * The index a status tab's count must use. SQLite has no sqlite_stat1 here (and `PRAGMA optimize`
 * at open does not create one), so without a hint it guesses: for the pending tab,
 * `status = 'pending' and (user_id is null or user_id = ?)` made it prefer a covering walk of
 * (company, user, status, updated_at) on company_id alone — all 200k tickets of a large company.
 * Every status tab pins status (an equality or IN on the second column of
 * tickets_company_status_updated_idx), so that index bounds the count by the tab's own tickets;
 * the open tab without showAll pins user_id too, and (company, user, status) is exact there.
 * INDEXED BY fails loudly ("no such index") rather than silently degrading if an index is renamed.
 */
function countIndex(c: ListCriteria): string | null {
  if (c.mode.kind !== "status" || !c.mode.status) return null;
  if (c.mode.status === "open" && !c.showAll) return "tickets_company_user_status_updated_idx";
  return "tickets_company_status_updated_idx";
}

/** Whether a count is capped at LIST_COUNT_CAP (the expensive ones; the tabs' badges stay exact). */
function countIsCapped(c: ListCriteria): boolean {
  return c.mode.kind === "status" && c.mode.status === "closed";
}

/** `select n` — the count of a non-search list, hinted and, for the closed tab, capped at cap + 1. */
export function countStatement(c: ListCriteria, where: SQL = listWhere(c)): { sql: SQL; capped: boolean } {
  const index = countIndex(c);
  const from = index ? sql`${tickets} indexed by ${sql.identifier(index)}` : sql`${tickets}`;
  if (!countIsCapped(c)) return { sql: sql`select count(*) as n from ${from} where ${where}`, capped: false };
  return {
    sql: sql`select count(*) as n from (select 1 from ${from} where ${where} limit ${LIST_COUNT_CAP + 1})`,
    capped: true,
  };
}

/**
 * Search in one statement: `n` (the count of matching tickets — latest per contact and
 * connection, visibility, filters — capped at cap + 1), `message_n` (how many message matches
 * were read: = messageWindow when the recency bound cut the search short) and `ids` (the page:
 * `limit` ids from `offset`, as JSON) and `matches` (JSON `[ticket id, message id]` pairs: per page
 * ticket found by its messages, its newest matching message). The caller then reads the page's
 * rows by id.
 *
 * The matching contacts and messages are computed once (CTEs). A contact-only search reads at
 * most cap + 1 of its (contact, connection) groups (contactSearchGroups, cheap whatever the
 * term). Up to the cap that is the whole match set, sorted for the page. Past it the term is
 * frequent ("Maria", "Silv"), and the page comes from a walk by updated_at that stops after
 * `offset + limit` rows (contactSearchWalk) instead of grouping and sorting thousands of tickets;
 * SQLite evaluates only the CASE branch taken. Both give the same rows in the same order. With
 * searchOnMessages the union of both sources is materialised and sorted.
 */
export function searchStatement(
  c: ListCriteria,
  o: { asc: boolean; limit: number; offset: number },
): SQL {
  const crit: ListCriteria = { ...c, searchCtes: true };
  const ctes = searchCtes(crit);
  const dir = o.asc ? sql`asc` : sql`desc`;
  const page = (ordered: SQL) =>
    sql`(select json_group_array(id) from (${ordered} limit ${o.limit} offset ${o.offset}))`;
  const sorted = (hits: SQL) => sql`select id from ${hits} order by updated_at ${dir}, id ${dir}`;
  if (isContactOnlySearch(crit)) {
    ctes.push(sql`hits(id, updated_at) as materialized (${contactSearchGroups(crit, LIST_COUNT_CAP + 1)})`);
    const walked = page(contactSearchWalk(crit, o)), grouped = page(sorted(sql`hits`));
    return sql`with ${sql.join(ctes, sql`, `)}
      select n, 0 as message_n, case when n > ${LIST_COUNT_CAP} then ${walked} else ${grouped} end as ids,
        '[]' as matches
      from (select count(*) as n from hits)`;
  }
  const onMessages = crit.mode.kind === "search" && !!crit.mode.messageFts;
  const messageN = onMessages ? sql`(select count(*) from message_hits)` : sql`0`;
  ctes.push(sql`hits(id, updated_at) as materialized (${searchMatches(crit)})`);
  // The page's matching messages from the rows the match set already read (message_tickets):
  // no second FTS window read, and the page filter runs on that small materialised set only.
  const matches = onMessages
    ? sql`(select json_group_array(json_array(ticket_id, id)) from message_tickets
        where ticket_id in (${sorted(sql`hits`)} limit ${o.limit} offset ${o.offset}))`
    : sql`'[]'`;

  return sql`with ${sql.join(ctes, sql`, `)}
    select (select count(*) from (select 1 from hits limit ${LIST_COUNT_CAP + 1})) as n,
      ${messageN} as message_n, ${page(sorted(sql`hits`))} as ids, ${matches} as matches`;
}
