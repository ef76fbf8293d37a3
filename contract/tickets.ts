/** The ticket on the wire (spec 1 §3 Ticket): lists, detail, socket events, and its pages. */
import type { ChannelKind, QueueRef, TagRef } from "./common.ts";

/** What a ticket's history records (ticket_logs.type); the history dialog names each. */
export const TICKET_LOG_TYPES = [
  "create",
  "chatBot",
  "queue",
  "open",
  "access",
  "transfered",
  "receivedTransfer",
  "pending",
  "closed",
  "reopen",
  "redirect",
  "nps",
  "lgpd",
  "autoClose",
  // Integrations (server/integrations): a bot took the ticket, handed it back, or failed.
  "integration",
  "integrationEnd",
  "integrationError",
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

export const TICKET_STATUSES = ["open", "pending", "closed", "group", "nps", "lgpd"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A flow run's parked state on the ticket (variables collected so far and the like). */
export type FlowRunData = { variables?: Record<string, string>; [key: string]: unknown };

/** The ticket's own columns, as stored and sent. Timestamps are ISO-8601 text. */
export type TicketFields = {
  id: number;
  companyId: number;
  uuid: string;
  /** Per-company number shown to people. */
  number: number | null;
  status: TicketStatus;
  contactId: number;
  whatsappId: number | null;
  queueId: number | null;
  userId: number | null;
  channel: ChannelKind;
  lastMessage: string;
  /** The conversation's subject (e-mail tickets: the first mail's); null on other channels. */
  subject: string | null;
  unreadMessages: number;
  isGroup: boolean;
  isBot: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  isTransfered: boolean;
  amount: number;
  /** Direction of the last message. */
  fromMe: boolean;
  isOutOfHour: boolean;
  outOfHourAt: string | null;
  amountUsedBotQueues: number;
  amountUsedBotQueuesNPS: number;
  queueOptionId: number | null;
  lgpdSendMessageAt: string | null;
  lgpdAcceptedAt: string | null;
  imported: boolean;
  isActiveDemand: boolean;
  sendInactiveMessage: boolean;
  flowWebhook: boolean;
  lastFlowId: string | null;
  flowStopped: string | null;
  hashFlowId: string | null;
  dataWebhook: FlowRunData | null;
  typebotSessionId: string | null;
  typebotStatus: boolean;
  typebotSessionTime: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The contact as a ticket carries it. */
export type TicketContact = {
  id: number;
  name: string;
  number: string;
  email: string | null;
  urlPicture: string | null;
  isGroup: boolean;
  channel: string;
  active: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  /** When the channel said the contact cannot be reached (Telegram: the bot was blocked); null once they write again. */
  unreachableAt: string | null;
  tags: TagRef[];
};

export type TicketDTO = TicketFields & {
  contact: TicketContact | null;
  queue: QueueRef | null;
  user: { id: number; name: string; color: string | null } | null;
  whatsapp:
    | { id: number; name: string; channel: string; expiresTicket: number; groupAsTicket: string }
    | null;
  tags: TagRef[];
  /** The last (non-private) message's id and ack: the list preview's tick follows it. */
  lastMessageId: number | null;
  lastMessageAck: number | null;
};

/** Search results: the newest message matching the search, shown instead of the last one. */
export type SearchMatch = { id: number; body: string };

/** A ticket in a list answer (search results carry their match). */
export type ListedTicket = TicketDTO & { searchMatch?: SearchMatch | null };

/**
 * GET /tickets. `count` is exact for the status tabs; the closed tab and search cap it, and
 * `countCapped: true` then says "at least count".
 */
export type TicketPage = { tickets: ListedTicket[]; count: number; hasMore: boolean; countCapped?: true };

/** What decides who may see a ticket (the socket fan-out compares it before and after a change). */
export type TicketScope = {
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  status: string;
};

/** One line of a ticket's history (GET /tickets/:id/logs). */
export type TicketLogEntry = {
  id: number;
  type: string;
  /** A readable line (integrations: which bot, why it handed over or failed). */
  detail?: string | null;
  createdAt: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
};

/** A ticket note (GET /ticket-notes). */
export type TicketNote = {
  id: number;
  note: string;
  createdAt: string;
  user: { id: number; name: string } | null;
};
