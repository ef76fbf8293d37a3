/**
 * Sending a message on a ticket, for attendants and for the bot alike: store it (ack 0), update
 * the ticket, emit, then hand it to the connection's adapter. The row exists before the network
 * call, so a send that fails is never lost: the attendant sees it with its ack.
 */
import { eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { randomString } from "../lib/crypto.ts";
import type { StoredFile } from "../media/store.ts";
import { adapterFor, hasAdapter } from "../channels/registry.ts";
import { getConnection } from "../connections/repo.ts";
import { getTicket, updateTicket } from "../tickets/repo.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import { previewOf } from "./dto.ts";
import { recordSendError, setAck } from "./delivery.ts";
import { getMimeType } from "hono/utils/mime";

const mimeOf = (path: string) => getMimeType(path) ?? "application/octet-stream";
import { type MessageDTO, messageDTOs } from "./dto.ts";
import { getMessage, insertMessage } from "./repo.ts";
import type { OutboundMessage } from "../channels/adapter.ts";
import type { MessageRow } from "./dto.ts";
import type { Tx } from "@db/client.ts";
import { type RichContent, richOf } from "./rich.ts";

export type SendInput = {
  body: string;
  userId?: number | null;
  isPrivate?: boolean;
  isForwarded?: boolean;
  quotedMsgId?: number | null;
  quotedExternalId?: string | null;
  media?: StoredFile;
  mediaType?: string;
  /**
   * Runs inside the write transaction that stores the message: a dispatcher records the message
   * id on its own row atomically, so a re-run after a crash re-hands that message to the channel
   * (deliverStored) instead of storing and sending a second one.
   */
  onStored?: (tx: Tx, messageId: number) => Promise<void>;
  /** A buttons-dialog message: `body` is its text rendering; the channel sends this where it can. */
  rich?: RichContent;
};

export const newExternalId = () => `ATD${randomString(24)}`;

export async function sendOnTicket(
  deps: Deps,
  companyId: number,
  ticketId: number,
  input: SendInput,
): Promise<MessageDTO> {
  const ticket0 = await getTicket(deps.db, companyId, ticketId);
  if (!ticket0.whatsappId) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  const connection = await getConnection(deps.db, companyId, ticket0.whatsappId);
  const [contact] = await deps.db.select().from(contacts).where(eq(contacts.id, ticket0.contactId));
  const externalId = newExternalId();
  const mediaType = input.mediaType ?? (input.media ? input.media.mimetype.split("/")[0] : "chat");
  if (!input.isPrivate && hasAdapter(connection.channel)) {
    await adapterFor(connection.channel).assertCanSend?.(deps, connection, contact);
  }

  const { ticket, message } = await deps.database.write(async (tx) => {
    const message = (await insertMessage(tx, {
      companyId,
      wid: input.isPrivate ? null : externalId,
      ticketId,
      contactId: ticket0.contactId,
      body: input.body,
      fromMe: true,
      read: true,
      mediaType,
      mediaUrl: input.media?.path,
      mediaName: input.media?.name,
      ack: 0,
      isPrivate: !!input.isPrivate,
      isForwarded: !!input.isForwarded,
      quotedMsgId: input.quotedMsgId ?? null,
      queueId: ticket0.queueId,
      channel: connection.channel,
      userId: input.userId ?? null,
      dataJson: input.rich ? JSON.stringify({ rich: input.rich }) : null,
      // The process clock (injected in tests): timers measure quiet from message times.
      createdAt: deps.clock.now().toISOString(),
    }))!;
    await input.onStored?.(tx, message.id);
    const ticket = input.isPrivate ? ticket0 : await updateTicket(tx, companyId, ticketId, {
      lastMessage: previewOf(input.body, mediaType, input.media?.name).slice(0, 500),
      fromMe: true,
      unreadMessages: 0,
    });
    return { ticket, message };
  });
  const [ticketDTO] = await ticketDTOs(deps.db, companyId, [ticket]);
  const [dto] = await messageDTOs(deps.db, deps.media, companyId, [message]);
  deps.bus.emit("message.created", { companyId, message: dto, ticket: ticketDTO });
  if (!input.isPrivate) deps.bus.emit("ticket.updated", { companyId, ticket: ticketDTO });
  if (input.isPrivate) return dto;

  return await handOver(
    deps,
    companyId,
    connection,
    contact,
    message,
    input.media,
    input.quotedExternalId,
    input.rich,
  ) ?? dto;
}

/** Gives a stored outbound message to its connection's adapter; the updated DTO once acked. */
async function handOver(
  deps: Deps,
  companyId: number,
  connection: Awaited<ReturnType<typeof getConnection>>,
  contact: typeof contacts.$inferSelect,
  message: MessageRow,
  media?: StoredFile,
  quotedExternalId?: string | null,
  rich?: RichContent,
): Promise<MessageDTO | null> {
  return await sendOut(deps, {
    companyId,
    connection,
    messageId: message.id,
    externalId: message.wid!,
    to: { number: contact.number, isGroup: contact.isGroup, remoteJid: contact.remoteJid },
    body: message.body,
    media: media ? { path: media.path, mimetype: media.mimetype, filename: media.name } : undefined,
    quotedExternalId,
    rich,
  });
}

/** Hands a stored message to its connection's adapter again (a retry); the DTO once acked. */
export async function deliver(deps: Deps, out: OutboundMessage, dto: MessageDTO): Promise<MessageDTO> {
  return (await sendOut(deps, out)) ?? dto;
}

/**
 * The adapter call of every send. A failure is written on the message (the bubble shows it and
 * offers a retry) and then thrown, so the caller learns of it as well.
 */
async function sendOut(deps: Deps, out: OutboundMessage): Promise<MessageDTO | null> {
  try {
    const result = await adapterFor(out.connection.channel).send(deps, out);
    if (!result.pending) {
      return await setAck(deps, out.companyId, out.messageId, result.ack, result.externalId);
    }
  } catch (err) {
    const failure = err instanceof AppError
      ? err
      : new AppError("ERR_SENDING_WAPP_MSG", { cause: err, details: { messageId: out.messageId } });
    const reason = [failure.code, (err as Error)?.message].filter((x, i, a) => x && a.indexOf(x) === i)
      .join(": ");
    await recordSendError(deps, out.companyId, out.messageId, reason).catch(() => undefined);
    throw failure;
  }
  return null;
}

/**
 * Hands an already stored outbound message to the channel again (a dispatcher re-running after a
 * crash between the store and the send). Nothing is stored or emitted; a message the channel has
 * already acknowledged (ack > 0) is left alone. The api channel dedupes on the message id; a
 * provider that accepted the first hand-over without our knowing may see it twice.
 */
export async function deliverStored(deps: Deps, companyId: number, messageId: number): Promise<void> {
  const message = await getMessage(deps.db, companyId, messageId);
  if (message.ack > 0 || message.isDeleted) return;
  await sendOut(deps, await outboundOf(deps, companyId, message, message.wid!));
}

/** A stored message as its connection's adapter takes it again (a retry, a re-hand after a crash). */
export async function outboundOf(
  deps: Deps,
  companyId: number,
  message: MessageRow,
  externalId: string,
): Promise<OutboundMessage> {
  const ticket = await getTicket(deps.db, companyId, message.ticketId);
  if (!ticket.whatsappId) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  const connection = await getConnection(deps.db, companyId, ticket.whatsappId);
  const [contact] = await deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
  const quoted = message.quotedMsgId ? await getMessage(deps.db, companyId, message.quotedMsgId) : null;
  const path = message.mediaUrl;
  return {
    companyId,
    connection,
    messageId: message.id,
    externalId,
    to: { number: contact.number, isGroup: contact.isGroup, remoteJid: contact.remoteJid },
    // A file sent without a caption stored its name as the body.
    body: path && message.body === message.mediaName ? "" : message.body,
    media: path
      ? { path, mimetype: mimeOf(path), filename: message.mediaName ?? path.split("/").pop()! }
      : undefined,
    quotedExternalId: quoted?.wid,
    rich: richOf(message.dataJson),
  };
}
