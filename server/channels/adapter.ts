/**
 * The channel adapter contract (DESIGN §7). To add a channel: implement every member below,
 * register it in registry.ts, and make tests/channels/contract_test.ts pass for it. Services never
 * branch on the provider: outbound goes through `send`, inbound arrives normalised as an
 * `InboundMessage` and enters `receiveInbound` (server/inbox/pipeline.ts).
 */
import type { Deps } from "../deps.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import type { ChannelKind } from "@db/schema.ts";
import type { RichContent } from "../messages/rich.ts";

export type ConnectionStatus = "OPENING" | "qrcode" | "PAIRING" | "CONNECTED" | "DISCONNECTED" | "TIMEOUT";

/** A message leaving Atende. `messageId` is our row, already stored with ack 0. */
export type OutboundMessage = {
  companyId: number;
  connection: ConnectionRow;
  messageId: number;
  /** Our id for the message, also its provider id until the provider assigns one. */
  externalId: string;
  to: { number: string; isGroup: boolean; remoteJid?: string | null };
  body: string;
  media?: { path: string; mimetype: string; filename: string };
  quotedExternalId?: string | null;
  /**
   * A buttons-dialog message (list, URL, copy, call, PIX). `body` always holds its text rendering:
   * an adapter that cannot carry the structure sends `body`, which is the fallback.
   */
  rich?: RichContent;
};

/**
 * The key an adapter sets to true in a send failure's `AppError.details` when the provider may have
 * the message anyway: the request left and only the answer is missing (a timeout). The send path
 * then keeps the hand-over mark and calls the message uncertain instead of retrying it cleanly.
 */
export const MAYBE_DELIVERED = "maybeDelivered";

/** True for a send failure after which the provider may still deliver the message. */
export const maybeDelivered = (err: unknown): boolean =>
  !!err && typeof err === "object" &&
  (err as { details?: Record<string, unknown> }).details?.[MAYBE_DELIVERED] === true;

/** `pending`: accepted for asynchronous delivery; the ack arrives later through `updateAck`. */
export type SendResult = { externalId: string; ack: number; pending?: boolean };

/** Media of an inbound message, already fetched by the adapter (never inside a transaction). */
export type InboundMedia = { data: Uint8Array; mimetype: string; filename: string };

/**
 * Media an adapter could not fetch on arrival. The message is stored at once without its file
 * (`mediaStatus` pending) and the media job (channels/media_fetch.ts) asks the adapter's
 * `fetchMedia` again with `source`, a bounded number of times; `unavailable` skips the retries
 * (a link that can never work, e.g. a relative or refused URL).
 */
export type PendingMedia = {
  /** What the file is (image, video, audio, application…) until its bytes say otherwise. */
  mediaType: string;
  /** What the adapter needs to fetch it again (JSON-safe; read only by the same adapter). */
  source: Record<string, unknown>;
  /** The provider's public link, shown to the attendant (absolute http(s) only). */
  link?: string;
  unavailable?: boolean;
};

/** One inbound event, the same shape for every channel. */
export type InboundMessage = {
  connection: ConnectionRow;
  /** Provider message id; the pipeline is idempotent on it. */
  externalId: string;
  /** The customer (for a group: the participant who wrote). */
  from: { number: string; name?: string; lid?: string };
  /** Set for group messages: the group is the ticket's contact. */
  group?: { id: string; name?: string };
  fromMe: boolean;
  body: string;
  mediaType?: string;
  media?: InboundMedia;
  /** Set instead of `media` when the first download failed. */
  pendingMedia?: PendingMedia;
  quotedExternalId?: string;
  timestamp?: Date;
  /**
   * The id of the button, list row or quick reply the customer tapped (Cloud API
   * `button_reply`/`list_reply` id, Messenger/Instagram `quick_reply.payload`, Telegram
   * `callback_data`); `body` is its title. A bot's menu reads it as the option chosen.
   */
  choice?: string;
  /** A conversation's subject (e-mail): kept on the ticket when it has none yet. */
  subject?: string;
  /**
   * Sent by a machine, not the customer (an e-mail auto-reply or bounce): stored and shown, but no
   * bot, greeting or rating answers it.
   */
  automated?: boolean;
  /**
   * What the provider sent beyond the text, kept with the message (`messages.data_json`) for a later
   * reading: an e-mail's sanitised HTML (messages/mail_html.ts).
   */
  data?: Record<string, unknown>;
};

/** Messages of a conversation an attendant has just read, for channels that report reads. */
export type ReadReceipt = {
  to: OutboundMessage["to"];
  /** Provider ids; `participant` is the group member who wrote it (groups only). */
  messages: { externalId: string; participant?: string | null }[];
};

/**
 * One of our messages already handed to the channel, as a later change names it (edits and
 * deletes). The adapter reads its provider id itself when it acts: a change queued behind the
 * send sees the id the send took.
 */
export type SentMessage = {
  companyId: number;
  connection: ConnectionRow;
  messageId: number;
  to: OutboundMessage["to"];
  /** Whether it carried a file (an edit changes its caption then). */
  hasMedia: boolean;
};

export type ChannelAdapter = {
  readonly kind: ChannelKind;
  /** Starts the connection (session, subscription); updates its status. */
  connect(deps: Deps, conn: ConnectionRow): Promise<void>;
  disconnect(deps: Deps, conn: ConnectionRow): Promise<void>;
  /**
   * True when handing the same message over again (the same `externalId`) can never reach the
   * customer twice: WhatsApp keys a message by its id, the api channel dedupes its delivery job on
   * it. A dispatcher re-running after a crash re-hands such a message; on other channels a message
   * already handed over is left `uncertain` (messages/send.ts deliverStored).
   */
  readonly resendsSafely?: boolean;
  /** Delivers or queues one message. Throws AppError ERR_SENDING_WAPP_MSG / ERR_WAPP_NOT_INITIALIZED. */
  send(deps: Deps, msg: OutboundMessage): Promise<SendResult>;
  /**
   * Optional: refuses a send before anything is stored (e.g. Meta's 24-hour customer-service
   * window). Called by sendOnTicket for every non-private message; throws an AppError.
   */
  assertCanSend?(deps: Deps, conn: ConnectionRow, contact: { id: number; number: string }): Promise<void>;
  /**
   * Optional, for channels that can change a message the customer has: the new text replaces it
   * (`previousBody`: what the customer has, put back on our message if the channel refuses). A
   * refusal is recorded on the message (delivery.ts recordChangeFailure), not thrown at the editor.
   */
  editMessage?(deps: Deps, msg: SentMessage & { body: string; previousBody: string }): Promise<void>;
  /** Optional, likewise: removes the message from the customer's chat. */
  deleteMessage?(deps: Deps, msg: SentMessage): Promise<void>;
  /** Optional: tells the customer their messages were read (blue ticks). Best effort. */
  markRead?(deps: Deps, conn: ConnectionRow, receipt: ReadReceipt): Promise<void>;
  /**
   * Optional, for channels that can tell: whether `number` has an account on the channel
   * (WhatsApp's onWhatsApp). Campaign dispatch asks before sending and records isWhatsappValid.
   */
  checkNumber?(deps: Deps, conn: ConnectionRow, number: string): Promise<boolean>;
  /**
   * Optional, for channels whose inbound media is fetched from the provider: fetches again what
   * an arrival left pending (`PendingMedia.source`). Throws when it failed (the job retries).
   */
  fetchMedia?(deps: Deps, conn: ConnectionRow, source: Record<string, unknown>): Promise<InboundMedia>;
  /**
   * Optional: the connection's credentials were changed (before `connect` runs with the new ones):
   * lets go of what the old ones held elsewhere, e.g. the webhook an old Telegram bot still has.
   */
  replaced?(deps: Deps, before: ConnectionRow, after: ConnectionRow): Promise<void>;
  /** Optional: shows the customer that an attendant is typing (channels/typing.ts). Best effort. */
  typing?(deps: Deps, conn: ConnectionRow, to: OutboundMessage["to"]): Promise<void>;
};
