/** Shapes of the inbox API (spec 1 §3; server/tickets/dto.ts, server/messages/dto.ts). */
export type TicketStatus = "open" | "pending" | "closed" | "group" | "nps" | "lgpd";

export type TagRef = { id: number; name: string; color: string };

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
  tags: TagRef[];
};

export type Ticket = {
  id: number;
  uuid: string;
  number: number | null;
  status: TicketStatus;
  contactId: number;
  whatsappId: number | null;
  queueId: number | null;
  userId: number | null;
  channel: string;
  lastMessage: string | null;
  unreadMessages: number;
  isGroup: boolean;
  isBot: boolean;
  fromMe?: boolean;
  /** The last non-private message (its ack drives the preview's tick). */
  lastMessageId?: number | null;
  lastMessageAck?: number | null;
  /** Search results: the newest message matching the search, shown instead of the last one. */
  searchMatch?: { id: number; body: string } | null;
  createdAt: string;
  updatedAt: string;
  contact: TicketContact | null;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string; color: string | null } | null;
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: string } | null;
  tags: TagRef[];
};

export type TicketPage = { tickets: Ticket[]; count: number; hasMore: boolean };

export type Message = {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string | null;
  mediaUrl: string | null;
  mediaName: string | null;
  ack: number;
  /** Why the provider did not deliver it (one of ours); a retry clears it. */
  sendError?: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  createdAt: string;
  updatedAt?: string;
  contact: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  quotedMsg: {
    id: number;
    body: string;
    fromMe: boolean;
    mediaType: string | null;
    contact: { name: string } | null;
  } | null;
};

export type MessagePage = { messages: Message[]; ticket: Ticket; count: number; hasMore: boolean };

export type TicketLogEntry = {
  id: number;
  type: string;
  /** A readable line (integrations: which bot, why it handed over or failed). */
  detail?: string | null;
  createdAt: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
};

export type TicketNote = {
  id: number;
  note: string;
  createdAt: string;
  user: { id: number; name: string } | null;
};

export type QuickAnswer = {
  id: number;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
};

export type ContactDetail = TicketContact & {
  extraInfo: { id?: number; name: string; value: string }[];
};

/** The list the attendant looks at: a status tab, the closed view, or the search results. */
export type ListTab = "open" | "pending" | "group" | "closed" | "search";

export type ListFilters = {
  tab: ListTab;
  showAll: boolean;
  queueIds: number[];
  search: string;
  searchOnMessages: boolean;
  tags: number[];
  users: number[];
  whatsapps: number[];
  statusFilter: TicketStatus[];
  startDate: string;
  endDate: string;
  sortTickets: "DESC" | "ASC";
};
