/**
 * Messenger and Instagram webhook events (`entry[].messaging[]`): customer messages with their
 * attachments (CDN URLs, fetched without our token), echoes of messages the Page sent from
 * elsewhere (those our app sent are skipped by app id), edits, deletions, reactions, deliveries
 * (ack 2) and reads (ack 3; Messenger reports a watermark, Instagram a message id).
 */
import { and, eq, lt, lte } from "drizzle-orm";
import { getExtension } from "hono/utils/mime";
import { messages, tickets } from "@db/schema.ts";
import type { InboundMedia } from "../adapter.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { receiveRevoke } from "../../inbox/updates.ts";
import { findContactByNumber } from "../../contacts/repo.ts";
import { setAck } from "../../messages/send.ts";
import { download, downloadLimit } from "../download.ts";
import { accessToken, graphCall, graphUrl } from "./graph.ts";
import { ackOf, alreadyStored, clampTime, type Ctx, editOf, tryMedia } from "./inbound_shared.ts";

type Attachment = { type?: string; payload?: { url?: string; title?: string } };
type MsgrMessage = {
  mid?: string;
  text?: string;
  is_echo?: boolean;
  is_deleted?: boolean;
  app_id?: number | string;
  attachments?: Attachment[];
  reply_to?: { mid?: string };
};
type MsgrEvent = {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: MsgrMessage;
  message_edit?: { mid?: string; text?: string };
  delivery?: { mids?: string[]; watermark?: number };
  read?: { watermark?: number; mid?: string };
  reaction?: { mid?: string; action?: string; emoji?: string };
};

const FILE_TYPES = new Set(["image", "video", "audio", "file"]);

/** The customer's name, asked once: only while the contact does not exist yet. Best effort. */
async function profileName(ctx: Ctx, id: string): Promise<string | undefined> {
  if (await findContactByNumber(ctx.deps.db, ctx.conn.companyId, id)) return undefined;
  try {
    const fields = ctx.conn.channel === "instagram" ? "name,username" : "name";
    const p = await graphCall<{ name?: string; username?: string }>(
      ctx.deps,
      graphUrl(ctx.deps, "graph", `${encodeURIComponent(id)}?fields=${fields}`),
      { token: await accessToken(ctx.deps, ctx.conn) },
    );
    return p.name || p.username || undefined;
  } catch {
    return undefined;
  }
}

async function fetchAttachment(ctx: Ctx, a: Attachment, mid: string): Promise<InboundMedia> {
  const file = await download(ctx.deps, a.payload!.url!, { maxBytes: await downloadLimit(ctx.deps) });
  const fromUrl = new URL(a.payload!.url!).pathname.split("/").pop() ?? "";
  const filename = /\.[A-Za-z0-9]{2,5}$/.test(fromUrl)
    ? fromUrl
    : `${a.type}-${mid.replace(/[^A-Za-z0-9]/g, "").slice(-16)}.${getExtension(file.mimetype) ?? "bin"}`;
  return { data: file.data, mimetype: file.mimetype, filename };
}

async function onMessage(ctx: Ctx, ev: MsgrEvent, m: MsgrMessage, appId: string): Promise<void> {
  if (!m.mid) return;
  if (m.is_deleted) return await receiveRevoke(ctx.deps, ctx.conn, m.mid);
  // Our own sends come back as echoes: already stored by sendOnTicket.
  if (m.is_echo && appId && String(m.app_id) === appId) return;
  const customer = m.is_echo ? ev.recipient?.id : ev.sender?.id;
  if (!customer) return;
  const name = await profileName(ctx, customer);
  const atts = m.attachments ?? [];
  const parts: { id: string; body: string; attachment?: Attachment }[] = atts.length
    ? atts.map((a, i) => ({
      id: i === 0 ? m.mid! : `${m.mid}:${i}`,
      body: i === 0 ? m.text ?? "" : "",
      attachment: a,
    }))
    : [{ id: m.mid, body: m.text ?? "" }];
  for (const p of parts) {
    if (await alreadyStored(ctx, p.id)) continue;
    const a = p.attachment;
    const isFile = !!a && FILE_TYPES.has(a.type ?? "") && !!a.payload?.url;
    const media = isFile ? await tryMedia(ctx, () => fetchAttachment(ctx, a!, p.id)) : undefined;
    // Locations, shares and story mentions arrive as links: keep the link as the text.
    const body = p.body || (a && !media ? [a.payload?.title, a.payload?.url].filter(Boolean).join("\n") : "");
    if (!body && !media) continue;
    await receiveInbound(ctx.deps, {
      connection: ctx.conn,
      externalId: p.id,
      from: { number: customer, name },
      fromMe: !!m.is_echo,
      body,
      media,
      mediaType: media ? undefined : a?.type === "location" ? "locationMessage" : undefined,
      quotedExternalId: m.reply_to?.mid,
      timestamp: clampTime(ctx.deps, ev.timestamp),
    });
  }
}

/** Messenger read receipts: every message of ours to this customer up to the watermark is read. */
async function readUpTo(ctx: Ctx, customer: string, watermark: number): Promise<void> {
  const { deps, conn } = ctx;
  const contact = await findContactByNumber(deps.db, conn.companyId, customer);
  if (!contact) return;
  const rows = await deps.db.select({ id: messages.id }).from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(
      eq(messages.companyId, conn.companyId),
      eq(tickets.contactId, contact.id),
      eq(tickets.whatsappId, conn.id),
      eq(messages.fromMe, true),
      lt(messages.ack, 3),
      lte(messages.createdAt, new Date(watermark).toISOString()),
    )).limit(500);
  for (const r of rows) await setAck(deps, conn.companyId, r.id, 3);
}

export async function handleMessengerEvent(ctx: Ctx, raw: Record<string, unknown>, appId: string) {
  const ev = raw as MsgrEvent;
  const customer = ev.sender?.id;
  if (ev.message) return await onMessage(ctx, ev, ev.message, appId);
  if (ev.message_edit?.mid) return await editOf(ctx, ev.message_edit.mid, ev.message_edit.text ?? "");
  if (ev.delivery) {
    for (const mid of ev.delivery.mids ?? []) await ackOf(ctx, mid, 2);
    return;
  }
  if (ev.read) {
    if (ev.read.mid) return await ackOf(ctx, ev.read.mid, 3);
    if (customer && ev.read.watermark) return await readUpTo(ctx, customer, ev.read.watermark);
    return;
  }
  if (ev.reaction?.mid && ev.reaction.action === "react" && ev.reaction.emoji && customer) {
    const id = `${ev.reaction.mid}:reaction:${customer}:${ev.timestamp ?? 0}`;
    if (await alreadyStored(ctx, id)) return;
    await receiveInbound(ctx.deps, {
      connection: ctx.conn,
      externalId: id,
      from: { number: customer },
      fromMe: false,
      body: ev.reaction.emoji,
      mediaType: "reactionMessage",
      quotedExternalId: ev.reaction.mid,
      timestamp: clampTime(ctx.deps, ev.timestamp),
    });
  }
}
