/** Who sees which tickets in GET /api/tickets' SQL: table copies, AND/OR helpers, visibility, filters. */
import { gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { tickets, type TicketStatus } from "@db/schema.ts";
import type { ListCriteria } from "./list_criteria.ts";
import type { Viewer } from "./policy.ts";

/**
 * Second copies of tickets for the "latest per (contact, connection)" rule: `later` in the
 * NOT EXISTS probes (closed tab, dense contact search), `matched` in search's rows. In raw sql an
 * alias renders only its name, so FROM clauses spell `tickets as "later"`.
 */
export const later = alias(tickets, "later");
export const matched = alias(tickets, "matched");
export type TicketsTable = typeof tickets | typeof later | typeof matched;

export const TRUE = sql`1`;
export const FALSE = sql`0`;
/** AND of the parts; an empty list is TRUE. Unlike drizzle's and(), never yields "no condition" by accident. */
export const all = (...xs: SQL[]): SQL =>
  xs.length === 0 ? TRUE : xs.length === 1 ? xs[0] : sql`(${sql.join(xs, sql` and `)})`;
/** OR of the parts; an empty list is FALSE. */
export const any = (...xs: SQL[]): SQL =>
  xs.length === 0 ? FALSE : xs.length === 1 ? xs[0] : sql`(${sql.join(xs, sql` or `)})`;
const within = <T>(col: Parameters<typeof inArray>[0], values: T[]): SQL =>
  values.length ? inArray(col, values as unknown[]) : FALSE;

// Visibility is the SQL twin of `canViewTicket` (policy.ts): whatever these predicates let
// through, canViewTicket allows too (tests/tickets/list_test.ts checks every view against it).
export const isAdmin = (v: Viewer) => v.profile === "admin";
export const mine = (v: Viewer, T: TicketsTable) => sql`${T.userId} = ${v.userId}`;
const isGroupTicket = (T: TicketsTable) => sql`${T.isGroup} = 1`;
export const statusIn = (T: TicketsTable, ss: TicketStatus[]) => within(T.status, ss);

/** The viewer's own queues, plus queue-less tickets when allTicket is enabled (membership, even for admins). */
export function memberScope(v: Viewer, T: TicketsTable): SQL {
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
export function restricted(v: Viewer, T: TicketsTable, alsoStatuses: TicketStatus[] = []): SQL {
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

export const listScope = (c: ListCriteria, T: TicketsTable) =>
  c.showAll ? visible(c.viewer, T) : restricted(c.viewer, T);

/** The user-chosen filters, the same in every mode. */
export function filters(c: ListCriteria, T: TicketsTable): SQL[] {
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
