/** The message on the wire (spec 1 §3 Message): the conversation, the socket, and its pages. */
import type { ChannelKind } from "./common.ts";
import type { TicketDTO } from "./tickets.ts";

export type MediaStatus = "pending" | "ready" | "unavailable";

export type QuotedMessage = {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string | null;
  contact: { name: string } | null;
};

export type MessageDTO = {
  id: number;
  companyId: number;
  wid: string | null;
  ticketId: number;
  /** The contact of the conversation; in groups, the participant who sent it. */
  contactId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  /** image, audio, video, application, locationMessage, contactMessage, reactionMessage, call_log, chat… */
  mediaType: string | null;
  /** Signed, expiring link to the file (null for text). */
  mediaUrl: string | null;
  mediaName: string | null;
  /**
   * Inbound media the first download missed: `pending` while it is retried, then `ready` or
   * `unavailable`; null when there was nothing left to fetch (text, or fetched on arrival).
   */
  mediaStatus: MediaStatus | null;
  /** The provider's public link to the media (when it has one), shown when the file is unavailable. */
  mediaLink: string | null;
  /** 0 clock, 1 sent, 2 delivered, 3/4 read, 5 played; never decreases. */
  ack: number;
  /** Why the provider did not deliver it (one of ours); a retry clears it. */
  sendError: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  quotedMsgId: number | null;
  queueId: number | null;
  remoteJid: string | null;
  participant: string | null;
  channel: ChannelKind | null;
  /** The attendant who sent it. */
  userId: number | null;
  createdAt: string;
  updatedAt: string;
  contact: { id: number; name: string } | null;
  quotedMsg: QuotedMessage | null;
  /** The attendant who sent it (private notes and signed messages). */
  user: { id: number; name: string } | null;
};

/** GET /messages/:ticketId. */
export type MessagePage = { messages: MessageDTO[]; ticket: TicketDTO; count: number; hasMore: boolean };
