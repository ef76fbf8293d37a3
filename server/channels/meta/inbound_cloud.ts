/**
 * WhatsApp Cloud API webhook values (`field: "messages"`): customer messages of every type,
 * edits and revokes, and statuses of ours (sent 1, delivered 2, read 3; failed is logged, acks
 * never go down). Media is fetched with the connection's token: `GET /{media-id}` gives a short-
 * lived URL, downloaded with the same token — never inside a transaction.
 */
import { getExtension } from "hono/utils/mime";
import type { InboundMedia } from "../adapter.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { receiveRevoke } from "../../inbox/updates.ts";
import { download, downloadLimit } from "../download.ts";
import { accessToken, graphCall, graphUrl } from "./graph.ts";
import { ackOf, alreadyStored, clampTime, type Ctx, editOf, tryMedia } from "./inbound_shared.ts";

type WaMedia = { id: string; mime_type?: string; caption?: string; filename?: string };
type WaMessage = {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  context?: { id?: string };
  text?: { body?: string };
  image?: WaMedia;
  video?: WaMedia;
  audio?: WaMedia;
  document?: WaMedia;
  sticker?: WaMedia;
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string }; phones?: { phone?: string; wa_id?: string }[] }[];
  interactive?: { type?: string; button_reply?: { title?: string }; list_reply?: { title?: string } };
  button?: { text?: string };
  reaction?: { message_id?: string; emoji?: string };
  edit?: { original_message_id?: string; message?: WaMessage };
  revoke?: { original_message_id?: string };
};
type WaStatus = {
  id: string;
  status: string;
  errors?: { code?: number; title?: string; message?: string }[];
};

const ACKS: Record<string, number> = { sent: 1, delivered: 2, read: 3 };
const MEDIA = ["image", "video", "audio", "document", "sticker"] as const;

/** A shared contact as a vCard, the body our inbox shows for contact cards. */
function vcard(c: NonNullable<WaMessage["contacts"]>[number]): string {
  const name = c.name?.formatted_name ?? "";
  const tels = (c.phones ?? []).map((p) =>
    `TEL;type=CELL;waid=${p.wa_id ?? (p.phone ?? "").replace(/\D/g, "")}:${p.phone ?? ""}`
  );
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${name};;;`, `FN:${name}`, ...tels, "END:VCARD"].join("\n");
}

/** Text and type of a message; `media` names a file to fetch. */
export function describeCloud(m: WaMessage): { body: string; mediaType?: string; media?: WaMedia } | null {
  const kind = MEDIA.find((k) => k === m.type);
  if (kind && m[kind]) return { body: m[kind]!.caption ?? "", media: m[kind], mediaType: kind };
  switch (m.type) {
    case "text":
      return { body: m.text?.body ?? "" };
    case "location": {
      const l = m.location!;
      const link = `https://maps.google.com/maps?q=${l.latitude}%2C${l.longitude}&z=17`;
      return { body: [l.name, l.address, link].filter(Boolean).join("\n"), mediaType: "locationMessage" };
    }
    case "contacts":
      return { body: (m.contacts ?? []).map(vcard).join("\n"), mediaType: "contactMessage" };
    case "interactive":
      return { body: m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title ?? "" };
    case "button":
      return { body: m.button?.text ?? "" };
    case "reaction":
      return m.reaction?.emoji ? { body: m.reaction.emoji, mediaType: "reactionMessage" } : null;
    default:
      return null; // unsupported, order, system…: nothing an attendant can act on
  }
}

async function fetchCloudMedia(ctx: Ctx, media: WaMedia, type: string, id: string): Promise<InboundMedia> {
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

async function cloudMessage(ctx: Ctx, m: WaMessage, names: Map<string, string>): Promise<void> {
  if (m.type === "edit" && m.edit?.original_message_id && m.edit.message) {
    const inner = describeCloud(m.edit.message);
    if (inner) await editOf(ctx, m.edit.original_message_id, inner.body);
    return;
  }
  if (m.type === "revoke" && m.revoke?.original_message_id) {
    await receiveRevoke(ctx.deps, ctx.conn, m.revoke.original_message_id);
    return;
  }
  const d = describeCloud(m);
  if (!d || (!d.body && !d.media) || await alreadyStored(ctx, m.id)) return;
  const media = d.media
    ? await tryMedia(ctx, () => fetchCloudMedia(ctx, d.media!, d.mediaType!, m.id))
    : undefined;
  await receiveInbound(ctx.deps, {
    connection: ctx.conn,
    externalId: m.id,
    from: { number: m.from.replace(/\D/g, ""), name: names.get(m.from) },
    fromMe: false,
    body: d.body,
    mediaType: media ? undefined : d.mediaType,
    media,
    quotedExternalId: m.type === "reaction" ? m.reaction?.message_id : m.context?.id,
    timestamp: clampTime(ctx.deps, Number(m.timestamp) * 1000),
  });
}

export async function handleCloudChange(ctx: Ctx, value: Record<string, unknown>): Promise<void> {
  const contacts = (value.contacts ?? []) as { wa_id?: string; profile?: { name?: string } }[];
  const names = new Map(contacts.filter((c) => c.wa_id).map((c) => [c.wa_id!, c.profile?.name ?? ""]));
  for (const m of (value.messages ?? []) as WaMessage[]) {
    if (m?.id && m.from) await cloudMessage(ctx, m, names);
  }
  for (const s of (value.statuses ?? []) as WaStatus[]) {
    if (!s?.id) continue;
    if (s.status === "failed") {
      const e = s.errors?.[0];
      console.warn(
        `[meta] message ${s.id} failed on connection ${ctx.conn.id}: ${e?.code} ${e?.title ?? ""}`,
      );
      continue;
    }
    if (ACKS[s.status]) await ackOf(ctx, s.id, ACKS[s.status]);
  }
}
