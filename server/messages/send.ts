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
import { type MessageDTO, messageDTOs } from "./dto.ts";
import { getMessage, insertMessage, updateMessage } from "./repo.ts";

export type SendInput = {
  body: string;
  userId?: number | null;
  isPrivate?: boolean;
  isForwarded?: boolean;
  quotedMsgId?: number | null;
  quotedExternalId?: string | null;
  media?: StoredFile;
  mediaType?: string;
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
      // The process clock (injected in tests): timers measure quiet from message times.
      createdAt: deps.clock.now().toISOString(),
    }))!;
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

  try {
    const result = await adapterFor(connection.channel).send(deps, {
      companyId,
      connection,
      messageId: message.id,
      externalId,
      to: { number: contact.number, isGroup: contact.isGroup, remoteJid: contact.remoteJid },
      body: input.body,
      media: input.media
        ? { path: input.media.path, mimetype: input.media.mimetype, filename: input.media.name }
        : undefined,
      quotedExternalId: input.quotedExternalId,
    });
    if (!result.pending) return await setAck(deps, companyId, message.id, result.ack, result.externalId);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("ERR_SENDING_WAPP_MSG", { cause: err, details: { messageId: message.id } });
  }
  return dto;
}

/** Acks never go down (reference §3). Emits the message update. */
export async function setAck(
  deps: Deps,
  companyId: number,
  messageId: number,
  ack: number,
  externalId?: string,
): Promise<MessageDTO> {
  const row = await deps.database.write(async (tx) => {
    const current = await getMessage(tx, companyId, messageId);
    if (current.ack >= ack && (!externalId || externalId === current.wid)) return null;
    return await updateMessage(tx, companyId, messageId, {
      ack: Math.max(ack, current.ack),
      ...(externalId && externalId !== current.wid ? { wid: externalId } : {}),
    });
  });
  const msg = row ?? await getMessage(deps.db, companyId, messageId);
  const [dto] = await messageDTOs(deps.db, deps.media, companyId, [msg]);
  if (row) {
    const [ticket] = await ticketDTOs(deps.db, companyId, [
      await getTicket(deps.db, companyId, msg.ticketId),
    ]);
    deps.bus.emit("message.updated", { companyId, message: dto, ticket });
  }
  return dto;
}
