/**
 * Request bodies and answers of a ticket's conversation (spec 1 §3 Message, §7): the routes
 * validate with these and the OpenAPI document (server/api_docs) describes them from here.
 */
import { z } from "zod";
import { flag } from "../lib/flag.ts";
import { int, nullableInt, nullableText, timestamp } from "../lib/answers.ts";
import { CHANNEL_KINDS } from "@contract/common.ts";
import type { MessageBody, MessageDTO, MessageHtml, MessagePage } from "@contract/messages.ts";
import { ticketAnswer } from "../tickets/schemas.ts";

/** GET /messages/:ticketUuid. */
export const listMessagesQuery = z.object({ pageNumber: z.coerce.number().int().min(1).default(1) });

/** POST /messages/:ticketId as JSON (the multipart form carries the same fields plus `medias`). */
export const sendMessageJson = z.object({
  body: z.string().max(65_536).default(""),
  isPrivate: flag.default(false),
  quotedMsg: z.object({ id: z.coerce.number().int().positive() }).nullable().optional(),
  vCard: z.string().max(10_000).optional(),
  /** A file to send, by its address (the spec's client sends "" with plain text). */
  mediaUrl: z.string().trim().max(4096).nullable().optional(),
  signMessage: flag.optional(),
  read: flag.optional(),
  fromMe: flag.optional(),
});

// Answers (see lib/answers.ts).

export const messageAnswer = z.object({
  id: int,
  companyId: int,
  wid: nullableText,
  ticketId: int,
  contactId: nullableInt.describe("The contact of the conversation; in groups, the participant."),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaType: nullableText.describe("image, audio, video, application, chat…"),
  mediaUrl: nullableText.describe("Signed, expiring link to the file (null for text)."),
  mediaName: nullableText,
  mediaStatus: z.enum(["pending", "ready", "unavailable"]).nullable(),
  mediaLink: nullableText,
  ack: int.describe("0 clock, 1 sent, 2 delivered, 3/4 read, 5 played; never decreases."),
  sendError: nullableText,
  handedAt: nullableText,
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  isPrivate: z.boolean(),
  quotedMsgId: nullableInt,
  queueId: nullableInt,
  remoteJid: nullableText,
  participant: nullableText,
  channel: z.enum(CHANNEL_KINDS).nullable(),
  userId: nullableInt,
  createdAt: timestamp,
  updatedAt: timestamp,
  contact: z.object({ id: int, name: z.string() }).nullable(),
  quotedMsg: z.object({
    id: int,
    body: z.string(),
    fromMe: z.boolean(),
    mediaType: nullableText,
    contact: z.object({ name: z.string() }).nullable(),
  }).nullable(),
  user: z.object({ id: int, name: z.string() }).nullable(),
  bodyTruncated: z.boolean().optional().describe(
    "Socket frames only: `body` is the first 2,000 characters of a longer text; GET /messages/{id}/body has it all.",
  ),
  hasHtml: z.boolean().optional().describe(
    "An e-mail that came with HTML: GET /messages/{id}/html answers it sanitised, remote images blocked.",
  ),
}).meta({ id: "Message" }) satisfies z.ZodType<MessageDTO>;

/** One message, or one per file when several were sent. */
export const sentMessagesAnswer = z.union([messageAnswer, z.array(messageAnswer)]);

export const messagePageAnswer = z.object({
  messages: z.array(messageAnswer),
  ticket: ticketAnswer,
  count: int,
  hasMore: z.boolean(),
}) satisfies z.ZodType<MessagePage>;

/** GET /messages/:id/body. */
export const messageBodyAnswer = z.object({ id: int, body: z.string() }) satisfies z.ZodType<MessageBody>;

/** GET /messages/:id/html. */
export const messageHtmlAnswer = z.object({
  id: int,
  html: z.string().describe(
    "Sanitised HTML; a remote image's address is in `data-remote-src`, without `src`.",
  ),
}) satisfies z.ZodType<MessageHtml>;
