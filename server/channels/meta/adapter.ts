/**
 * The Graph channels: `whatsappapi` (WhatsApp Cloud API), `facebook` (Messenger) and `instagram`
 * (Messenger API for Instagram). One implementation, three registered kinds.
 *  - connect: checks the stored token against the phone number / Page / Instagram account and
 *    sets CONNECTED (with the display number for Cloud API) or DISCONNECTED;
 *  - send: Cloud API `POST {cloudApi}/vXX/{phone-number-id}/messages` (media uploaded first to
 *    `/{phone-number-id}/media` and sent by id); Messenger `POST {graph}/vXX/me/messages` with the
 *    Page token (media as `filedata` multipart); Instagram the same endpoint with the media as a
 *    signed link to our media route (Instagram does not take `filedata`), so PUBLIC_URL must be
 *    reachable by Meta;
 *  - assertCanSend: the 24-hour customer-service window (window.ts);
 *  - fetchMedia: inbound media the webhook's download missed, fetched again by the media job.
 * Inbound traffic arrives through the signed webhook (routes.ts → inbound.ts).
 */
import { cloudContact, isVCard, parseVCards } from "../vcard.ts";
import type { ChannelKind } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ChannelAdapter, OutboundMessage, SendResult } from "../adapter.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { setConnectionStatus } from "../../connections/status.ts";
import { AppError } from "../../lib/errors.ts";
import { accessToken, graphCall, graphUrl } from "./graph.ts";
import { assertWithinWindow } from "./window.ts";
import { isBsuid } from "./cloud_content.ts";
import { cloudInteractive } from "../../messages/rich.ts";
import { messengerMenu } from "../../messages/menu.ts";
import { type CloudMediaSource, fetchCloudMedia } from "./inbound_cloud.ts";
import { type AttachmentSource, fetchAttachment } from "./inbound_messenger.ts";

export type MetaKind = Extract<ChannelKind, "whatsappapi" | "facebook" | "instagram">;

const need = (v: string | null | undefined, what: string): string => {
  if (!v) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { message: `connection has no ${what}` });
  return v;
};

/** Cloud API media kind for a MIME type (image: jpeg/png; video: mp4/3gpp; else document). */
export function cloudKind(mimetype: string): "image" | "video" | "audio" | "sticker" | "document" {
  if (/^image\/(jpeg|png)$/.test(mimetype)) return "image";
  if (mimetype === "image/webp") return "sticker";
  if (/^video\/(mp4|3gpp)$/.test(mimetype)) return "video";
  if (mimetype.startsWith("audio/")) return "audio";
  return "document";
}

/** Messenger / Instagram attachment type for a MIME type. */
export const messengerKind = (mimetype: string): "image" | "video" | "audio" | "file" =>
  mimetype.startsWith("image/")
    ? "image"
    : mimetype.startsWith("video/")
    ? "video"
    : mimetype.startsWith("audio/")
    ? "audio"
    : "file";

async function mediaFile(deps: Deps, media: NonNullable<OutboundMessage["media"]>): Promise<File> {
  const data = await deps.media.read(media.path);
  return new File([data], media.filename, { type: media.mimetype });
}

async function sendCloud(deps: Deps, msg: OutboundMessage): Promise<SendResult> {
  const conn = msg.connection;
  const phoneId = need(conn.metaPhoneNumberId, "metaPhoneNumberId");
  const token = await accessToken(deps, conn);
  // A group by its id; a customer known only by a business-scoped user id through `recipient`.
  const address = msg.to.isGroup
    ? { recipient_type: "group", to: msg.to.number }
    : isBsuid(msg.to.number)
    ? { recipient_type: "individual", recipient: msg.to.number }
    : { recipient_type: "individual", to: msg.to.number };
  const base = {
    messaging_product: "whatsapp",
    ...address,
    ...(msg.quotedExternalId ? { context: { message_id: msg.quotedExternalId } } : {}),
  };
  const post = async (payload: Record<string, unknown>) => {
    const r = await graphCall<{ messages?: { id: string }[] }>(
      deps,
      graphUrl(deps, "cloudApi", `${phoneId}/messages`),
      { token, json: { ...base, ...payload } },
    );
    const id = r.messages?.[0]?.id;
    if (!id) throw new AppError("ERR_SENDING_WAPP_MSG", { details: { message: "no message id in answer" } });
    return id;
  };
  const interactive = !msg.media && msg.rich ? cloudInteractive(msg.rich) : null;
  if (interactive) return { externalId: await post({ type: "interactive", interactive }), ack: 1 };
  // A shared contact (the composer's contact picker) as WhatsApp's own contact card, not its source text.
  const cards = !msg.media && isVCard(msg.body) ? parseVCards(msg.body) : [];
  if (cards.length) {
    return { externalId: await post({ type: "contacts", contacts: cards.map(cloudContact) }), ack: 1 };
  }
  if (!msg.media) {
    return { externalId: await post({ type: "text", text: { preview_url: false, body: msg.body } }), ack: 1 };
  }

  const form = new FormData();
  form.set("messaging_product", "whatsapp");
  form.set("type", msg.media.mimetype);
  form.set("file", await mediaFile(deps, msg.media));
  const up = await graphCall<{ id: string }>(deps, graphUrl(deps, "cloudApi", `${phoneId}/media`), {
    token,
    form,
  });
  const kind = cloudKind(msg.media.mimetype);
  const object: Record<string, string> = { id: up.id };
  const captioned = kind === "image" || kind === "video" || kind === "document";
  if (captioned && msg.body) object.caption = msg.body;
  if (kind === "document") object.filename = msg.media.filename;
  const externalId = await post({ type: kind, [kind]: object });
  if (!captioned && msg.body) await post({ type: "text", text: { preview_url: false, body: msg.body } });
  return { externalId, ack: 1 };
}

async function sendMessenger(deps: Deps, msg: OutboundMessage, kind: MetaKind): Promise<SendResult> {
  const token = await accessToken(deps, msg.connection);
  const url = graphUrl(deps, "graph", "me/messages");
  const recipient = { id: msg.to.number };
  const text = async () => {
    const r = await graphCall<{ message_id?: string }>(deps, url, {
      token,
      json: { recipient, messaging_type: "RESPONSE", message: { text: msg.body } },
    });
    return need(r.message_id, "message_id in the answer");
  };
  // A bot's menu as quick replies; the tap comes back with the option's id as its payload.
  const menu = !msg.media && msg.rich?.kind === "menu" ? messengerMenu(msg.rich.data) : null;
  if (menu) {
    const r = await graphCall<{ message_id?: string }>(deps, url, {
      token,
      json: { recipient, messaging_type: "RESPONSE", message: menu },
    });
    return { externalId: need(r.message_id, "message_id in the answer"), ack: 1 };
  }
  if (!msg.media) return { externalId: await text(), ack: 1 };

  const type = messengerKind(msg.media.mimetype);
  let r: { message_id?: string };
  if (kind === "facebook") {
    const form = new FormData();
    form.set("recipient", JSON.stringify(recipient));
    form.set("messaging_type", "RESPONSE");
    form.set("message", JSON.stringify({ attachment: { type, payload: { is_reusable: false } } }));
    form.set("filedata", await mediaFile(deps, msg.media));
    r = await graphCall(deps, url, { token, form });
  } else {
    const link = deps.config.publicUrl + await deps.media.signedUrl(msg.media.path, 24 * 3600);
    r = await graphCall(deps, url, {
      token,
      json: {
        recipient,
        messaging_type: "RESPONSE",
        message: { attachment: { type, payload: { url: link } } },
      },
    });
  }
  const externalId = need(r.message_id, "message_id in the answer");
  // Messenger attachments carry no caption: the text follows as its own message.
  if (msg.body) await text();
  return { externalId, ack: 1 };
}

/** Checks the token against the line it names; returns the display number for Cloud API. */
async function probe(deps: Deps, conn: ConnectionRow, kind: MetaKind): Promise<string | undefined> {
  const token = await accessToken(deps, conn);
  if (kind === "whatsappapi") {
    const id = need(conn.metaPhoneNumberId, "metaPhoneNumberId");
    const info = await graphCall<{ display_phone_number?: string }>(
      deps,
      graphUrl(deps, "cloudApi", `${id}?fields=display_phone_number,verified_name`),
      { token },
    );
    return info.display_phone_number?.replace(/\D/g, "") || undefined;
  }
  const id = kind === "facebook"
    ? need(conn.facebookPageUserId, "facebookPageUserId")
    : need(conn.instagramUserId, "instagramUserId");
  await graphCall(deps, graphUrl(deps, "graph", `${id}?fields=id,name`), { token });
  return undefined;
}

function metaAdapter(kind: MetaKind): ChannelAdapter {
  return {
    kind,
    async connect(deps, conn) {
      try {
        const number = await probe(deps, conn, kind);
        await setConnectionStatus(deps, conn, "CONNECTED", number ? { number } : {});
      } catch (err) {
        console.warn(`[meta] connection ${conn.id} (${kind}) could not connect:`, (err as Error).message);
        await setConnectionStatus(deps, conn, "DISCONNECTED");
      }
    },
    async disconnect(deps, conn) {
      await setConnectionStatus(deps, conn, "DISCONNECTED");
    },
    async assertCanSend(deps, conn, contact) {
      await assertWithinWindow(deps, conn, contact.id);
    },
    send: (deps, msg) => kind === "whatsappapi" ? sendCloud(deps, msg) : sendMessenger(deps, msg, kind),
    // Media an arrival left pending: a Cloud API media id, or a Messenger/Instagram CDN link.
    fetchMedia: (deps, conn, source) =>
      kind === "whatsappapi"
        ? fetchCloudMedia({ deps, conn }, source as CloudMediaSource)
        : fetchAttachment({ deps }, source as AttachmentSource),
  };
}

export const whatsappApiAdapter = metaAdapter("whatsappapi");
export const facebookAdapter = metaAdapter("facebook");
export const instagramAdapter = metaAdapter("instagram");
