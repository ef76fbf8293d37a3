/**
 * The assistant's features over a ticket the actor may see: suggest replies (up to three drafts,
 * never sent by themselves), summarise, rewrite the composer's text, translate a customer message
 * or the attendant's reply, suggest tags and a queue. Every check happens before the first byte
 * streams, so refusals are ordinary HTTP answers; after that, failures are an `error` event.
 */
import { and, desc, eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { requireAdmin, requirePlan } from "../auth/permissions.ts";
import { getVisibleTicket } from "../tickets/service.ts";
import { createNote } from "../ticket_notes/service.ts";
import { listAllTags } from "../tags/service.ts";
import { listQueues } from "../queues/service.ts";
import { pageOf } from "../lib/paging.ts";
import type {
  AiClassifyDTO,
  AiLang,
  AiRewriteInput,
  AiTranslateInput,
  AiUsageDTO,
} from "@contract/ai_assist.ts";
import * as ctx from "./context.ts";
import { callerOf, completeCall, runCall } from "./run.ts";
import { monthOf, providerFor } from "./settings.ts";
import * as repo from "./repo.ts";

/** A started stream: text pieces with the draft they belong to (0 but for suggestions). */
export type Piece = { text: string; draft: number };

const MAX_DRAFTS = 3;

/**
 * Splits the model's text into drafts on lines holding only "---", as it streams: a trailing
 * piece that could still become a separator is held back until the next chunk tells.
 */
export async function* splitDrafts(source: AsyncIterable<string>): AsyncGenerator<Piece> {
  let draft = 0, pending = "", started = false;
  const emit = function* (text: string): Generator<Piece> {
    if (!started) text = text.replace(/^\s+/, "");
    if (!text || draft >= MAX_DRAFTS) return;
    started = true;
    yield { text, draft };
  };
  for await (const chunk of source) {
    pending += chunk;
    let m: RegExpExecArray | null;
    while ((m = /\n?[ \t]*-{3,}[ \t]*\n/.exec(pending))) {
      yield* emit(pending.slice(0, m.index).replace(/\s+$/, ""));
      pending = pending.slice(m.index + m[0].length);
      if (started) draft++;
      started = false;
    }
    // Hold back a tail that may be the start of a separator ("\n-", "\n--", "---").
    const hold = /\n?[ \t]*-*[ \t]*$/.exec(pending);
    const cut = hold && hold[0].length ? hold.index : pending.length;
    yield* emit(pending.slice(0, cut));
    pending = pending.slice(cut);
  }
  yield* emit(pending.replace(/^\n?[ \t]*-{3,}[ \t]*$/, "").replace(/\s+$/, ""));
}

async function* pieces(source: AsyncIterable<string>): AsyncGenerator<Piece> {
  for await (const text of source) yield { text, draft: 0 };
}

/** Checks shared by the ticket features: visible ticket (404/403), provider, budget. */
async function begin(deps: Deps, actor: Actor, ticketId: number) {
  const ticket = await getVisibleTicket(deps, actor, ticketId);
  const provider = await providerFor(deps, actor);
  return { ticket, provider, conv: await ctx.conversation(deps, actor, ticket) };
}

export async function suggest(deps: Deps, actor: Actor, ticketId: number, signal?: AbortSignal) {
  const { ticket, provider, conv } = await begin(deps, actor, ticketId);
  const know = conv.mask(await ctx.knowledge(deps, actor));
  return splitDrafts(runCall(deps, callerOf(actor), provider, {
    feature: "suggest",
    ticketId: ticket.id,
    messages: ctx.suggestPrompt(conv, know),
    maxTokens: 600,
    temperature: 0.7,
    signal,
  }));
}

export async function summary(
  deps: Deps,
  actor: Actor,
  ticketId: number,
  lang: AiLang,
  signal?: AbortSignal,
) {
  const { ticket, provider, conv } = await begin(deps, actor, ticketId);
  return pieces(runCall(deps, callerOf(actor), provider, {
    feature: "summary",
    ticketId: ticket.id,
    messages: ctx.summaryPrompt(conv, lang),
    maxTokens: 300,
    temperature: 0.2,
    signal,
  }));
}

export async function rewrite(
  deps: Deps,
  actor: Actor,
  ticketId: number,
  input: AiRewriteInput,
  signal?: AbortSignal,
) {
  const { ticket, provider, conv } = await begin(deps, actor, ticketId);
  return pieces(runCall(deps, callerOf(actor), provider, {
    feature: "rewrite",
    ticketId: ticket.id,
    messages: ctx.rewritePrompt(conv, input.text, input.style),
    maxTokens: 800,
    temperature: 0.3,
    signal,
  }));
}

export async function translate(
  deps: Deps,
  actor: Actor,
  ticketId: number,
  input: AiTranslateInput,
  signal?: AbortSignal,
) {
  const { ticket, provider, conv } = await begin(deps, actor, ticketId);
  let prompt;
  if ("to" in input) {
    const [m] = await deps.db.select({ body: messages.body }).from(messages).where(and(
      eq(messages.companyId, actor.companyId),
      eq(messages.ticketId, ticket.id),
      input.messageId ? eq(messages.id, input.messageId) : eq(messages.fromMe, false),
      eq(messages.isPrivate, false),
      eq(messages.isDeleted, false),
    )).orderBy(desc(messages.id)).limit(1);
    if (!m) throw notFound("message");
    prompt = ctx.translateToPrompt(conv.mask(m.body), input.to);
  } else prompt = ctx.translateReplyPrompt(conv, input.text);
  return pieces(runCall(deps, callerOf(actor), provider, {
    feature: "translate",
    ticketId: ticket.id,
    messages: prompt,
    maxTokens: 800,
    temperature: 0,
    signal,
  }));
}

/** Tags and a queue for a waiting ticket, among the company's own (anything else the model says is dropped). */
export async function classify(deps: Deps, actor: Actor, ticketId: number): Promise<AiClassifyDTO> {
  const { ticket, provider, conv } = await begin(deps, actor, ticketId);
  const tags = (await listAllTags(deps, actor)).map((t) => ({ id: t.id, name: t.name }));
  const queues = (await listQueues(deps, actor)).map((q) => ({ id: q.id, name: q.name }));
  const text = await completeCall(deps, callerOf(actor), provider, {
    feature: "tags",
    ticketId: ticket.id,
    messages: ctx.classifyPrompt(conv, tags, queues),
    maxTokens: 200,
    temperature: 0,
  });
  let parsed: { tagIds?: unknown; queueId?: unknown } = {};
  try {
    parsed = JSON.parse(/\{[\s\S]*\}/.exec(text)?.[0] ?? "{}");
  } catch { /* an answer that is not JSON suggests nothing */ }
  const tagIds = Array.isArray(parsed.tagIds)
    ? [...new Set(parsed.tagIds.map(Number))].filter((id) => tags.some((t) => t.id === id))
    : [];
  const queueId = queues.some((q) => q.id === Number(parsed.queueId)) ? Number(parsed.queueId) : null;
  return { tagIds, queueId };
}

/**
 * The summary offered to the next attendant on a transfer, written as a ticket note (so it stays
 * with the ticket whoever opens it next). Made by the transferring attendant's request.
 */
export async function summaryNote(deps: Deps, actor: Actor, ticketId: number, lang: AiLang) {
  const { ticket, provider, conv } = await begin(deps, actor, ticketId);
  const text = await completeCall(deps, callerOf(actor), provider, {
    feature: "summary",
    ticketId: ticket.id,
    messages: ctx.summaryPrompt(conv, lang),
    maxTokens: 300,
    temperature: 0.2,
  });
  return await createNote(deps, actor, {
    ticketId: ticket.id,
    note: `${repo.SUMMARY_MARK} ${text}`.slice(0, 5000),
  });
}

const USAGE_PAGE = 50;

/** The month's spend against the plan's budget, and the calls newest first (admins). */
export async function usage(deps: Deps, actor: Actor, pageNumber: number): Promise<AiUsageDTO> {
  requireAdmin(actor);
  requirePlan(actor.plan, "useOpenAi");
  const { month, fromIso } = monthOf(deps, actor);
  const page = pageOf(pageNumber, USAGE_PAGE);
  const { rows, count } = await repo.listUsage(deps.db, actor.companyId, page.limit, page.offset);
  return {
    month,
    used: await repo.tokensSince(deps.db, actor.companyId, fromIso),
    budget: actor.plan.aiMonthlyTokens,
    calls: rows.slice(0, page.limit).map(({ u, user }) => ({
      id: u.id,
      createdAt: u.createdAt,
      user: user?.id ? user : null,
      ticketId: u.ticketId,
      feature: u.feature,
      model: u.model,
      promptTokens: u.promptTokens,
      completionTokens: u.completionTokens,
      totalTokens: u.totalTokens,
      estimated: u.estimated,
      firstTokenMs: u.firstTokenMs,
      latencyMs: u.latencyMs,
      status: u.status,
      errorCode: u.errorCode,
    })),
    count,
    hasMore: page.hasMore(count),
  };
}
