/**
 * Baileys `messages.upsert` → InboundMessage → receiveInbound (reference §3 entry): protocol and
 * stub messages are dropped except edits and revokes; groups need allowGroup (the group is the
 * ticket's contact, the participant the sender); messages typed on the phone are stored fromMe;
 * the echo of our own sends is a duplicate (its id is stored before it is sent). Media is downloaded here, before any transaction.
 */
import {
  BufferJSON,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  normalizeMessageContent,
  proto,
  type WAMessage,
  type WAMessageContent,
} from "baileys";
import type { InboundMessage } from "../adapter.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { findConnection } from "../../connections/repo.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { promoteIdentityContact } from "../../inbox/contacts.ts";
import { receiveEdit, receiveRevoke, receiveUnreaction } from "../../inbox/updates.ts";
import { findMessageByWid } from "../../messages/repo.ts";
import { downloadLimitMb, mediaTypeOf } from "../download.ts";
import { encodeBase64 } from "../../lib/base64.ts";
import { isNotFound } from "../../lib/errors.ts";
import { identity, jidUser, type WaContext } from "./socket.ts";
import { describeOther } from "./content.ts";
import { locationBody } from "../location.ts";

type Parsed = Pick<InboundMessage, "body" | "mediaType" | "media" | "pendingMedia" | "quotedExternalId">;

/**
 * What the media job needs to download a message's media again (adapter.ts fetchMedia): the
 * message itself (its media key, direct path and URL), as JSON with Baileys' BufferJSON.
 */
export type WaMediaSource = { message: string; mimetype: string; filename: string };

const MEDIA_KINDS = [
  "imageMessage",
  "videoMessage",
  "audioMessage",
  "documentMessage",
  "stickerMessage",
] as const;
const EXT: Record<string, string> = {
  "image/jpeg": "jpg",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "application/pdf": "pdf",
};
const extOf = (mime: string) =>
  EXT[mime] ?? (mime.split("/")[1]?.split(/[;+]/)[0].replace(/\W/g, "") || "bin");

export async function handleUpsert(
  ctx: WaContext,
  u: { messages: WAMessage[]; type: string },
): Promise<void> {
  const conn = await findConnection(ctx.deps.db, ctx.session.companyId, ctx.session.connectionId);
  if (!conn) return;
  for (const m of u.messages) {
    try {
      await handleOne(ctx, conn, m);
    } catch (err) {
      console.error(`[wa ${conn.id}] inbound ${m.key?.id}`, err);
    }
  }
}

/**
 * One message; `imported` (history import, history.ts): edits and revokes of the past are
 * skipped, groups need importOldMessagesGroups instead of allowGroup, and the pipeline stores it
 * as imported.
 */
export async function handleOne(
  ctx: WaContext,
  conn: ConnectionRow,
  m: WAMessage,
  o: { imported?: boolean } = {},
): Promise<void> {
  const key = m.key;
  const jid = key.remoteJid;
  if (!jid || !key.id || !m.message || m.messageStubType) return;
  if (isJidBroadcast(jid) || isJidNewsletter(jid)) return;
  const content = normalizeMessageContent(m.message);
  if (!content) return;
  if (content.protocolMessage) {
    if (!o.imported) await handleProtocol(ctx, conn, content.protocolMessage);
    return;
  }
  const isGroup = !!isJidGroup(jid);
  if (isGroup && !(o.imported ? conn.importOldMessagesGroups : conn.allowGroup)) return;

  const parsed = await parse(ctx, m, content);
  if (!parsed) return;
  let from: InboundMessage["from"];
  let group: InboundMessage["group"];
  if (isGroup) {
    group = { id: jid.split("@")[0], name: await groupName(ctx, jid) };
    const who = key.fromMe
      ? identity(ctx.sock.user?.id, ctx.sock.user?.lid)
      : identity(key.participant, key.participantAlt);
    from = { number: who.number, name: key.fromMe ? undefined : m.pushName ?? undefined, lid: who.lid };
  } else {
    const who = identity(jid, key.remoteJidAlt);
    // On our own messages pushName is our name, not the customer's.
    from = { number: who.number, name: key.fromMe ? undefined : m.pushName ?? undefined, lid: who.lid };
  }
  if (!from.number) return;
  if (parsed.mediaType === "reactionMessage" && parsed.quotedExternalId) {
    // A reaction replaces the sender's earlier one on that message; an empty one only removes it.
    if (!o.imported && !(await alreadyHave(ctx, key.id))) {
      await receiveUnreaction(ctx.deps, conn, parsed.quotedExternalId, from.number);
    }
    if (!parsed.body) return;
  }
  if (from.lid) {
    await promoteIdentityContact(ctx.deps, ctx.session.companyId, from.lid, from.number, jidUser(from.lid));
  }
  const ts = Number(m.messageTimestamp ?? 0);
  await receiveInbound(ctx.deps, {
    connection: conn,
    externalId: key.id,
    from,
    group,
    fromMe: !!key.fromMe,
    ...parsed,
    timestamp: ts > 0 ? new Date(ts * 1000) : undefined,
  }, { imported: o.imported });
}

async function handleProtocol(ctx: WaContext, conn: ConnectionRow, p: proto.Message.IProtocolMessage) {
  const id = p.key?.id;
  if (!id) return;
  if (p.type === proto.Message.ProtocolMessage.Type.REVOKE) return await receiveRevoke(ctx.deps, conn, id);
  if (p.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT && p.editedMessage) {
    const body = textOf(normalizeMessageContent(p.editedMessage));
    if (body !== null) await editIfKnown(ctx, conn, id, body);
  }
}

/** An edit of a message we never stored (sent before the session, or filtered) is ignored. */
export async function editIfKnown(ctx: WaContext, conn: ConnectionRow, id: string, body: string) {
  await receiveEdit(ctx.deps, conn, id, body).catch((err) => {
    if (!isNotFound(err)) throw err;
  });
}

/** Text of a plain or extended text message (and of a media caption), null when none. */
export function textOf(c: WAMessageContent | undefined): string | null {
  if (!c) return null;
  return c.conversation ?? c.extendedTextMessage?.text ?? c.imageMessage?.caption ??
    c.videoMessage?.caption ??
    c.documentMessage?.caption ?? null;
}

async function parse(ctx: WaContext, m: WAMessage, c: WAMessageContent): Promise<Parsed | null> {
  const quotedExternalId = c.extendedTextMessage?.contextInfo?.stanzaId ?? undefined;
  const text = c.conversation ?? c.extendedTextMessage?.text;
  if (text != null) return { body: text, quotedExternalId };
  const kind = MEDIA_KINDS.find((k) => c[k]);
  if (kind) return await parseMedia(ctx, m, c, kind);
  const loc = c.locationMessage ?? c.liveLocationMessage;
  if (loc) {
    const lat = loc.degreesLatitude ?? 0, lng = loc.degreesLongitude ?? 0;
    const thumb = loc.jpegThumbnail?.length
      ? `data:image/jpeg;base64,${encodeBase64(loc.jpegThumbnail)}`
      : "";
    const named = c.locationMessage ? [c.locationMessage.name, c.locationMessage.address] : [];
    return {
      body: locationBody(lat, lng, named.filter(Boolean).join(" - "), thumb),
      mediaType: "locationMessage",
    };
  }
  if (c.contactMessage?.vcard) return { body: c.contactMessage.vcard, mediaType: "contactMessage" };
  if (c.contactsArrayMessage?.contacts?.length) {
    const cards = c.contactsArrayMessage.contacts.map((x) => x.vcard).filter(Boolean);
    return { body: cards.join("\n"), mediaType: "contactMessage" };
  }
  if (c.reactionMessage) {
    // An empty reaction removes the sender's earlier one (handled by handleOne).
    return {
      body: c.reactionMessage.text ?? "",
      mediaType: "reactionMessage",
      quotedExternalId: c.reactionMessage.key?.id ?? undefined,
    };
  }
  // Menu answers (buttons, lists) carry the chosen option's id, which the queue menu reads.
  const choice = c.buttonsResponseMessage?.selectedButtonId ??
    c.listResponseMessage?.singleSelectReply?.selectedRowId ??
    c.templateButtonReplyMessage?.selectedId;
  if (choice) return { body: choice };
  const other = describeOther(c);
  if (typeof other === "string") return { body: other, quotedExternalId };
  console.info(`[wa ${ctx.session.connectionId}] message ${m.key.id} ignored: ${other.ignored}`);
  return null;
}

async function parseMedia(
  ctx: WaContext,
  m: WAMessage,
  c: WAMessageContent,
  kind: (typeof MEDIA_KINDS)[number],
): Promise<Parsed> {
  const media = c[kind]!;
  const mimetype = (media.mimetype ?? "application/octet-stream").split(";")[0].trim();
  const caption = "caption" in media ? media.caption ?? "" : "";
  const filename = ("fileName" in media && media.fileName) || `${m.key.id}.${extOf(mimetype)}`;
  const quotedExternalId = media.contextInfo?.stanzaId ?? undefined;
  const limitMb = await downloadLimitMb(ctx.deps);
  const size = Number(media.fileLength ?? 0);
  const fallback = (why: string) => ({ body: [caption || filename, why].join(" "), quotedExternalId });
  if (size > limitMb * 1024 * 1024) return fallback(`(arquivo acima do limite de ${limitMb} MB)`);
  let data: Uint8Array;
  try {
    data = await ctx.download(m, ctx.sock, ctx.logger);
  } catch (err) {
    // Stored at once with its caption; the media job downloads it again (WhatsApp's media servers
    // and the phone's re-upload can be late).
    console.warn(`[wa ${ctx.session.connectionId}] media of ${m.key.id} pending:`, (err as Error).message);
    const source: WaMediaSource = { message: JSON.stringify(m, BufferJSON.replacer), mimetype, filename };
    return {
      body: caption,
      pendingMedia: { mediaType: mediaTypeOf(mimetype), source },
      quotedExternalId,
    };
  }
  if (data.length > limitMb * 1024 * 1024) return fallback(`(arquivo acima do limite de ${limitMb} MB)`);
  return { body: caption, media: { data, mimetype, filename }, quotedExternalId };
}

async function groupName(ctx: WaContext, jid: string): Promise<string | undefined> {
  const cached = ctx.session.groupNames.get(jid);
  if (cached) return cached;
  try {
    const subject = (await ctx.sock.groupMetadata(jid)).subject;
    if (subject) ctx.session.groupNames.set(jid, subject);
    return subject;
  } catch {
    return undefined;
  }
}

const alreadyHave = async (ctx: WaContext, wid: string) =>
  !!(await findMessageByWid(ctx.deps.db, ctx.session.companyId, wid));
