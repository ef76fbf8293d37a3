/**
 * One person, one contact. A customer first met by e-mail is a contact whose number is the
 * address (the channel's id for them, as a phone number is WhatsApp's). When the admin then gives
 * a phone contact that address, the two are one person: the e-mail contact's conversations, notes,
 * schedules, tags and extra information move to the phone contact and the e-mail contact goes, so
 * the next mail (found by the contact's `email`, channels/email/inbound.ts) and the contact list
 * both show one person. Should both hold an active ticket on the same connection (which the
 * one-active-ticket rule forbids), the e-mail contact's is closed first; its messages stay with it.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import {
  activeTicketStatuses,
  contactCustomFields,
  contacts,
  contactTags,
  dialogChatbots,
  messages,
  schedules,
  ticketNotes,
  tickets,
} from "@db/schema.ts";
import type { Tx } from "@db/client.ts";
import type { Deps } from "../deps.ts";

/**
 * Folds the contact whose number is `address` into `targetId` (same company). Returns the id of
 * the contact folded away, or null when there was none.
 */
export async function mergeEmailContact(
  tx: Tx,
  companyId: number,
  targetId: number,
  address: string,
): Promise<number | null> {
  const email = address.trim().toLowerCase();
  if (!email.includes("@")) return null;
  const [source] = await tx.select({ id: contacts.id }).from(contacts).where(
    and(eq(contacts.companyId, companyId), eq(contacts.number, email), ne(contacts.id, targetId)),
  ).limit(1);
  if (!source) return null;
  const from = source.id;
  const mine = and(eq(tickets.companyId, companyId), eq(tickets.contactId, targetId));
  const active = await tx.select({ whatsappId: tickets.whatsappId }).from(tickets)
    .where(and(mine, inArray(tickets.status, [...activeTicketStatuses])));
  const busy = active.map((t) => t.whatsappId).filter((x): x is number => x !== null);
  if (busy.length) {
    await tx.update(tickets).set({ status: "closed", closedAt: new Date().toISOString() }).where(and(
      eq(tickets.companyId, companyId),
      eq(tickets.contactId, from),
      inArray(tickets.status, [...activeTicketStatuses]),
      inArray(tickets.whatsappId, busy),
    ));
  }
  await tx.update(tickets).set({ contactId: targetId })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, from)));
  await tx.update(messages).set({ contactId: targetId })
    .where(and(eq(messages.companyId, companyId), eq(messages.contactId, from)));
  await tx.update(ticketNotes).set({ contactId: targetId })
    .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, from)));
  await tx.update(schedules).set({ contactId: targetId })
    .where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, from)));
  // Tags and extra information the phone contact lacks; its own win.
  await tx.run(sql`insert or ignore into contact_tags (company_id, contact_id, tag_id, created_at, updated_at)
    select company_id, ${targetId}, tag_id, created_at, updated_at from contact_tags where contact_id = ${from}`);
  await tx.update(contactCustomFields).set({ contactId: targetId }).where(and(
    eq(contactCustomFields.contactId, from),
    sql`${contactCustomFields.name} not in (select name from contact_custom_fields where contact_id = ${targetId})`,
  ));
  await tx.delete(dialogChatbots).where(
    and(eq(dialogChatbots.companyId, companyId), eq(dialogChatbots.contactId, from)),
  );
  await tx.delete(contactTags).where(eq(contactTags.contactId, from));
  await tx.delete(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, from)));
  return from;
}

/** The e-mail contacts folded into others are gone from every contact list on screen. */
export function announceFolded(deps: Deps, companyId: number, ids: number[]) {
  for (const id of ids) {
    deps.bus.emit("entity.changed", { companyId, entity: "contact", action: "delete", id });
  }
}
