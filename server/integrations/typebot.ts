/**
 * Typebot over its documented v1 chat API: `POST {base}/api/v1/typebots/{typebotSlug}/startChat`
 * once per ticket, then `POST {base}/api/v1/sessions/{sessionId}/continueChat`. `base` is the
 * integration's URL (urlN8N, for self-hosted viewers) or TYPEBOT_API_URL.
 *
 * - typebotKeywordFinish closes the ticket; typebotKeywordRestart drops the session and says
 *   typebotRestartMessage; an answer with nothing to say gets typebotUnknownMessage.
 * - The session lives typebotExpires minutes after the customer's last message (0 = forever), as
 *   a durable ticket timer (`typebotExpiry`); the next message then starts a new chat.
 * - Text, image and choice blocks become messages (choices as a list of options).
 * - Hand-over: a text bubble `#{"queueId": 3}` (not shown to the customer) hands the ticket to that
 *   queue; a flow that ends without asking anything hands it to the ticket's queue.
 */
import { and, eq } from "drizzle-orm";
import { queueIntegrations } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { TicketRow } from "../tickets/repo.ts";
import { updateTicket } from "../tickets/repo.ts";
import { armTimer, cancelTimers } from "../timers/repo.ts";
import type { IntegrationRow } from "./service.ts";
import { type Outcome, postJson, ProviderError, type Reply, type Turn } from "./provider.ts";
import { contactOf } from "./contact.ts";
import { optionLine } from "../messages/menu.ts";

type RichNode = { text?: string; type?: string; children?: RichNode[] };
type TypebotMessage = {
  id?: string;
  type: string;
  content?: { type?: string; richText?: RichNode[]; markdown?: string; plainText?: string; url?: string };
};
type TypebotAnswer = {
  sessionId?: string;
  messages?: TypebotMessage[];
  input?: {
    type?: string;
    items?: { id?: string; content?: string }[];
    options?: { labels?: { placeholder?: string } };
  };
  clientSideActions?: unknown[];
};

const MIN = 60_000;

const richText = (nodes: RichNode[] = []): string =>
  nodes.map((n) => n.children ? richText(n.children) : n.text ?? "").join("");

function textOf(m: TypebotMessage): string {
  const c = m.content ?? {};
  if (typeof c.markdown === "string") return c.markdown;
  if (c.richText) return c.richText.map((p) => richText(p.children ?? [p])).join("\n");
  return c.plainText ?? "";
}

/** The hand-over command a Typebot text bubble may carry: `#{"queueId": 3}`. */
function handoverOf(text: string): { queueId: number | null } | null {
  const t = text.trim();
  if (!t.startsWith("#{")) return null;
  try {
    const v = JSON.parse(t.slice(1)) as { queueId?: unknown };
    const q = Number(v.queueId);
    return { queueId: Number.isSafeInteger(q) && q > 0 ? q : null };
  } catch {
    return null;
  }
}

export function mapAnswer(
  a: TypebotAnswer,
): { replies: Reply[]; handover: { queueId: number | null } | null } {
  const replies: Reply[] = [];
  let handover: { queueId: number | null } | null = null;
  for (const m of a.messages ?? []) {
    if (m.type === "text") {
      const text = textOf(m);
      const h = handoverOf(text);
      if (h) handover = h;
      else if (text.trim()) replies.push({ text });
    } else if ((m.type === "image" || m.type === "video" || m.type === "audio") && m.content?.url) {
      replies.push({ mediaUrl: m.content.url });
    }
  }
  const items = (a.input?.items ?? []).map((i) => i.content?.trim()).filter(Boolean);
  if (items.length) replies.push({ text: items.map((c, i) => optionLine(i + 1, c!)).join("\n") });
  return { replies, handover };
}

async function setSession(deps: Deps, t: TicketRow, i: IntegrationRow, sessionId: string | null) {
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    await updateTicket(tx, t.companyId, t.id, {
      typebotSessionId: sessionId,
      typebotStatus: !!sessionId,
      typebotSessionTime: sessionId ? now.toISOString() : null,
    });
    if (sessionId && i.typebotExpires > 0) {
      await armTimer(tx, {
        companyId: t.companyId,
        ticketId: t.id,
        kind: "typebotExpiry",
        dueAt: new Date(now.getTime() + i.typebotExpires * MIN),
      });
    } else await cancelTimers(tx, t.id, ["typebotExpiry"]);
  });
}

const expired = (deps: Deps, t: TicketRow, i: IntegrationRow) =>
  i.typebotExpires > 0 && !!t.typebotSessionTime &&
  Date.parse(t.typebotSessionTime) + i.typebotExpires * MIN <= deps.clock.now().getTime();

export async function typebotTurn(turn: Turn, i: IntegrationRow): Promise<Outcome> {
  const { deps, ticket, text } = turn;
  if (!i.typebotSlug?.trim()) throw new ProviderError("Typebot", "the integration has no typebotSlug");
  const base = (i.urlN8N?.trim() || deps.config.providers.typebot).replace(/\/+$/, "");
  const lower = text.toLowerCase();
  const delayMs = i.typebotDelayMessage;
  if (i.typebotKeywordFinish?.trim() && lower === i.typebotKeywordFinish.trim().toLowerCase()) {
    await setSession(deps, ticket, i, null);
    return { replies: [], close: true };
  }
  if (i.typebotKeywordRestart?.trim() && lower === i.typebotKeywordRestart.trim().toLowerCase()) {
    await setSession(deps, ticket, i, null);
    return { replies: i.typebotRestartMessage?.trim() ? [{ text: i.typebotRestartMessage }] : [] };
  }
  const message = text ? { type: "text", text } : undefined;
  let sessionId = expired(deps, ticket, i) ? null : ticket.typebotSessionId;
  let answer: TypebotAnswer;
  if (!sessionId) {
    const contact = await contactOf(deps, ticket);
    answer = await postJson(
      deps,
      "Typebot",
      `${base}/api/v1/typebots/${encodeURIComponent(i.typebotSlug.trim())}/startChat`,
      {
        message,
        isStreamEnabled: false,
        textBubbleContentFormat: "richText",
        prefilledVariables: {
          number: contact?.number ?? "",
          pushName: contact?.name ?? "",
          remoteJid: contact?.remoteJid ?? contact?.number ?? "",
          ticketId: String(ticket.id),
        },
      },
    ) as TypebotAnswer;
    sessionId = answer?.sessionId ?? null;
    if (!sessionId) throw new ProviderError("Typebot", "startChat answered without a sessionId");
  } else {
    answer = await postJson(
      deps,
      "Typebot",
      `${base}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
      {
        message: message ?? { type: "text", text: "" },
        textBubbleContentFormat: "richText",
      },
    ) as TypebotAnswer;
  }
  const { replies, handover } = mapAnswer(answer ?? {});
  if (handover) {
    return {
      replies,
      delayMs,
      handover: { queueId: handover.queueId, reason: `Typebot «${i.name}»: transfer` },
    };
  }
  // No input asked: the flow is over; people take it from here.
  if (!answer?.input) {
    return { replies, delayMs, handover: { reason: `Typebot «${i.name}»: end of the flow` } };
  }
  await setSession(deps, ticket, i, sessionId);
  if (!replies.length && i.typebotUnknownMessage?.trim()) replies.push({ text: i.typebotUnknownMessage });
  return { replies, delayMs };
}

/** The `typebotExpiry` timer: the session ended with the customer's silence; the next message starts anew. */
export async function expireTypebotSession(deps: Deps, t: TicketRow, now: Date): Promise<"done" | Date> {
  if (!t.typebotSessionId || !t.typebotSessionTime || !t.integrationId) return "done";
  const [row] = await deps.db.select({ typebotExpires: queueIntegrations.typebotExpires }).from(
    queueIntegrations,
  )
    .where(and(eq(queueIntegrations.companyId, t.companyId), eq(queueIntegrations.id, t.integrationId)));
  const typebotExpires = row?.typebotExpires ?? 0;
  if (!typebotExpires) return "done";
  const due = Date.parse(t.typebotSessionTime) + typebotExpires * MIN;
  if (due > now.getTime()) return new Date(due);
  await deps.database.write((tx) =>
    updateTicket(tx, t.companyId, t.id, {
      typebotSessionId: null,
      typebotStatus: false,
      typebotSessionTime: null,
    })
  );
  return "done";
}
