/**
 * Search results carry their matching message: `searchMatch: {id, body}` — the newest
 * message of the ticket among the search's message hits — so the list shows it instead of the
 * last message and the conversation opens scrolled to it. Bodies by primary key, company-scoped.
 */
import { and, inArray, sql } from "drizzle-orm";
import { type ListCriteria, searchCtes } from "./list_where.ts";
import { messages } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { TicketDTO } from "./dto.ts";
import type { SearchMatch } from "@contract/tickets.ts";

export type { SearchMatch };

const MAX_BODY = 500;

export async function withSearchMatches(
  deps: Deps,
  companyId: number,
  tickets: TicketDTO[],
  matchIds: Map<number, number>,
): Promise<(TicketDTO & { searchMatch?: SearchMatch })[]> {
  const rows = await deps.db.select({ id: messages.id, body: messages.body }).from(messages)
    // Unary +: the ids drive (rowid lookups), never a walk of the company's messages index.
    .where(and(sql`+${messages.companyId} = ${companyId}`, inArray(messages.id, [...matchIds.values()])));
  const bodies = new Map(rows.map((r) => [r.id, r.body.slice(0, MAX_BODY)]));
  return tickets.map((t) => {
    const id = matchIds.get(t.id);
    return id != null && bodies.has(id) ? { ...t, searchMatch: { id, body: bodies.get(id)! } } : t;
  });
}

/**
 * Per page ticket, its newest message among the search's bounded FTS window (message_hits): one
 * more window read (a statement of its own: folded into the search statement it made SQLite
 * re-plan the page and cost ×30 on the large database), then rowid lookups of the hits only.
 */
export async function matchingMessageIds(
  deps: Deps,
  c: ListCriteria,
  ticketIds: number[],
): Promise<Map<number, number>> {
  if (c.mode.kind !== "search" || !c.mode.messageFts || !ticketIds.length) return new Map();
  const ctes = searchCtes({ ...c, searchCtes: true });
  const rows = await deps.db.all<{ ticketId: number; id: number }>(sql`with ${sql.join(ctes, sql`, `)}
    select sm.ticket_id as ticketId, max(sm.id) as id from message_hits sf cross join messages sm on sm.id = sf.id
    where sm.company_id = ${c.companyId} and sm.is_deleted = 0
      and sm.ticket_id in (select value from json_each(${JSON.stringify(ticketIds)}))
    group by sm.ticket_id`);
  return new Map(rows.map((r) => [r.ticketId, r.id]));
}
