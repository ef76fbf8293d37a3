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
  /**
   * Socket frames only: the body is a preview of the first MESSAGE_PREVIEW_CHARS characters of a
   * longer one; the client fetches the whole text (GET /messages/:id/body) when it shows it.
   */
  bodyTruncated?: boolean;
  /** An e-mail that came with HTML: GET /messages/:id/html has it, sanitised, remote images blocked. */
  hasHtml?: boolean;
};

/** How much of a long body a socket frame carries (the rest is fetched when shown). */
export const MESSAGE_PREVIEW_CHARS = 2000;

/**
 * The message as a socket frame carries it: a long body (or quoted body) cut to its preview, so a
 * burst of big messages costs every socket kilobytes, not the whole texts.
 */
export function previewMessage(m: MessageDTO): MessageDTO {
  const long = m.body.length > MESSAGE_PREVIEW_CHARS;
  const quoteLong = (m.quotedMsg?.body.length ?? 0) > MESSAGE_PREVIEW_CHARS;
  if (!long && !quoteLong) return m;
  return {
    ...m,
    ...(long ? { body: m.body.slice(0, MESSAGE_PREVIEW_CHARS), bodyTruncated: true } : {}),
    quotedMsg: quoteLong && m.quotedMsg
      ? { ...m.quotedMsg, body: m.quotedMsg.body.slice(0, MESSAGE_PREVIEW_CHARS) }
      : m.quotedMsg,
  };
}

/** GET /messages/:id/body: the whole text of one message. */
export type MessageBody = { id: number; body: string };

/** GET /messages/:ticketId. */
export type MessagePage = { messages: MessageDTO[]; ticket: TicketDTO; count: number; hasMore: boolean };

/** GET /messages/:id/html: an e-mail's sanitised HTML (remote images in `data-remote-src`, no `src`). */
export type MessageHtml = { id: number; html: string };
