/**
 * What a WhatsApp Cloud API message says, as the inbox stores it: text, media to fetch,
 * locations, contact cards, button and list answers, WhatsApp Flow answers (`nfm_reply`),
 * catalogue orders and reactions. Types nobody can act on are refused with the reason, which the
 * caller logs.
 */
import { locationBody } from "../location.ts";

export type WaMedia = { id: string; mime_type?: string; caption?: string; filename?: string };
export type WaMessage = {
  from: string;
  from_user_id?: string;
  group_id?: string;
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
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string };
    nfm_reply?: { name?: string; body?: string; response_json?: string };
  };
  button?: { text?: string; payload?: string };
  reaction?: { message_id?: string; emoji?: string };
  order?: {
    catalog_id?: string;
    text?: string;
    product_items?: {
      product_retailer_id?: string;
      quantity?: number;
      item_price?: number;
      currency?: string;
    }[];
  };
  unsupported?: { type?: string };
  errors?: { code?: number; title?: string; message?: string }[];
  edit?: { original_message_id?: string; message?: WaMessage };
  revoke?: { original_message_id?: string };
};

export type Described =
  | { kind: "message"; body: string; mediaType?: string; media?: WaMedia; choice?: string }
  | { kind: "unreaction"; messageId: string }
  | { kind: "ignored"; reason: string };

/** A business-scoped user id: two-letter country, a dot, Meta's id (`US.13491208655302741918`). */
export const isBsuid = (s: string | undefined | null): s is string =>
  !!s && /^[A-Z]{2}\.[A-Za-z0-9.]+$/.test(s);

const MEDIA = ["image", "video", "audio", "document", "sticker"] as const;

/** A shared contact as a vCard, the body our inbox shows for contact cards. */
function vcard(c: NonNullable<WaMessage["contacts"]>[number]): string {
  const name = c.name?.formatted_name ?? "";
  const tels = (c.phones ?? []).map((p) =>
    `TEL;type=CELL;waid=${p.wa_id ?? (p.phone ?? "").replace(/\D/g, "")}:${p.phone ?? ""}`
  );
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${name};;;`, `FN:${name}`, ...tels, "END:VCARD"].join("\n");
}

const money = (n: number, currency = "") => `${Number.isInteger(n) ? n : n.toFixed(2)} ${currency}`.trim();

/** A catalogue order as text the attendant can read and answer: one line per product, the total. */
function orderText(o: NonNullable<WaMessage["order"]>): string {
  const items = o.product_items ?? [];
  const currency = items[0]?.currency ?? "";
  const total = items.reduce((s, i) => s + (i.item_price ?? 0) * (i.quantity ?? 1), 0);
  return [
    "🛒 Pedido do catálogo",
    ...items.map((i) =>
      `${i.quantity ?? 1} × ${i.product_retailer_id ?? "?"} — ${money(i.item_price ?? 0, i.currency)}`
    ),
    `Total: ${money(total, currency)}`,
    o.text ?? "",
  ].filter(Boolean).join("\n");
}

/** A WhatsApp Flow's answer: the fields the customer filled in, one per line (the token is ours). */
function flowText(r: NonNullable<NonNullable<WaMessage["interactive"]>["nfm_reply"]>): string {
  let fields: Record<string, unknown> = {};
  try {
    fields = JSON.parse(r.response_json ?? "{}") ?? {};
  } catch { /* an unreadable answer still shows its title */ }
  const lines = Object.entries(fields).filter(([k]) => k !== "flow_token")
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
  return [r.body || "Formulário respondido", ...lines].join("\n");
}

export function describeCloud(m: WaMessage): Described {
  const kind = MEDIA.find((k) => k === m.type);
  if (kind && m[kind]) {
    return { kind: "message", body: m[kind]!.caption ?? "", media: m[kind], mediaType: kind };
  }
  switch (m.type) {
    case "text":
      return { kind: "message", body: m.text?.body ?? "" };
    case "location": {
      const l = m.location!;
      const place = [l.name, l.address].filter(Boolean).join(" - ");
      return {
        kind: "message",
        body: locationBody(l.latitude, l.longitude, place),
        mediaType: "locationMessage",
      };
    }
    case "contacts":
      return { kind: "message", body: (m.contacts ?? []).map(vcard).join("\n"), mediaType: "contactMessage" };
    case "interactive": {
      const i = m.interactive ?? {};
      if (i.nfm_reply) return { kind: "message", body: flowText(i.nfm_reply) };
      const reply = i.button_reply ?? i.list_reply;
      return { kind: "message", body: reply?.title ?? "", choice: reply?.id || undefined };
    }
    case "button":
      return {
        kind: "message",
        body: m.button?.text ?? m.button?.payload ?? "",
        choice: m.button?.payload || undefined,
      };
    case "order":
      return m.order
        ? { kind: "message", body: orderText(m.order) }
        : { kind: "ignored", reason: "empty order" };
    case "reaction":
      if (!m.reaction?.message_id) return { kind: "ignored", reason: "reaction without a message" };
      return m.reaction.emoji
        ? { kind: "message", body: m.reaction.emoji, mediaType: "reactionMessage" }
        : { kind: "unreaction", messageId: m.reaction.message_id };
    case "unsupported": {
      const e = m.errors?.[0];
      return {
        kind: "ignored",
        reason: `unsupported ${m.unsupported?.type ?? ""} (${e?.code ?? ""} ${e?.title ?? ""})`,
      };
    }
    default:
      // system (number changed), request_welcome…: nothing an attendant can answer.
      return { kind: "ignored", reason: `type ${m.type}` };
  }
}
