/**
 * Domain events. Services emit them after their transaction commits; `listeners.ts` is the one
 * place that wires them to the socket fan-out and other subscribers. Every payload names its
 * company.
 */
import type { UserDTO } from "../users/dto.ts";
import type { TicketDTO } from "../tickets/dto.ts";
import type { TicketScope } from "../tickets/policy.ts";
import type { MessageDTO } from "../messages/dto.ts";
import type { BillingEvents } from "../billing/events.ts";
import type { ChatDTO, ChatMessageDTO } from "../chats/repo.ts";

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
  /** `before` is the scope the ticket had; when it differs, viewers of the old scope get a delete. */
  "ticket.updated": { companyId: number; ticket: TicketDTO; before?: TicketScope };
  "ticket.deleted": { companyId: number; ticketId: number; scope: TicketScope };
  "message.created": { companyId: number; message: MessageDTO; ticket: TicketDTO };
  "message.updated": { companyId: number; message: MessageDTO; ticket: TicketDTO };
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
