/**
 * What the provider is told, and nothing more: the conversation's text (media only as a marker or
 * its transcription/caption, never the file), the queue's greeting and the company's quick replies
 * and help texts as knowledge. With LGPD number hiding on, every phone-like number is masked
 * before it leaves — the contact's own number and any run of 8+ digits in a message — so a number
 * hidden from attendants never reaches the provider. The contact's number is never sent at all.
 */
import { and, desc, eq } from "drizzle-orm";
import { contacts, messages, queues } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { maskNumber } from "../lib/lgpd.ts";
import { listUsable } from "../quick_messages/service.ts";
import { listAllHelps } from "../helps/service.ts";
import type { TicketRow } from "../tickets/repo.ts";
import type { ChatMessage } from "./client.ts";
import type { AiLang, RewriteStyle } from "@contract/ai_assist.ts";

/** How much of the conversation goes along (the newest messages). */
export const HISTORY_MESSAGES = 40;
const KNOWLEDGE_CHARS = 6_000;

export const LANG_NAMES: Record<AiLang, string> = {
  pt: "Portuguese (Brazil)",
  es: "Spanish",
  en: "English",
  tr: "Turkish",
};

/** Masks phone-like numbers (8+ digits, separators allowed) and the given numbers. */
export function maskNumbers(text: string, known: string[] = []): string {
  let out = text;
  for (const n of known) {
    const digits = n.replace(/\D/g, "");
    if (digits.length >= 4) out = out.split(digits).join(maskNumber(digits));
  }
  return out.replace(/\+?\d[\d\s().-]{6,}\d/g, (m) => {
    const digits = m.replace(/\D/g, "");
    return digits.length >= 8 ? maskNumber(digits) : m;
  });
}

export type Conversation = {
  transcript: string;
  contactName: string;
  queueName: string | null;
  greeting: string | null;
  mask: (text: string) => string;
};

/** The ticket's conversation as text lines, oldest first, masked where LGPD says so. */
export async function conversation(
  deps: Deps,
  actor: Pick<Actor, "companyId">,
  ticket: TicketRow,
): Promise<Conversation> {
  const [contact] = await deps.db.select({ name: contacts.name, number: contacts.number }).from(contacts)
    .where(and(eq(contacts.companyId, actor.companyId), eq(contacts.id, ticket.contactId))).limit(1);
  const hide = (await deps.caches.settings.get(actor.companyId, "lgpdHideNumber")) === "enabled";
  const number = contact?.number ?? "";
  const mask = (t: string) => hide ? maskNumbers(t, [number]) : t.split(number || "\0").join("[number]");
  const rows = await deps.db.select({
    body: messages.body,
    fromMe: messages.fromMe,
    mediaType: messages.mediaType,
    mediaName: messages.mediaName,
  }).from(messages).where(and(
    eq(messages.companyId, actor.companyId),
    eq(messages.ticketId, ticket.id),
    eq(messages.isPrivate, false),
    eq(messages.isDeleted, false),
  )).orderBy(desc(messages.id)).limit(HISTORY_MESSAGES);
  const lines = rows.reverse().map((m) => {
    const who = m.fromMe ? "Attendant" : "Customer";
    const media = m.mediaType &&
      !["chat", "conversation", "extendedTextMessage", "text"].includes(m.mediaType);
    // A media message's body is its caption or transcription; its file name says nothing useful.
    const text = media && m.body === m.mediaName ? "" : m.body.trim();
    return `${who}: ${media ? `[${m.mediaType}] ` : ""}${text}`.trim();
  }).filter((l) => !/^(Attendant|Customer):$/.test(l));
  let queueName: string | null = null, greeting: string | null = null;
  if (ticket.queueId) {
    const [q] = await deps.db.select({ name: queues.name, greeting: queues.greetingMessage }).from(queues)
      .where(and(eq(queues.companyId, actor.companyId), eq(queues.id, ticket.queueId))).limit(1);
    queueName = q?.name ?? null;
    greeting = q?.greeting || null;
  }
  return {
    transcript: mask(lines.join("\n")),
    contactName: mask(contact?.name ?? ""),
    queueName,
    greeting: greeting ? mask(greeting) : null,
    mask,
  };
}

/** The company's quick replies and the help texts, clipped: what the drafts may rely on. */
export async function knowledge(deps: Deps, actor: Actor): Promise<string> {
  const quick = (await listUsable(deps, actor)).filter((q) => q.message.trim())
    .map((q) => `/${q.shortcode}: ${q.message.trim()}`);
  const helps = (await listAllHelps(deps)).filter((h) => h.description?.trim())
    .map((h) => `${h.title}: ${h.description!.trim()}`);
  const text = [...quick, ...helps].join("\n");
  return text.slice(0, KNOWLEDGE_CHARS);
}

export const DRAFT_SEPARATOR = "---";

export function suggestPrompt(c: Conversation, know: string): ChatMessage[] {
  return [
    {
      role: "system",
      content: [
        "You help a customer-service attendant answer a customer on a chat channel (WhatsApp-like).",
        "Write up to three alternative replies the attendant could send next, in the language the customer writes in.",
        "Each reply is plain chat text, short, polite, ready to send, without a greeting header or signature.",
        `Separate the replies with a line containing only ${DRAFT_SEPARATOR}. Output nothing else.`,
        "Use only facts from the conversation and the knowledge below; never invent prices, dates or promises.",
        c.queueName ? `The conversation is in the queue "${c.queueName}".` : "",
        c.greeting ? `The queue greets customers with: ${c.greeting}` : "",
        know ? `Knowledge (the company's quick replies and help texts):\n${know}` : "",
      ].filter(Boolean).join("\n"),
    },
    { role: "user", content: `Conversation so far:\n${c.transcript || "(no messages yet)"}` },
  ];
}

export function summaryPrompt(c: Conversation, lang: AiLang): ChatMessage[] {
  return [
    {
      role: "system",
      content:
        `Summarise this customer-service conversation for the next attendant in at most five short lines, in ${
          LANG_NAMES[lang]
        }: who the customer is, what they want, what was already said or promised, what is pending. Plain text, no preamble.`,
    },
    { role: "user", content: c.transcript || "(no messages yet)" },
  ];
}

const STYLE_ASK: Record<RewriteStyle, string> = {
  fix: "Fix spelling, grammar and punctuation only; keep the wording and tone.",
  friendly: "Make it warmer and friendlier, keeping the meaning.",
  formal: "Make it more formal and professional, keeping the meaning.",
  shorter: "Make it shorter and clearer, keeping every fact.",
};

export function rewritePrompt(c: Conversation, text: string, style: RewriteStyle): ChatMessage[] {
  return [
    {
      role: "system",
      content: `You rewrite a reply an attendant is about to send to a customer. ${
        STYLE_ASK[style]
      } Write it in the language of the conversation below (the customer's). Answer with the rewritten reply only.\n\nConversation:\n${
        c.transcript.slice(-3000) || "(no messages yet)"
      }`,
    },
    { role: "user", content: c.mask(text) },
  ];
}

export function translateToPrompt(text: string, lang: AiLang): ChatMessage[] {
  return [
    {
      role: "system",
      content: `Translate the customer's message into ${
        LANG_NAMES[lang]
      }. Answer with the translation only, keeping the tone.`,
    },
    { role: "user", content: text },
  ];
}

export function translateReplyPrompt(c: Conversation, text: string): ChatMessage[] {
  return [
    {
      role: "system",
      content:
        `Translate the attendant's reply into the language the customer writes in (see the conversation). If it already is in that language, return it unchanged. Answer with the translation only.\n\nConversation:\n${
          c.transcript.slice(-2000) || "(no messages yet)"
        }`,
    },
    { role: "user", content: c.mask(text) },
  ];
}

export function classifyPrompt(
  c: Conversation,
  tags: { id: number; name: string }[],
  queues: { id: number; name: string }[],
): ChatMessage[] {
  return [
    {
      role: "system",
      content: [
        "Classify a waiting customer-service conversation. Pick the fitting tags (zero or more) and the one queue that should handle it.",
        'Answer with JSON only: {"tagIds": [ids], "queueId": id or null}.',
        `Tags: ${JSON.stringify(tags)}`,
        `Queues: ${JSON.stringify(queues)}`,
      ].join("\n"),
    },
    { role: "user", content: c.transcript || "(no messages yet)" },
  ];
}
