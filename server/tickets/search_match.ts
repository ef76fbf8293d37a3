/**
 * Search results carry their matching message (issue 21): `searchMatch: {id, body}` — the newest
 * message of the ticket among the search's message hits — so the list shows it instead of the
 * last message and the conversation opens scrolled to it. Bodies by primary key, company-scoped.
 */
import { and, eq, inArray } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { TicketDTO } from "./dto.ts";

export type SearchMatch = { id: number; body: string };

const MAX_BODY = 500;

export async function withSearchMatches(
  deps: Deps,
  companyId: number,
  tickets: TicketDTO[],
  matchIds: Map<number, number>,
): Promise<(TicketDTO & { searchMatch?: SearchMatch })[]> {
  const rows = await deps.db.select({ id: messages.id, body: messages.body }).from(messages)
    .where(and(eq(messages.companyId, companyId), inArray(messages.id, [...matchIds.values()])));
  const bodies = new Map(rows.map((r) => [r.id, r.body.slice(0, MAX_BODY)]));
  return tickets.map((t) => {
    const id = matchIds.get(t.id);
    return id != null && bodies.has(id) ? { ...t, searchMatch: { id, body: bodies.get(id)! } } : t;
  });
}
