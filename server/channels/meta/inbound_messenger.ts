/**
 * Messenger and Instagram webhook events (`entry[].messaging[]`): customer messages with their
 * attachments (CDN URLs, fetched without our token), echoes of messages the Page sent from
 * elsewhere (those our app sent are skipped by app id), edits, deletions, reactions and their
 * removal, postbacks (buttons, "Get Started", Instagram ice breakers), locations by coordinates,
 * story mentions and shared reels (kept as media), deliveries (ack 2) and reads (ack 3; Messenger
 * reports a watermark, Instagram a message id).
 */
import { and, eq, lt, lte } from "drizzle-orm";
import { getExtension } from "hono/utils/mime";
import { messages, tickets } from "@db/schema.ts";
import type { InboundMedia } from "../adapter.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { receiveRevoke, receiveUnreaction } from "../../inbox/updates.ts";
import { findContactByNumber } from "../../contacts/repo.ts";
import { setAck } from "../../messages/delivery.ts";
import { download, downloadLimit, fetchOrPending, publicLink } from "../download.ts";
import { accessToken, graphCall, graphUrl } from "./graph.ts";
import { ackOf, alreadyStored, clampTime, type Ctx, editOf } from "./inbound_shared.ts";
import { locationBody } from "../location.ts";

type Attachment = {
  type?: string;
  title?: string;
  payload?: {
    url?: string;
    title?: string;
    coordinates?: { lat?: number; long?: number };
    reel_video_id?: string | number;
  } | null;
};
type MsgrMessage = {
  mid?: string;
  text?: string;
  is_echo?: boolean;
  is_deleted?: boolean;
  app_id?: number | string;
  attachments?: Attachment[];
  reply_to?: { mid?: string };
  /** A tapped quick reply: the text is its title, the payload the id we gave it. */
  quick_reply?: { payload?: string };
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
  postback?: { mid?: string; title?: string; payload?: string };
};

/**
 * Attachments fetched as files. A story mention is the customer's story (image or video) and a
 * shared reel its video: both are kept as media, with a line saying what they are, not as links
 * that expire with Instagram's CDN.
 */
const FILE_TYPES = new Set(["image", "video", "audio", "file", "story_mention", "ig_reel", "reel"]);
const CAPTIONS: Record<string, string> = {
  story_mention: "📣 Mencionou você no story",
  ig_reel: "🎬 Reel compartilhado",
  reel: "🎬 Reel compartilhado",
};

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

/** What the media job needs to fetch an attachment again (meta/adapter.ts fetchMedia). */
export type AttachmentSource = { url: string; type: string; mid: string };

/** A CDN attachment, fetched without our token. */
export async function fetchAttachment(ctx: Pick<Ctx, "deps">, s: AttachmentSource): Promise<InboundMedia> {
  const file = await download(ctx.deps, s.url, { maxBytes: await downloadLimit(ctx.deps) });
  const fromUrl = new URL(s.url).pathname.split("/").pop() ?? "";
  const filename = /\.[A-Za-z0-9]{2,5}$/.test(fromUrl)
    ? fromUrl
    : `${s.type}-${s.mid.replace(/[^A-Za-z0-9]/g, "").slice(-16)}.${getExtension(file.mimetype) ?? "bin"}`;
  return { data: file.data, mimetype: file.mimetype, filename };
}

/** What an attachment is until its bytes say: reels are videos, story mentions most often images. */
const PENDING_TYPE: Record<string, string> = {
  image: "image",
  video: "video",
  audio: "audio",
  file: "application",
  story_mention: "image",
  ig_reel: "video",
  reel: "video",
};

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
    const source: AttachmentSource | undefined = isFile
      ? { url: a!.payload!.url!, type: a!.type!, mid: p.id }
      : undefined;
    const { media, pendingMedia } = source
      ? await fetchOrPending(`[meta] ${p.id} on ${ctx.conn.id}`, () => fetchAttachment(ctx, source), {
        mediaType: PENDING_TYPE[source.type] ?? "application",
        source,
        link: publicLink(source.url),
      })
      : {};
    const caption = a?.type ? CAPTIONS[a.type] : undefined;
    const coords = a?.type === "location" ? a.payload?.coordinates : undefined;
    const body = coords
      ? locationBody(coords.lat ?? 0, coords.long ?? 0, a?.title ?? a?.payload?.title)
      : [caption, a?.payload?.title && caption ? a.payload.title : "", p.body].filter(Boolean).join("\n") ||
        // Other shares (posts, links) arrive as links: keep the link as the text.
        (a && !isFile ? [a.payload?.title ?? a.title, a.payload?.url].filter(Boolean).join("\n") : "");
    if (!body && !media && !pendingMedia) continue;
    await receiveInbound(ctx.deps, {
      connection: ctx.conn,
      externalId: p.id,
      from: { number: customer, name },
      fromMe: !!m.is_echo,
      body,
      media,
      pendingMedia,
      mediaType: coords ? "locationMessage" : undefined,
      quotedExternalId: m.reply_to?.mid,
      choice: p.attachment ? undefined : m.quick_reply?.payload || undefined,
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
  if (ev.reaction?.mid && customer) return await onReaction(ctx, ev, customer);
  if (ev.postback && customer) return await onPostback(ctx, ev, customer);
}

/** A reaction replaces the customer's earlier one on that message; `unreact` only removes it. */
async function onReaction(ctx: Ctx, ev: MsgrEvent, customer: string) {
  const r = ev.reaction!;
  const id = `${r.mid}:reaction:${customer}:${ev.timestamp ?? 0}`;
  const react = r.action === "react" && !!r.emoji;
  if (react && await alreadyStored(ctx, id)) return;
  await receiveUnreaction(ctx.deps, ctx.conn, r.mid!, customer);
  if (!react || !r.emoji) return;
  await receiveInbound(ctx.deps, {
    connection: ctx.conn,
    externalId: id,
    from: { number: customer },
    fromMe: false,
    body: r.emoji,
    mediaType: "reactionMessage",
    quotedExternalId: r.mid,
    timestamp: clampTime(ctx.deps, ev.timestamp),
  });
}

/**
 * A button tap, "Get Started" or an Instagram ice breaker: often the first thing a customer does,
 * so it is a message like any other, with the button's title as text (the payload when untitled).
 */
async function onPostback(ctx: Ctx, ev: MsgrEvent, customer: string) {
  const p = ev.postback!;
  const body = p.title || p.payload || "";
  if (!body) return;
  const id = p.mid ?? `postback:${customer}:${ev.timestamp ?? 0}`;
  if (await alreadyStored(ctx, id)) return;
  await receiveInbound(ctx.deps, {
    connection: ctx.conn,
    externalId: id,
    from: { number: customer, name: await profileName(ctx, customer) },
    fromMe: false,
    body,
    choice: p.payload || undefined,
    timestamp: clampTime(ctx.deps, ev.timestamp),
  });
}
