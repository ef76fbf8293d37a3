/**
 * What an attendant changes after sending reaches the visitor's open widget:
 * an edited message is replaced in place (`{type:"edit", message}`), a deleted one disappears
 * (`{type:"delete", id}`) — the widget's history already leaves deleted messages out. Acks and
 * other updates are not the visitor's business; private notes never reach the widget. The other way,
 * a visitor typing reaches the attendants who may see the ticket (`company-{id}-typing`), and the
 * staff coming and going reaches the open widgets (presence.ts).
 */
import { and, eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { TicketDTO } from "../tickets/dto.ts";
import { toVisitor } from "./visitor_hub.ts";
import { visitorMessage } from "./service.ts";
import { presenceChanged } from "./presence.ts";

const visitorOf = (t: TicketDTO) => t.whatsapp?.channel === "webchat" && t.contact ? t.contact.number : null;

export function wireWebchatListeners(deps: Deps): void {
  deps.bus.on("user.presence", ({ companyId }) => presenceChanged(deps, companyId));
  deps.bus.on("message.updated", async ({ companyId, message, ticket }) => {
    const number = visitorOf(ticket);
    if (!number || message.isPrivate || !(message.isEdited || message.isDeleted)) return;
    if (message.isDeleted) {
      return await toVisitor(deps, companyId, number, { type: "delete", id: message.id });
    }
    const [row] = await deps.db.select().from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.id, message.id)));
    if (!row) return;
    await toVisitor(deps, companyId, number, { type: "edit", message: await visitorMessage(deps, row) });
  });
  deps.bus.on("message.deleted", async ({ companyId, messageId, ticket }) => {
    const number = visitorOf(ticket);
    if (number) await toVisitor(deps, companyId, number, { type: "delete", id: messageId });
  });
  // The visitor typing → the attendants who may see its ticket.
  deps.bus.on("webchat.visitor_typing", ({ companyId, ticket, typing }) =>
    deps.hub.publish({
      companyId,
      event: `company-${companyId}-typing`,
      data: { ticketId: ticket.id, typing },
      audience: { kind: "ticket", ticket },
    }));
}
