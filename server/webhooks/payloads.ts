/**
 * Domain events → webhook candidates: the version-1 payload (schemas.ts) built from the event's
 * DTOs, the key that makes an event exist once (`message.created:<id>`), and what its deliveries
 * keep in order (a ticket's events, a contact's). Internal DTOs never reach a receiver as they are.
 */
import type { TicketDTO } from "@contract/tickets.ts";
import type { MessageDTO } from "@contract/messages.ts";
import type { WebhookEventType } from "@contract/webhooks.ts";
import type { EventMap } from "../events/types.ts";
import type { WebhookData } from "./schemas.ts";

export type Candidate = {
  companyId: number;
  /** null: no event of its own, only the ticket it names (which may be new: `ticket.created`). */
  type: WebhookEventType | null;
  data: unknown;
  dedupeKey?: string;
  orderKey: string | null;
  /** The ticket the event concerns, for `ticket.created` (sent before its first event). */
  ticket?: TicketDTO;
};

type WebhookTicket = WebhookData["ticket.created"]["ticket"];

export const ticketPayload = (t: TicketDTO): WebhookTicket => ({
  id: t.id,
  uuid: t.uuid,
  status: t.status,
  queueId: t.queueId,
  userId: t.userId,
  contactId: t.contactId,
  whatsappId: t.whatsappId,
  channel: t.channel ?? null,
  isGroup: t.isGroup,
  lastMessage: t.lastMessage ?? null,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  closedAt: t.closedAt ?? null,
});

export const messagePayload = (m: MessageDTO): WebhookData["message.created"]["message"] => ({
  id: m.id,
  ticketId: m.ticketId,
  contactId: m.contactId,
  body: m.body,
  fromMe: m.fromMe,
  isPrivate: m.isPrivate,
  mediaType: m.mediaType,
  mediaUrl: m.mediaUrl,
  ack: m.ack,
  isDeleted: m.isDeleted,
  isEdited: m.isEdited,
  quotedMsgId: m.quotedMsgId,
  userId: m.userId,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

/** Contacts reach `entity.changed` as rows or DTOs: both have these fields. */
function contactPayload(r: Record<string, unknown>): WebhookData["contact.created"]["contact"] {
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    id: Number(r.id),
    name: String(r.name ?? ""),
    number: String(r.number ?? ""),
    email: str(r.email) || null,
    isGroup: r.isGroup === true || r.isGroup === 1,
    channel: str(r.channel),
    createdAt: str(r.createdAt),
    updatedAt: str(r.updatedAt),
  };
}

const onTicket = (t: TicketDTO) => `ticket:${t.id}`;

export function messageEvent(
  type: "message.created" | "message.updated",
  e: EventMap["message.created"],
): Candidate {
  return {
    companyId: e.companyId,
    type,
    data: { message: messagePayload(e.message), ticket: ticketPayload(e.ticket) },
    dedupeKey: type === "message.created" ? `message.created:${e.message.id}` : undefined,
    orderKey: onTicket(e.ticket),
    ticket: e.ticket,
  };
}

/** `ticket.updated` only when the status, queue or assignee changed; else just the ticket (maybe new). */
export function ticketEvent(e: EventMap["ticket.updated"]): Candidate {
  const t = e.ticket, b = e.before;
  const changes: WebhookData["ticket.updated"]["changes"] = {};
  if (b && b.status !== t.status) changes.status = { from: b.status, to: t.status };
  if (b && b.queueId !== t.queueId) changes.queueId = { from: b.queueId, to: t.queueId };
  if (b && b.userId !== t.userId) changes.userId = { from: b.userId, to: t.userId };
  const changed = Object.keys(changes).length > 0;
  return {
    companyId: e.companyId,
    type: changed ? "ticket.updated" : null,
    data: changed ? { ticket: ticketPayload(t), changes } : null,
    orderKey: onTicket(t),
    ticket: t,
  };
}

/** `ticket.created`, built from the first event seen about a ticket born after the subscription. */
export function ticketCreated(companyId: number, t: TicketDTO): Candidate {
  return {
    companyId,
    type: "ticket.created",
    data: { ticket: ticketPayload(t) },
    dedupeKey: `ticket.created:${t.id}`,
    orderKey: onTicket(t),
  };
}

export function contactEvent(e: EventMap["entity.changed"]): Candidate | null {
  if (e.entity !== "contact" || e.action === "delete") return null;
  const contact = contactPayload(e.record as Record<string, unknown>);
  return {
    companyId: e.companyId,
    type: e.action === "create" ? "contact.created" : "contact.updated",
    data: { contact },
    dedupeKey: e.action === "create" ? `contact.created:${contact.id}` : undefined,
    orderKey: `contact:${contact.id}`,
  };
}

export function campaignFinished(e: EventMap["campaign.finished"]): Candidate {
  return {
    companyId: e.companyId,
    type: "campaign.finished",
    data: { campaign: { ...e.campaign, counts: e.counts } },
    dedupeKey: `campaign.finished:${e.campaign.id}:${e.campaign.completedAt}`,
    orderKey: null,
  };
}

export function scheduleSent(e: EventMap["schedule.sent"]): Candidate {
  const s = e.schedule;
  return {
    companyId: e.companyId,
    type: "schedule.sent",
    data: { schedule: s },
    dedupeKey: `schedule.sent:${s.id}:${s.sendAt}`,
    orderKey: s.ticketId ? `ticket:${s.ticketId}` : null,
  };
}
