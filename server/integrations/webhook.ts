/**
 * n8n and generic webhooks: each customer message is POSTed as JSON to the integration's urlN8N
 * (through the SSRF guard) with the ticket and contact; the answer is applied:
 *
 *   { "reply": "text" } | { "replies": ["a", "b"] } | { "output": "text" } (n8n's AI agent)
 *   + optional "handover": true | { "queueId": 3 }, or "close": true.
 *
 * An array answer (n8n returns one item per output) is read item by item; a plain-text answer is
 * one reply; an empty answer says nothing (fire and forget, as the reference does). Each delivery
 * carries `Idempotency-Key: atende-<ticket>-<message>` so a retried call can be recognised.
 */
import type { IntegrationRow } from "./service.ts";
import { type Outcome, postJson, ProviderError, type Reply, type Turn } from "./provider.ts";
import { contactOf } from "./contact.ts";

type Answer = {
  reply?: unknown;
  replies?: unknown;
  output?: unknown;
  text?: unknown;
  handover?: unknown;
  queueId?: unknown;
  close?: unknown;
};

const str = (v: unknown) => typeof v === "string" ? v : "";

export function applyAnswer(raw: unknown, name: string): Outcome {
  const out: Outcome = { replies: [] };
  const items = Array.isArray(raw) ? raw : [raw];
  for (const item of items) {
    if (typeof item === "string") {
      if (item.trim()) out.replies.push({ text: item });
      continue;
    }
    if (!item || typeof item !== "object") continue;
    const a = item as Answer;
    const texts: unknown[] = Array.isArray(a.replies) ? a.replies : [a.reply ?? a.output ?? a.text];
    for (const t of texts) if (str(t).trim()) out.replies.push({ text: str(t) } satisfies Reply);
    if (a.close === true) out.close = true;
    if (a.handover === true || (a.handover && typeof a.handover === "object")) {
      const q = Number((a.handover as { queueId?: unknown }).queueId ?? a.queueId);
      out.handover = { queueId: Number.isSafeInteger(q) && q > 0 ? q : null, reason: `${name}: transfer` };
    }
  }
  return out;
}

export async function webhookTurn(turn: Turn, i: IntegrationRow): Promise<Outcome> {
  const { deps, ticket, message, text } = turn;
  const url = i.urlN8N?.trim();
  if (!url) throw new ProviderError(i.type, "the integration has no URL");
  const contact = await contactOf(deps, ticket);
  const answer = await postJson(deps, i.type === "n8n" ? "n8n" : "Webhook", url, {
    event: turn.start ? "start" : "message",
    companyId: ticket.companyId,
    integration: { id: i.id, name: i.name, type: i.type },
    ticket: {
      id: ticket.id,
      uuid: ticket.uuid,
      status: ticket.status,
      queueId: ticket.queueId,
      channel: ticket.channel,
    },
    contact: contact
      ? { id: contact.id, name: contact.name, number: contact.number, email: contact.email }
      : null,
    message: message
      ? {
        id: message.id,
        body: text,
        mediaType: message.mediaType,
        fromMe: false,
        createdAt: message.createdAt,
      }
      : { id: null, body: text, mediaType: "chat", fromMe: false },
  }, { "idempotency-key": `atende-${ticket.id}-${message?.id ?? "start"}` });
  return applyAnswer(answer, `${i.type} «${i.name}»`);
}
