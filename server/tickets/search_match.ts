/**
 * Search results carry their matching message: `searchMatch: {id, body}` — the newest
 * message of the ticket among the search's message hits — so the list shows it instead of the
 * last message and the conversation opens scrolled to it. Which message comes from the search
 * statement (`matches`, list_queries.ts); here its body, by primary key, company-scoped.
 */
import { and, inArray, sql } from "drizzle-orm";
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
