/**
 * WhatsApp message types beyond text, media, locations, contacts, reactions and menu answers, as
 * the inbox stores them: polls, events, interactive (native flow) answers, products and orders,
 * group invites, and business messages with buttons or lists. What carries nothing an attendant
 * can answer (pins, keep-in-chat, encrypted poll votes, event answers) is refused with a reason,
 * which the caller logs. View-once, ephemeral and edited wrappers are unwrapped before this
 * (Baileys' normalizeMessageContent).
 */
import type { WAMessageContent } from "baileys";

const money = (amount1000: unknown, currency?: string | null) => {
  const n = Number(amount1000 ?? 0) / 1000;
  return `${Number.isInteger(n) ? n : n.toFixed(2)} ${currency ?? ""}`.trim();
};

const dateOf = (seconds: unknown) => {
  const n = Number(seconds ?? 0);
  return n > 0 ? new Date(n * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "";
};

/** The text of a message type the common parser does not know, or why it is ignored. */
export function describeOther(c: WAMessageContent): string | { ignored: string } {
  const poll = c.pollCreationMessage ?? c.pollCreationMessageV2 ?? c.pollCreationMessageV3;
  if (poll) {
    return [`📊 ${poll.name ?? ""}`, ...(poll.options ?? []).map((o) => `• ${o.optionName ?? ""}`)].join(
      "\n",
    );
  }
  if (c.pollUpdateMessage) return { ignored: "poll vote (encrypted; the poll itself is in the chat)" };
  if (c.eventMessage) {
    const e = c.eventMessage;
    return [`📅 ${e.name ?? ""}`, e.description ?? "", dateOf(e.startTime), e.location?.name ?? ""]
      .filter(Boolean).join("\n");
  }
  if (c.encEventResponseMessage) return { ignored: "event answer (encrypted)" };
  const native = c.interactiveResponseMessage;
  if (native) {
    let fields: Record<string, unknown> = {};
    try {
      fields = JSON.parse(native.nativeFlowResponseMessage?.paramsJson ?? "{}") ?? {};
    } catch { /* the body text is still there */ }
    const lines = Object.entries(fields).filter(([k]) => k !== "flow_token")
      .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
    const text = native.body?.text ?? "";
    return [text, ...lines].filter(Boolean).join("\n") || native.nativeFlowResponseMessage?.name || "";
  }
  if (c.productMessage?.product) {
    const p = c.productMessage.product;
    return [
      `🛍️ ${p.title ?? ""}`,
      p.description ?? "",
      p.priceAmount1000 ? money(p.priceAmount1000, p.currencyCode) : "",
      c.productMessage.body ?? "",
    ].filter(Boolean).join("\n");
  }
  if (c.orderMessage) {
    const o = c.orderMessage;
    return [
      `🛒 Pedido: ${o.itemCount ?? 0} ${o.itemCount === 1 ? "item" : "itens"}`,
      o.orderTitle ?? "",
      o.message ?? "",
      o.totalAmount1000 ? `Total: ${money(o.totalAmount1000, o.totalCurrencyCode)}` : "",
    ].filter(Boolean).join("\n");
  }
  if (c.groupInviteMessage) {
    return [`👥 ${c.groupInviteMessage.groupName ?? ""}`, c.groupInviteMessage.caption ?? ""]
      .filter(Boolean).join("\n");
  }
  const biz = c.buttonsMessage?.contentText ?? c.listMessage?.description ??
    c.templateMessage?.hydratedTemplate?.hydratedContentText;
  if (biz) return biz;
  if (c.pinInChatMessage) return { ignored: "pin in chat" };
  if (c.keepInChatMessage) return { ignored: "keep in chat" };
  const kinds = Object.keys(c).filter((k) =>
    k !== "messageContextInfo" && k !== "senderKeyDistributionMessage"
  );
  return { ignored: kinds.length ? `type ${kinds.join(",")}` : "key distribution only" };
}
