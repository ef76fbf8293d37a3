/**
 * OpenAI through the official npm client (it runs under Deno), its every request through the SSRF
 * guard (`fetch` option → safeFetch) and OPENAI_API_URL. A prompt answers each customer message
 * with a chat completion: the prompt as the system message and the ticket's last maxMessages
 * messages as history. An answer that starts with the transfer action hands the ticket to the
 * prompt's queue (reference §3 step 15).
 */
import type OpenAI from "openai";
import { and, desc, eq, ne } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { safeFetch } from "../lib/safe_fetch.ts";
import { openSecret, type PromptRow } from "./service.ts";
import { type Outcome, ProviderError, type Turn } from "./provider.ts";
import { speak, speaks } from "./tts.ts";

export const TRANSFER_ACTION = "Ação: Transferir para o setor de atendimento";

/**
 * The package, loaded on the first call: it is large, and most processes (every test file without a
 * prompt) never call OpenAI. Its error classes are read only after a call, when it is loaded.
 */
let lib: typeof OpenAI | null = null;

/** A client whose requests go through the guard, with the integrations' timeout; retries are the job's. */
export async function openaiClient(deps: Deps, apiKey: string): Promise<OpenAI> {
  const OpenAI = lib ??= (await import("openai")).default;
  return new OpenAI({
    apiKey,
    baseURL: deps.config.providers.openai,
    timeout: deps.config.integrationTimeoutMs,
    maxRetries: 0,
    fetch: (url: string | URL | Request, init?: RequestInit) =>
      safeFetch(
        deps.fetchGuard,
        url instanceof Request ? url.url : url,
        {
          ...(init ?? {}),
          timeoutMs: deps.config.integrationTimeoutMs,
        } as Parameters<typeof safeFetch>[2],
      ),
  });
}

/** The client's failures as ProviderError, with what the job's retry rule reads (status, timeout). */
export function providerError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const OpenAI = lib;
  if (OpenAI && err instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError("OpenAI", "timed out");
  }
  if (OpenAI && err instanceof OpenAI.APIError && err.status) {
    return new ProviderError("OpenAI", `HTTP ${err.status} ${err.message}`);
  }
  const e = err as Error;
  const timeout = e?.name === "TimeoutError" || /timed? ?out/i.test(e?.message ?? "");
  return new ProviderError("OpenAI", timeout ? "timed out" : `network error (${e?.message ?? err})`);
}

/** The prompt, the transfer instruction and, for a .txt attachment, its text as reference material. */
async function system(deps: Deps, p: PromptRow): Promise<string> {
  let text =
    `${p.prompt}\n\nSe o cliente pedir para falar com um atendente humano, responda começando com "${TRANSFER_ACTION}".`;
  if (p.fileNameIA?.toLowerCase().endsWith(".txt")) {
    const ref = await deps.media.read(p.fileNameIA).then((b) => new TextDecoder().decode(b), () => "");
    if (ref.trim()) text += `\n\nMaterial de referência:\n${ref.slice(0, 20_000)}`;
  }
  return text;
}

export async function openaiTurn(turn: Turn, p: PromptRow): Promise<Outcome> {
  const { deps, ticket, message, text } = turn;
  const apiKey = await openSecret(deps, p.apiKey);
  if (!apiKey) throw new ProviderError("OpenAI", `the prompt «${p.name}» has no API key`);
  const history = await deps.db.select({ body: messages.body, fromMe: messages.fromMe }).from(messages)
    .where(and(
      eq(messages.companyId, ticket.companyId),
      eq(messages.ticketId, ticket.id),
      eq(messages.isPrivate, false),
      ...(message ? [ne(messages.id, message.id)] : []),
    ))
    .orderBy(desc(messages.id)).limit(Math.max(0, p.maxMessages - 1));
  const chat = [
    { role: "system" as const, content: await system(deps, p) },
    ...history.reverse().filter((m) => m.body.trim()).map((m) => ({
      role: m.fromMe ? "assistant" as const : "user" as const,
      content: m.body,
    })),
    ...(text ? [{ role: "user" as const, content: text }] : []),
  ];
  if (chat.length === 1) return { replies: [] };
  let answer = "";
  try {
    const r = await (await openaiClient(deps, apiKey)).chat.completions.create({
      model: p.model,
      messages: chat,
      max_tokens: p.maxTokens,
      temperature: p.temperature,
    });
    answer = r.choices[0]?.message?.content ?? "";
  } catch (err) {
    throw providerError(err);
  }
  if (answer.trim().startsWith(TRANSFER_ACTION)) {
    const rest = answer.trim().slice(TRANSFER_ACTION.length).replace(/^[\s.:-]+/, "");
    return {
      replies: rest ? [{ text: rest }] : [],
      handover: { queueId: p.queueId, reason: `OpenAI «${p.name}»: transfer` },
    };
  }
  if (!answer.trim()) return { replies: [] };
  if (speaks(p)) {
    // A voice that cannot be produced falls back to the text: the customer still gets the answer.
    try {
      return { replies: [{ file: await speak(deps, p, answer.trim()) }] };
    } catch (err) {
      console.warn(`[integrations] ticket ${ticket.id}: voice reply failed, sending text`, err);
    }
  }
  return { replies: [{ text: answer.trim() }] };
}
