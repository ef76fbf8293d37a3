/**
 * The ticket a dispatcher (campaign shipment, scheduled message) sends on. Our send path stores
 * every message on a ticket, so one is found or created on the connection: with openTicket it
 * takes the chosen status, queue and user; otherwise — or with statusTicket "closed" — a ticket
 * created only for the send is closed again afterwards (the reference closes campaign tickets),
 * so the customer's reply opens a fresh pending conversation.
 */
import type { Deps } from "../deps.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { upsertInboundContact } from "../inbox/contacts.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import { getTicket, logTicket, type TicketRow, updateTicket } from "../tickets/repo.ts";
import { openTicket } from "../tickets/service.ts";

export type TicketOptions = {
  openTicket: boolean;
  statusTicket: string;
  userId: number | null;
  queueId: number | null;
};

export async function outboundTicket(
  deps: Deps,
  conn: ConnectionRow,
  to: { number: string; name?: string } | { contactId: number },
  o: TicketOptions,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const companyId = conn.companyId;
  const open = o.openTicket && o.statusTicket === "open";
  const r = await deps.database.write(async (tx) => {
    let contactId: number;
    let contactCreated = null;
    if ("contactId" in to) contactId = to.contactId;
    else {
      const { contact, created } = await upsertInboundContact(tx, companyId, {
        number: to.number,
        name: to.name,
        isGroup: false,
        channel: conn.channel,
        whatsappId: conn.id,
      });
      contactId = contact.id;
      if (created) contactCreated = contact;
    }
    const userId = o.openTicket ? o.userId : null;
    const queueId = o.openTicket ? o.queueId : null;
    const { ticket, created } = await openTicket(tx, companyId, {
      contactId,
      whatsappId: conn.id,
      status: open ? "open" : "pending",
      userId,
      queueId,
      isGroup: false,
      channel: conn.channel,
      isActiveDemand: true,
    }, { log: { userId, queueId }, tracking: "queued" });
    return { ticket, created, contactCreated };
  });
  if (r.contactCreated) {
    deps.bus.emit("entity.changed", {
      companyId,
      entity: "contact",
      action: "create",
      record: r.contactCreated,
    });
  }
  if (r.created) {
    const [dto] = await ticketDTOs(deps.db, companyId, [r.ticket]);
    deps.bus.emit("ticket.updated", { companyId, ticket: dto, before: null });
  }
  return { ticket: r.ticket, created: r.created };
}

/** Closes a ticket the dispatcher created only to carry its send (see the module comment). */
export async function settleOutboundTicket(
  deps: Deps,
  ticket: TicketRow,
  created: boolean,
  o: TicketOptions,
) {
  if (!created || (o.openTicket && o.statusTicket !== "closed")) return;
  const now = deps.clock.now().toISOString();
  const changed = await deps.database.write(async (tx) => {
    const t = await getTicket(tx, ticket.companyId, ticket.id);
    if (t.status === "closed") return null;
    const row = await updateTicket(tx, t.companyId, t.id, {
      status: "closed",
      closedAt: now,
      unreadMessages: 0,
    });
    await logTicket(tx, t.companyId, {
      ticketId: t.id,
      type: "closed",
      userId: t.userId,
      queueId: t.queueId,
    });
    return { before: t, row };
  });
  if (!changed) return;
  const [dto] = await ticketDTOs(deps.db, ticket.companyId, [changed.row]);
  deps.bus.emit("ticket.updated", { companyId: ticket.companyId, ticket: dto, before: changed.before });
}
