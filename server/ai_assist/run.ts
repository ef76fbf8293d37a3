/**
 * One AI call from start to log line: the provider and budget checks (before anything streams, so
 * refusals are plain HTTP errors), the streamed completion, and one ai_usage row whatever happens
 * — tokens (the provider's, else estimated from the text's length), time to the first token, total
 * latency, outcome. The row never holds the text. A call may overshoot the budget by what calls
 * already in flight spend; the next one is refused.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import type { AiFeature } from "@contract/ai_assist.ts";
import { AiProviderError, type ChatMessage, streamChat, type Usage } from "./client.ts";
import { insertUsage } from "./repo.ts";
import type { Provider } from "./settings.ts";

/** Who a call is logged for: a person (userId), or an API key or the server itself (null). */
export type Caller = { companyId: number; userId: number | null };

export const callerOf = (actor: Actor): Caller => ({
  companyId: actor.companyId,
  userId: actor.apiKey ? null : actor.userId,
});

export type Call = {
  feature: AiFeature;
  ticketId: number | null;
  messages: ChatMessage[];
  maxTokens: number;
  temperature?: number;
  signal?: AbortSignal;
};

/** ≈ 4 characters a token: only when the provider reports no usage. */
const estimate = (chars: number) => Math.ceil(chars / 4);

export function providerAppError(err: AiProviderError): AppError {
  return new AppError("ERR_AI_PROVIDER", {
    message: err.message.slice(0, 300),
    details: { kind: err.kind, status: err.status },
  });
}

/** Streams the call's text; logs its usage at the end. Provider failures throw ERR_AI_PROVIDER. */
export async function* runCall(deps: Deps, caller: Caller, p: Provider, call: Call): AsyncGenerator<string> {
  const model = p.model(call.feature);
  const started = performance.now();
  let firstTokenMs: number | null = null;
  let usage: Usage | null = null;
  let out = 0;
  let status = "ok", errorCode: string | null = null, completed = false;
  try {
    for await (
      const chunk of streamChat(deps.fetchGuard, {
        baseUrl: p.baseUrl,
        apiKey: p.apiKey,
        model,
        messages: call.messages,
        maxTokens: call.maxTokens,
        temperature: call.temperature,
        timeoutMs: deps.config.aiTimeoutMs,
        stallMs: deps.config.aiStallMs,
        signal: call.signal,
      })
    ) {
      if (chunk.type === "usage") usage = chunk.usage;
      else {
        firstTokenMs ??= Math.round(performance.now() - started);
        out += chunk.text.length;
        yield chunk.text;
      }
    }
    completed = true;
  } catch (err) {
    if (!(err instanceof AiProviderError)) throw err;
    status = err.kind === "cancelled" ? "cancelled" : "error";
    errorCode = err.kind;
    if (err.kind !== "cancelled") throw providerAppError(err);
  } finally {
    // The reader left early (the attendant closed the stream): the generator was returned.
    if (!completed && status === "ok") status = "cancelled";
    const inChars = call.messages.reduce((n, m) => n + m.content.length, 0);
    const u = usage ?? {
      promptTokens: status === "ok" || out ? estimate(inChars) : 0,
      completionTokens: estimate(out),
      totalTokens: (status === "ok" || out ? estimate(inChars) : 0) + estimate(out),
    };
    await deps.database.write((tx) =>
      insertUsage(tx, {
        companyId: caller.companyId,
        userId: caller.userId,
        ticketId: call.ticketId,
        feature: call.feature,
        model,
        ...u,
        estimated: !usage,
        firstTokenMs,
        latencyMs: Math.round(performance.now() - started),
        status,
        errorCode,
        createdAt: deps.clock.now().toISOString(),
      })
    ).catch((err) => console.error("ai_assist: usage not logged", err));
  }
}

/** The whole answer of a call (summary kept as a note, classification). */
export async function completeCall(deps: Deps, caller: Caller, p: Provider, call: Call): Promise<string> {
  let text = "";
  for await (const t of runCall(deps, caller, p, call)) text += t;
  return text.trim();
}
