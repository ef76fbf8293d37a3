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
import { findMessageByWid, getMessage, insertMessage, updateMessage } from "./repo.ts";
import { stableMessageId } from "./send_key.ts";
import { maybeDelivered, type OutboundMessage } from "../channels/adapter.ts";
import type { MessageRow } from "./dto.ts";
import type { Tx } from "@db/client.ts";
import { type RichContent, richOf } from "./rich.ts";
import { scopeOf } from "../lib/actor.ts";

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
  /**
   * What this send is, for sends a dispatcher may run again after a crash (a campaign shipment's
   * phase, a schedule's slot, a bot turn's reply): the message's provider id is derived from it
   * (send_key.ts) and the hand-over is written (`handedAt`) before the provider call. A key already
   * stored is not stored again: that message is handed over again by `deliverStored`'s rules.
   */
  sendKey?: string;
};

/**
 * What `deliverStored` did: `acked` — the channel had already acknowledged it (nothing sent);
 * `sent` — handed over (again); `uncertain` — it was handed to a provider that cannot recognise a
 * second hand-over before the process died, so it is not sent again (marked on the message).
 */
export type Redelivery = "acked" | "sent" | "uncertain";
export const SEND_UNCERTAIN = "ERR_SEND_UNCERTAIN";
/** Why a dispatcher skipped a contact the channel said it cannot reach (contacts.unreachableAt). */
export const CONTACT_UNREACHABLE = "ERR_CONTACT_UNREACHABLE";

/**
 * For a dispatcher's `.catch`: a send the provider may have taken (the call timed out after it
 * left: `maybeDelivered`) is "uncertain", counted like one found handed over after a crash; any
 * other failure is thrown on.
 */
export const uncertainOr = (err: unknown): "uncertain" => {
  if (maybeDelivered(err)) return "uncertain";
  throw err;
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
  const externalId = input.sendKey ? stableMessageId(companyId, input.sendKey) : newExternalId();
  if (input.sendKey && !input.isPrivate) {
    // A re-run of a send that was stored before a crash: the same message, never a second one.
    const stored = await findMessageByWid(deps.db, companyId, externalId);
    if (stored) return await redeliver(deps, companyId, stored);
  }
  const mediaType = input.mediaType ?? (input.media ? input.media.mimetype.split("/")[0] : "chat");
  if (!input.isPrivate && hasAdapter(connection.channel)) {
    await adapterFor(connection.channel).assertCanSend?.(deps, connection, contact);
  }

  const stored = await deps.database.write(async (tx) => {
    const message = await insertMessage(tx, {
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
    });
    if (!message) return null; // the same send key stored meanwhile by another run
    await input.onStored?.(tx, message.id);
    const ticket = input.isPrivate ? ticket0 : await updateTicket(tx, companyId, ticketId, {
      lastMessage: previewOf(input.body, mediaType, input.media?.name).slice(0, 500),
      fromMe: true,
      unreadMessages: 0,
    });
    return { ticket, message };
  });
  if (!stored) {
    return await redeliver(deps, companyId, (await findMessageByWid(deps.db, companyId, externalId))!);
  }
  const { ticket, message } = stored;
  const [ticketDTO] = await ticketDTOs(deps.db, companyId, [ticket]);
  const [dto] = await messageDTOs(deps.db, deps.media, companyId, [message]);
  deps.bus.emit("message.created", { companyId, message: dto, ticket: ticketDTO });
  if (!input.isPrivate) {
    // A send moves nothing: `before` is the ticket's own scope (the dashboard skips it).
    deps.bus.emit("ticket.updated", { companyId, ticket: ticketDTO, before: scopeOf(ticketDTO) });
  }
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
    !!input.sendKey,
  ) ?? dto;
}

/** The message stored for a send key, if that send was stored already (a re-run after a crash). */
export async function findKeyedSend(
  deps: Deps,
  companyId: number,
  sendKey: string,
): Promise<MessageRow | null> {
  return await findMessageByWid(deps.db, companyId, stableMessageId(companyId, sendKey));
}

/** A keyed send found already stored: handed over again by deliverStored's rules; its DTO. */
async function redeliver(deps: Deps, companyId: number, stored: MessageRow): Promise<MessageDTO> {
  await deliverStored(deps, companyId, stored.id);
  const [dto] = await messageDTOs(deps.db, deps.media, companyId, [
    await getMessage(deps.db, companyId, stored.id),
  ]);
  return dto;
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
  recordHandOver = false,
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
  }, recordHandOver);
}

/** Hands a stored message to its connection's adapter again (a retry); the DTO once acked. */
export async function deliver(deps: Deps, out: OutboundMessage, dto: MessageDTO): Promise<MessageDTO> {
  return (await sendOut(deps, out)) ?? dto;
}

/**
 * The adapter call of every send. A failure is written on the message (the bubble shows it and
 * offers a retry) and then thrown, so the caller learns of it as well. `recordHandOver` (a
 * dispatcher's send) writes `handedAt` first: from then on the provider may have it. A refusal
 * clears it again; a failure the adapter calls `maybeDelivered` (a timeout) keeps it and marks the
 * message ERR_SEND_UNCERTAIN, so the dispatcher's next attempt finds it uncertain, not resendable.
 */
async function sendOut(deps: Deps, out: OutboundMessage, recordHandOver = false): Promise<MessageDTO | null> {
  if (recordHandOver) {
    const at = deps.clock.now().toISOString();
    await deps.database.write((tx) => updateMessage(tx, out.companyId, out.messageId, { handedAt: at }));
  }
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
    if (recordHandOver && maybeDelivered(err)) {
      // The call left and its answer never came (a timeout): the provider may have it. The
      // hand-over mark stays, so a re-run finds it uncertain instead of handing it over twice.
      await recordSendError(deps, out.companyId, out.messageId, SEND_UNCERTAIN).catch(() => undefined);
      throw failure;
    }
    // The provider answered with a refusal (or the call never reached it): not handed over.
    if (recordHandOver) {
      await deps.database.write((tx) => updateMessage(tx, out.companyId, out.messageId, { handedAt: null }))
        .catch(() => undefined);
    }
    await recordSendError(deps, out.companyId, out.messageId, reason).catch(() => undefined);
    throw failure;
  }
  return null;
}

/**
 * Hands an already stored outbound message to the channel again (a dispatcher re-running after a
 * crash). Nothing is stored or emitted. A message the channel has already acknowledged (ack > 0)
 * is left alone. One handed over before (`handedAt`) goes again, under the same id, only where
 * the channel recognises a second hand-over (`resendsSafely`: WhatsApp's message id, the api
 * channel's job key); elsewhere (Cloud API, Messenger, Instagram, webchat) it is `uncertain`: the
 * message says so (ERR_SEND_UNCERTAIN, the bubble offers a deliberate retry) and nothing is sent.
 */
export async function deliverStored(deps: Deps, companyId: number, messageId: number): Promise<Redelivery> {
  const message = await getMessage(deps.db, companyId, messageId);
  if (message.ack > 0 || message.isDeleted) return "acked";
  const out = await outboundOf(deps, companyId, message, message.wid!);
  const channel = out.connection.channel;
  if (message.handedAt && !(hasAdapter(channel) && adapterFor(channel).resendsSafely)) {
    if (message.sendError !== SEND_UNCERTAIN) {
      await recordSendError(deps, companyId, messageId, SEND_UNCERTAIN);
    }
    return "uncertain";
  }
  await sendOut(deps, out, true);
  return "sent";
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
