/**
 * WhatsApp Cloud API webhook values (`field: "messages"`): customer messages of every type
 * (cloud_content.ts), edits and revokes, reactions and their removal, group messages
 * (`group_id`: the group is the ticket's contact), senders known only by their business-scoped
 * user id (BSUID, `US.…`: a contact can exist by it without a phone number), and statuses of ours
 * (sent 1, delivered 2, read 3, played 5; `failed` writes the provider's reason on the message).
 * Media is fetched with the connection's token: `GET /{media-id}` gives a short-lived URL,
 * downloaded with the same token — never inside a transaction.
 */
import { getExtension } from "hono/utils/mime";
import type { InboundMedia, InboundMessage } from "../adapter.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { receiveFailure, receiveRevoke, receiveUnreaction } from "../../inbox/updates.ts";
import { promoteIdentityContact } from "../../inbox/contacts.ts";
import { download, downloadLimit, fetchOrPending, mediaTypeOf } from "../download.ts";
import { accessToken, graphCall, graphUrl } from "./graph.ts";
import { describeCloud, isBsuid, type WaMedia, type WaMessage } from "./cloud_content.ts";
import { ackOf, alreadyStored, clampTime, type Ctx, editOf, isNotFound } from "./inbound_shared.ts";

type WaContact = { wa_id?: string; user_id?: string; profile?: { name?: string; username?: string } };
type WaStatus = {
  id: string;
  status: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
};

const ACKS: Record<string, number> = { sent: 1, delivered: 2, read: 3, played: 5 };

/** What the media job needs to fetch a Cloud API media id again (meta/adapter.ts fetchMedia). */
export type CloudMediaSource = { media: WaMedia; type: string; wid: string };

/** `GET /{media-id}` for the short-lived URL, then the bytes, both with the connection's token. */
export async function fetchCloudMedia(
  ctx: Pick<Ctx, "deps" | "conn">,
  { media, type, wid: id }: CloudMediaSource,
): Promise<InboundMedia> {
  const { deps, conn } = ctx;
  const token = await accessToken(deps, conn);
  const info = await graphCall<{ url: string; mime_type?: string }>(
    deps,
    graphUrl(deps, "cloudApi", encodeURIComponent(media.id)),
    { token },
    "ERR_WAPP_DOWNLOAD_MEDIA",
  );
  // The token goes only to Meta's own https hosts (or the configured provider origin in tests).
  const origin = new URL(deps.config.providers.cloudApi).origin;
  const url = new URL(info.url);
  const file = await download(deps, info.url, {
    token: url.protocol === "https:" || url.origin === origin ? token : undefined,
    maxBytes: await downloadLimit(deps),
  });
  const mimetype = (media.mime_type ?? info.mime_type ?? file.mimetype).split(";")[0].trim();
  const filename = media.filename ??
    `${type}-${id.replace(/[^A-Za-z0-9]/g, "").slice(-16)}.${getExtension(mimetype) ?? "bin"}`;
  return { data: file.data, mimetype, filename };
}

/**
 * Who wrote: the phone number when Meta gives one (digits in `from`), else the BSUID, which is
 * then the contact's address. The BSUID is kept as the contact's `lid`, so a later message that
 * carries the phone number finds the same contact and gives it the number.
 */
function senderOf(m: WaMessage, contacts: WaContact[]): InboundMessage["from"] | null {
  const phone = /^\d+$/.test(m.from ?? "") ? m.from : undefined;
  const card =
    contacts.find((c) => (phone && c.wa_id === phone) || (c.user_id && c.user_id === m.from_user_id)) ??
      (contacts.length === 1 ? contacts[0] : undefined);
  const bsuid = [m.from_user_id, m.from, card?.user_id].find(isBsuid);
  const number = phone ?? bsuid;
  if (!number) return null;
  const name = card?.profile?.name || card?.profile?.username || undefined;
  return { number, name, lid: bsuid };
}

async function cloudMessage(ctx: Ctx, m: WaMessage, contacts: WaContact[]): Promise<void> {
  const log = (why: string) => console.info(`[meta] cloud message ${m.id} on ${ctx.conn.id} ignored: ${why}`);
  if (m.type === "edit" && m.edit?.original_message_id && m.edit.message) {
    const inner = describeCloud(m.edit.message);
    if (inner.kind === "message") await editOf(ctx, m.edit.original_message_id, inner.body);
    return;
  }
  if (m.type === "revoke" && m.revoke?.original_message_id) {
    await receiveRevoke(ctx.deps, ctx.conn, m.revoke.original_message_id);
    return;
  }
  const from = senderOf(m, contacts);
  if (!from) return log("no sender id");
  if (m.group_id && !ctx.conn.allowGroup) return log("group messages are off on this connection");
  const d = describeCloud(m);
  if (d.kind === "ignored") return log(d.reason);
  if (d.kind === "unreaction") {
    return await receiveUnreaction(ctx.deps, ctx.conn, d.messageId, from.number);
  }
  if ((!d.body && !d.media) || await alreadyStored(ctx, m.id)) return;
  if (from.lid) await promoteIdentityContact(ctx.deps, ctx.conn.companyId, from.lid, from.number, from.lid);
  // A new reaction replaces the sender's earlier one on the same message.
  if (d.mediaType === "reactionMessage") {
    await receiveUnreaction(ctx.deps, ctx.conn, m.reaction!.message_id!, from.number);
  }
  // Cloud API media has no public link: it is fetched with the connection's token.
  const source: CloudMediaSource | undefined = d.media
    ? { media: d.media, type: d.mediaType!, wid: m.id }
    : undefined;
  const { media, pendingMedia } = source
    ? await fetchOrPending(`[meta] cloud ${m.id} on ${ctx.conn.id}`, () => fetchCloudMedia(ctx, source), {
      mediaType: mediaTypeOf(d.media!.mime_type, d.mediaType === "sticker" ? "image" : "application"),
      source,
    })
    : {};
  await receiveInbound(ctx.deps, {
    connection: ctx.conn,
    externalId: m.id,
    from,
    group: m.group_id ? { id: m.group_id } : undefined,
    fromMe: false,
    body: d.body,
    choice: d.choice,
    mediaType: source ? undefined : d.mediaType,
    media,
    pendingMedia,
    quotedExternalId: m.type === "reaction" ? m.reaction?.message_id : m.context?.id,
    timestamp: clampTime(ctx.deps, Number(m.timestamp) * 1000),
  });
}

async function cloudStatus(ctx: Ctx, s: WaStatus): Promise<void> {
  if (s.status === "failed") {
    const e = s.errors?.[0];
    const reason = [e?.code, e?.title, e?.error_data?.details ?? e?.message].filter(Boolean)
      .filter((x, i, a) => a.indexOf(x) === i).join(" — ") || "failed";
    try {
      await receiveFailure(ctx.deps, ctx.conn, s.id, reason);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      console.warn(`[meta] failure of unknown message ${s.id} on ${ctx.conn.id}: ${reason}`);
    }
    return;
  }
  if (ACKS[s.status]) await ackOf(ctx, s.id, ACKS[s.status]);
}

export async function handleCloudChange(ctx: Ctx, value: Record<string, unknown>): Promise<void> {
  const contacts = (value.contacts ?? []) as WaContact[];
  for (const m of (value.messages ?? []) as WaMessage[]) {
    if (m?.id && (m.from || m.from_user_id)) await cloudMessage(ctx, m, contacts);
  }
  for (const s of (value.statuses ?? []) as WaStatus[]) {
    if (s?.id) await cloudStatus(ctx, s);
  }
}
