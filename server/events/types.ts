/**
 * Domain events. Services emit them after their transaction commits; each feature's `listeners.ts`
 * (realtime/listeners.ts for the socket fan-out of tickets, messages, users and entities) subscribes,
 * and server/compose.ts registers them all in one list. Every payload names its company.
 */
import type { UserDTO } from "@contract/users.ts";
import type { TicketDTO, TicketScope } from "@contract/tickets.ts";
import type { MessageDTO } from "@contract/messages.ts";
import type { ChatDTO, ChatMessageDTO } from "@contract/chats.ts";
import type { CompanyDTO } from "@contract/companies.ts";
import type { receipts } from "@db/schema.ts";
import type { PlanRow } from "../lib/actor.ts";

/** A receipt as the sockets carry it; billing/receipts_repo.ts builds it. */
export type ReceiptDTO = Omit<typeof receipts.$inferSelect, "comprobante"> & {
  comprobante: string | null;
  company: { id: number; name: string };
};

/** Domain events of the back office and billing (plans, companies, payments, receipts). */
export type BillingEvents = {
  "plan.changed":
    | { action: "create" | "update"; plan: PlanRow }
    | { action: "delete"; planId: number };
  /** The operator's live company list. */
  "company.changed":
    | { action: "create" | "update"; company: CompanyDTO }
    | { action: "delete"; companyId: number };
  /** A company deletion in the background: `done` of `total` steps. */
  "company.purge_progress": { companyId: number; done: number; total: number; finished: boolean };
  /** An invoice was paid (webhook, receipt approval): the company's due date moved to `dueDate`. */
  "payment.confirmed": { companyId: number; invoiceId: number; dueDate: string; company: CompanyDTO };
  "receipt.changed": { companyId: number; action: "create" | "update"; receipt: ReceiptDTO };
  "invoice.changed": { companyId: number; invoiceId: number };
  /** A payment was refused or a provider failed a checkout: the operator's payments list changed. */
  "payment.issue": { companyId: number | null; invoiceId: number | null };
};

export type EventMap = {
  "user.created": { companyId: number; user: UserDTO };
  "user.updated": { companyId: number; user: UserDTO };
  "user.deleted": { companyId: number; userId: number };
  "user.presence": { companyId: number; user: UserDTO };
  /** Sessions ended by a login elsewhere, a logout or a deletion. */
  "auth.sessions_revoked": {
    companyId: number;
    userId: number;
    sessionIds: string[];
    reason: "login_elsewhere" | "logout" | "user_deleted" | "password_reset" | "token_reuse";
  };
  /**
   * `before` is the scope the ticket had before this change, on every emit: `null` only when the
   * change gave birth to the ticket; equal to the ticket's own scope when the change moved nothing
   * (a message sent, read, a tag). Viewers of a different old scope get a delete; the dashboard
   * recomputes rolled-up days only when it differs (`scopeChanged`).
   * `actorUserId`: the user whose request changed it (absent for the system: bots, timers, ingest).
   */
  "ticket.updated": {
    companyId: number;
    ticket: TicketDTO;
    before: TicketScope | null;
    actorUserId?: number;
  };
  "ticket.deleted": { companyId: number; ticketId: number; scope: TicketScope };
  /**
   * A ticket changed hands: a transfer by a person (`user`) or an API key (`apiKey`) through
   * tickets/transitions.ts or tickets/transfer.ts, or by automation (a bot handing the customer to
   * people, a flow or redirect moving it between queues, a rotation). `fromTicketId`: the ticket
   * holding the conversation when it differs (closeTicketOnTransfer continues in a new ticket).
   */
  "ticket.transferred": {
    companyId: number;
    ticketId: number;
    fromTicketId?: number;
    by: "user" | "apiKey" | "automation";
  };
  /** `choice`: the id of the button, row or quick reply an inbound message tapped (adapter.ts). */
  /** `automated`: an inbound message a machine sent (an e-mail auto-reply or bounce): no automation. */
  "message.created": {
    companyId: number;
    message: MessageDTO;
    ticket: TicketDTO;
    choice?: string;
    automated?: boolean;
  };
  "message.updated": { companyId: number; message: MessageDTO; ticket: TicketDTO };
  /** A note written on a ticket's side panel (ticket_notes), after its commit; its author is a person. */
  "ticketNote.created": {
    companyId: number;
    note: { id: number; text: string; authorId: number; authorName: string };
    ticket: TicketDTO;
  };
  "message.deleted": { companyId: number; messageId: number; ticket: TicketDTO };
  "settings.updated": { companyId: number; key: string; value: string };
  /**
   * A company-wide record changed (queue, tag, quick message, contact…). The listener turns it
   * into the spec's socket event: `{action, <key>: record}` or `{action:"delete", <key>Id: id}`.
   */
  "entity.changed": EntityChanged;
  /** Internal chat (members only). */
  "chat.updated": { companyId: number; chat: ChatDTO; memberIds: number[]; action: "create" | "update" };
  "chat.deleted": { companyId: number; chatId: number; memberIds: number[] };
  "chat.message": { companyId: number; chat: ChatDTO; message: ChatMessageDTO; memberIds: number[] };
  /** The operator's announcements, for every company. */
  "announcement.changed":
    | { action: "create" | "update"; record: unknown }
    | { action: "delete"; id: number };
  /** A spreadsheet import into a contact list advanced (server/contact_lists). */
  "contactList.import": {
    companyId: number;
    contactListId: number;
    processed: number;
    total: number;
    done: boolean;
  };
  /** The channel check of a contact list's numbers advanced (server/contact_lists/number_check.ts). */
  "contactList.numberCheck": {
    companyId: number;
    contactListId: number;
    valid: number;
    invalid: number;
    unchecked: number;
    done: boolean;
  };
  /** A contacts spreadsheet import advanced (server/contacts/spreadsheet.ts), for the importing user. */
  "contacts.import": { companyId: number; userId: number; processed: number; total: number; done: boolean };
  /** A campaign's shipment counts changed (server/campaigns): the report updates live. */
  "campaign.progress": { companyId: number; campaignId: number; counts: Record<string, number> };
  /** A campaign became FINALIZADA (its last shipment settled, or "finish now"): webhooks tell integrators. */
  "campaign.finished": {
    companyId: number;
    campaign: { id: number; name: string; status: string; completedAt: string | null };
    counts: Record<string, number>;
  };
  /** A scheduled message's slot was sent (server/schedules/dispatcher.ts): webhooks tell integrators. */
  "schedule.sent": {
    companyId: number;
    schedule: {
      id: number;
      body: string;
      contactId: number;
      ticketId: number | null;
      messageId: number | null;
      sendAt: string;
      sentAt: string;
    };
  };
  /** The company's campaign settings were saved (server/campaigns/settings.ts), for its admins. */
  "campaign.settings": { companyId: number; settings: unknown };
  /** A flow or a phrase campaign of the flow builder changed (server/flows), for the company's admins. */
  "flow.changed": {
    companyId: number;
    kind: "flowbuilder" | "flowcampaign";
    change: { action: "create" | "update"; record: unknown } | { action: "delete"; id: number };
  };
  /** A connection's session fields changed (server/connections/status.ts); `session` has no secrets. */
  "connection.session": { companyId: number; session: unknown };
  /** The import of a WhatsApp connection's old messages advanced (server/channels/whatsapp/history.ts). */
  "connection.import_progress": {
    companyId: number;
    processed: number;
    total: number;
    state: "preparing" | "importing" | "finished";
  };
  /** A webchat visitor is typing (or stopped): the attendants who may see the ticket are told. */
  "webchat.visitor_typing": { companyId: number; ticket: TicketScope & { id: number }; typing: boolean };
} & BillingEvents;

export type EntityKind =
  | "queue"
  | "tag"
  | "quickMessage"
  | "contact"
  | "whatsapp"
  | "file"
  | "contactList"
  | "contactListItem"
  | "campaign"
  | "schedule"
  | "prompt"
  | "queueIntegration";

export type EntityChanged =
  | { companyId: number; entity: EntityKind; action: "create" | "update"; record: unknown }
  | { companyId: number; entity: EntityKind; action: "delete"; id: number };

export type EventName = keyof EventMap;
