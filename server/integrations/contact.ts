/** The ticket's contact, for what the bots are told about the customer. */
import { and, eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { TicketRow } from "../tickets/repo.ts";

export async function contactOf(deps: Deps, t: TicketRow) {
  const [c] = await deps.db.select().from(contacts)
    .where(and(eq(contacts.companyId, t.companyId), eq(contacts.id, t.contactId)));
  return c ?? null;
}
