/**
 * Conversation messages (spec 1 §7 Messages): history across the contact's earlier tickets on
 * the connection, sending (text, media, quoted, private notes, vCard, signature, variables),
 * edit (own, 15 minutes), delete (own), forward.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { contacts, messages, tickets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { downloadLimit } from "../channels/download.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, noPermission, notFound } from "../lib/errors.ts";
import { isAdmin } from "../auth/permissions.ts";
import { readSetting } from "../settings/repo.ts";
import { getVisibleTicket, openTicket } from "../tickets/service.ts";
import { canViewTicket } from "../tickets/policy.ts";
import { updateTicket } from "../tickets/repo.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import type { StoredFile } from "../media/store.ts";
import { type MessageDTO, messageDTOs } from "./dto.ts";
import type { MessageBody } from "@contract/messages.ts";
import { getMessage, hidesDeletedMessages, updateMessage } from "./repo.ts";
import { sendOnTicket } from "./send.ts";
import { changeOnChannel } from "./channel_changes.ts";
import { fileFromUrl } from "./media_url.ts";
import { renderForTicket } from "./render.ts";
import { receiptsFor } from "./read_receipts.ts";
import { scopeOf } from "../lib/actor.ts";

const PAGE = 20;
/** What an attendant may attach: media and documents, never executables or HTML. */
export const ATTACHMENT_TYPES =
  /^(image|audio|video)\/|^application\/(pdf|zip|msword|vnd\.|octet-stream)|^text\/(plain|csv)/;
/**
 * Names refused whatever type the browser declared: browsers send application/octet-stream for
 * files they do not know (an .exe among them), and the media route serves by the file's name.
 */
export const BLOCKED_EXTENSIONS =
  /\.(exe|com|bat|cmd|scr|pif|msi|msp|dll|cpl|jar|vbs|vbe|js|mjs|jse|wsf|wsh|ps1|hta|lnk|sh|html?|xht(ml)?|svgz?)$/i;
export const EDIT_WINDOW_MS = 15 * 60_000;

export async function listMessages(deps: Deps, actor: Actor, ticketUuid: string, pageNumber: number) {
  const [t] = await deps.db.select().from(tickets)
    .where(and(eq(tickets.companyId, actor.companyId), eq(tickets.uuid, ticketUuid))).limit(1);
  if (!t) throw notFound("ticket");
  if (!canViewTicket(actor.viewer, t)) throw noPermission();
  // The contact's earlier tickets on the same connection; without allHistoric only those the user may see.
  const history = await deps.db.select().from(tickets).where(and(
    eq(tickets.companyId, actor.companyId),
    eq(tickets.contactId, t.contactId),
    t.whatsappId ? eq(tickets.whatsappId, t.whatsappId) : eq(tickets.id, t.id),
  ));
  const ids = history.filter((h) =>
    h.id === t.id || isAdmin(actor) || actor.user.allHistoric === "enabled" || canViewTicket(actor.viewer, h)
  ).map((h) => h.id);
  const hide = await hidesDeletedMessages(deps, actor.companyId);
  const where = and(
    eq(messages.companyId, actor.companyId),
    inArray(messages.ticketId, ids),
    hide ? eq(messages.isDeleted, false) : undefined,
  );
  const [{ n }] = await deps.db.select({ n: count() }).from(messages).where(where);
  const rows = await deps.db.select().from(messages).where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id)).limit(PAGE).offset((pageNumber - 1) * PAGE);
  const dtos = await messageDTOs(deps.db, deps.media, actor.companyId, rows.reverse());
  return {
    messages: dtos,
    ticket: (await ticketDTOs(deps.db, actor.companyId, [t]))[0],
    count: n,
    hasMore: pageNumber * PAGE < n,
  };
}

export type ComposeInput = {
  body: string;
  isPrivate?: boolean;
  quotedMsgId?: number | null;
  vCard?: string;
  signMessage?: boolean;
  files?: File[];
  /** A file to send named by its address (spec's JSON body); fetched by the server. */
  mediaUrl?: string;
};

/** An attendant writes on a ticket. Returns the stored messages (one per attachment, or one text). */
export async function sendMessage(
  deps: Deps,
  actor: Actor,
  ticketId: number,
  input: ComposeInput,
): Promise<MessageDTO[]> {
  const t = await getVisibleTicket(deps, actor, ticketId);
  if (!input.isPrivate && t.status !== "open" && t.status !== "group") {
    throw new AppError("ERR_NO_PERMISSION", { message: "accept the ticket before replying" });
  }
  // Fetched only once the ticket is known to be the caller's and open (never inside a transaction).
  if (input.mediaUrl) {
    input = { ...input, files: [...input.files ?? [], await fileFromUrl(deps, input.mediaUrl)] };
  }
  const text = input.vCard ?? input.body.trim();
  if (!text && !input.files?.length) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "body", message: "empty message" }] });
  }
  let quotedExternalId: string | null = null;
  if (input.quotedMsgId) {
    const q = await getMessage(deps.db, actor.companyId, input.quotedMsgId);
    // Only a message of this contact's conversation can be quoted: any id of the company used to
    // be accepted, and the reply's quotedMsg then showed a ticket the sender may not see.
    const [qt] = await deps.db.select({ contactId: tickets.contactId }).from(tickets)
      .where(and(eq(tickets.companyId, actor.companyId), eq(tickets.id, q.ticketId)));
    if (!qt || qt.contactId !== t.contactId) throw notFound("message");
    quotedExternalId = q.wid;
  }
  // No signature on a file sent without a caption: it became a caption of only the name.
  const body = input.isPrivate || input.vCard || !text
    ? text
    : await compose(deps, actor, t, text, !!input.signMessage);
  const base = {
    userId: actor.userId,
    isPrivate: input.isPrivate,
    quotedMsgId: input.quotedMsgId,
    quotedExternalId,
  };
  if (!input.files?.length) {
    return [
      await sendOnTicket(deps, actor.companyId, ticketId, {
        ...base,
        body,
        mediaType: input.vCard ? "contactMessage" : undefined,
      }),
    ];
  }
  const maxBytes = await downloadLimit(deps);
  const out: MessageDTO[] = [];
  // Every file is checked before the first is sent, so a refused second file does not leave the
  // first one delivered and the request answered with an error.
  for (const f of input.files) {
    if (BLOCKED_EXTENSIONS.test(f.name) || !ATTACHMENT_TYPES.test(f.type || "")) {
      throw new AppError("ERR_UNSUPPORTED_MEDIA", { details: { filename: f.name, mimetype: f.type } });
    }
    if (f.size > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
  }
  for (const [i, f] of input.files.entries()) {
    const media: StoredFile = await deps.media.save(actor.companyId, "messages", f, {
      maxBytes,
      accept: ATTACHMENT_TYPES,
    });
    out.push(
      await sendOnTicket(deps, actor.companyId, ticketId, { ...base, body: i === 0 ? body : "", media }),
    );
  }
  return out;
}

/** Signature (sendSignMessage + the composer's toggle) and message variables. */
async function compose(
  deps: Deps,
  actor: Actor,
  t: typeof tickets.$inferSelect,
  text: string,
  sign: boolean,
) {
  const rendered = await renderForTicket(deps, t.id, text, actor.user.name);
  const signOn = sign && (await readSetting(deps.db, actor.companyId, "sendSignMessage")) === "enabled";
  return signOn ? `*${actor.user.name}:*\n${rendered}` : rendered;
}

async function ownMessage(deps: Deps, actor: Actor, id: number) {
  const m = await getMessage(deps.db, actor.companyId, id);
  await getVisibleTicket(deps, actor, m.ticketId);
  if (!m.fromMe || m.userId !== actor.userId) throw noPermission();
  return m;
}

async function emitUpdate(
  deps: Deps,
  companyId: number,
  row: typeof messages.$inferSelect,
): Promise<MessageDTO> {
  const [dto] = await messageDTOs(deps.db, deps.media, companyId, [row]);
  const [t] = await deps.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
  const [ticket] = await ticketDTOs(deps.db, companyId, [t]);
  deps.bus.emit("message.updated", { companyId, message: dto, ticket });
  return dto;
}

export async function editMessage(deps: Deps, actor: Actor, id: number, body: string): Promise<MessageDTO> {
  const m = await ownMessage(deps, actor, id);
  if (deps.clock.now().getTime() - Date.parse(m.createdAt) > EDIT_WINDOW_MS) {
    throw new AppError("ERR_NO_PERMISSION", { message: "messages can be edited for 15 minutes" });
  }
  const row = await deps.database.write((tx) =>
    updateMessage(tx, actor.companyId, id, { body, isEdited: true })
  );
  const dto = await emitUpdate(deps, actor.companyId, row);
  await changeOnChannel(deps, actor.companyId, row, { kind: "edit", previousBody: m.body });
  return dto;
}

export async function deleteMessage(deps: Deps, actor: Actor, id: number): Promise<MessageDTO> {
  await ownMessage(deps, actor, id);
  const row = await deps.database.write((tx) => updateMessage(tx, actor.companyId, id, { isDeleted: true }));
  let dto: MessageDTO;
  if (await hidesDeletedMessages(deps, actor.companyId)) {
    [dto] = await messageDTOs(deps.db, deps.media, actor.companyId, [row]);
    const [t] = await deps.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
    const [ticket] = await ticketDTOs(deps.db, actor.companyId, [t]);
    deps.bus.emit("message.deleted", { companyId: actor.companyId, messageId: id, ticket });
  } else dto = await emitUpdate(deps, actor.companyId, row);
  await changeOnChannel(deps, actor.companyId, row, { kind: "delete" });
  return dto;
}

/**
 * The whole text of one message: socket frames carry a preview of a long body and the client
 * fetches the rest here when it shows the message. Same visibility as the ticket's conversation.
 */
export async function messageBody(deps: Deps, actor: Actor, id: number): Promise<MessageBody> {
  const m = await getMessage(deps.db, actor.companyId, id);
  await getVisibleTicket(deps, actor, m.ticketId);
  if (m.isDeleted && await hidesDeletedMessages(deps, actor.companyId)) throw notFound("message");
  return { id: m.id, body: m.body };
}

/** Forwards a message to a contact, on the same connection, in a ticket opened for the actor. */
export async function forwardMessage(
  deps: Deps,
  actor: Actor,
  input: { messageId: number; contactId: number; signMessage?: boolean },
): Promise<MessageDTO> {
  const m = await getMessage(deps.db, actor.companyId, input.messageId);
  const source = await getVisibleTicket(deps, actor, m.ticketId);
  // A private note is internal and a deleted message is gone: forwarding either sent it to a customer.
  if (m.isPrivate || m.isDeleted) {
    throw new AppError("ERR_NO_PERMISSION", {
      message: "private notes and deleted messages cannot be forwarded",
    });
  }
  const [contact] = await deps.db.select().from(contacts)
    .where(and(eq(contacts.companyId, actor.companyId), eq(contacts.id, input.contactId)));
  if (!contact) throw notFound("contact");
  if (!source.whatsappId) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  const { ticket } = await deps.database.write(async (tx) => {
    // No tracking cycle: a forward opens none.
    const r = await openTicket(tx, actor.companyId, {
      contactId: contact.id,
      whatsappId: source.whatsappId!,
      status: contact.isGroup ? "group" : "open",
      userId: actor.userId,
      isGroup: contact.isGroup,
      channel: source.channel,
      isActiveDemand: true,
    }, { log: { userId: actor.userId } });
    if (!r.created && r.ticket.status === "pending") {
      r.ticket = await updateTicket(tx, actor.companyId, r.ticket.id, {
        status: "open",
        userId: actor.userId,
      });
    }
    return r;
  });
  const body = input.signMessage && m.body ? `*${actor.user.name}:*\n${m.body}` : m.body;
  const media = m.mediaUrl
    ? {
      path: m.mediaUrl,
      name: m.mediaName ?? "file",
      size: 0,
      mimetype: `${m.mediaType ?? "application"}/*`,
    }
    : undefined;
  return await sendOnTicket(deps, actor.companyId, ticket.id, {
    body,
    userId: actor.userId,
    isForwarded: true,
    media,
    mediaType: m.mediaType ?? undefined,
  });
}

/**
 * Opening a conversation reads it: unread count 0 and messages marked read, and the channel
 * tells the customer (read receipts) where it can. A waiting (pending) ticket stays unread until
 * someone accepts it (the accept reads it): a peek must not hide it from the others. Reading
 * does not touch updatedAt, so the list keeps its order.
 */
export async function markTicketRead(deps: Deps, actor: Actor, ticketId: number): Promise<boolean> {
  const t = await getVisibleTicket(deps, actor, ticketId);
  if (t.status === "pending") return false;
  if (!t.unreadMessages) return true;
  const { row, read } = await deps.database.write(async (tx) => {
    const read = await tx.update(messages).set({ read: true }).where(
      and(eq(messages.ticketId, ticketId), eq(messages.read, false)),
    ).returning({ wid: messages.wid, fromMe: messages.fromMe, participant: messages.participant });
    const [row] = await tx.update(tickets).set({ unreadMessages: 0 })
      .where(and(eq(tickets.companyId, actor.companyId), eq(tickets.id, ticketId))).returning();
    return { row, read };
  });
  const [ticket] = await ticketDTOs(deps.db, actor.companyId, [row]);
  deps.bus.emit("ticket.updated", { companyId: actor.companyId, ticket, before: scopeOf(ticket) });
  receiptsFor(deps, actor.companyId, t, read);
  return true;
}
