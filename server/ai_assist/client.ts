/**
 * An OpenAI-compatible chat-completions client that streams: OpenAI, Azure OpenAI's v1 API and
 * self-hosted servers (Ollama, vLLM) speak the same `POST {base}/chat/completions` with
 * `stream: true` and answer server-sent events (`data: {chunk}` … `data: [DONE]`). We parse the
 * stream ourselves (no SDK): the tenant chose the URL, so every request goes through the fetch
 * guard, and we need two clocks the SDK does not give — a bound on the whole call and a bound on
 * the silence between two chunks (a provider that stalls mid-stream).
 */
import { type FetchGuard, safeFetch } from "../lib/safe_fetch.ts";

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export type ChatRequest = {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  /** The whole call, connection to last byte. */
  timeoutMs: number;
  /** The longest silence allowed before the first chunk and between two chunks. */
  stallMs: number;
  /** The caller gave up (the attendant closed the stream). */
  signal?: AbortSignal;
};

export type Usage = { promptTokens: number; completionTokens: number; totalTokens: number };

/** What the stream yields: text as it comes, then (when the provider reports it) the usage. */
export type ChatChunk = { type: "delta"; text: string } | { type: "usage"; usage: Usage };

/** Why a call failed; `kind` is what the usage log and the attendant's message say. */
export class AiProviderError extends Error {
  constructor(
    readonly kind: "http" | "timeout" | "stalled" | "network" | "protocol" | "cancelled",
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const chatUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, "")}/chat/completions`;

/** The request body we send (exported for the tests that check its shape). */
export function chatBody(r: ChatRequest) {
  return {
    model: r.model,
    messages: r.messages,
    stream: true,
    // OpenAI and vLLM then send a last chunk with the usage; Ollama sends it anyway.
    stream_options: { include_usage: true },
    ...(r.maxTokens ? { max_tokens: r.maxTokens } : {}),
    ...(r.temperature !== undefined ? { temperature: r.temperature } : {}),
  };
}

/** One `data:` payload of the stream → what it carries. */
function parseEvent(data: string): ChatChunk[] {
  let json: {
    choices?: { delta?: { content?: string | null } }[];
    usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
    error?: { message?: string };
  };
  try {
    json = JSON.parse(data);
  } catch {
    throw new AiProviderError("protocol", "the provider sent an event that is not JSON");
  }
  if (json.error) throw new AiProviderError("http", json.error.message ?? "provider error in stream");
  const out: ChatChunk[] = [];
  const text = json.choices?.[0]?.delta?.content;
  if (text) out.push({ type: "delta", text });
  if (json.usage && typeof json.usage.total_tokens === "number") {
    out.push({
      type: "usage",
      usage: {
        promptTokens: json.usage.prompt_tokens ?? 0,
        completionTokens: json.usage.completion_tokens ?? 0,
        totalTokens: json.usage.total_tokens,
      },
    });
  }
  return out;
}

/** The provider's error answer, briefly (OpenAI's `{error:{message}}`, or the text). */
async function httpError(res: Response): Promise<AiProviderError> {
  const text = (await res.text().catch(() => "")).slice(0, 2000);
  let message = text.slice(0, 300);
  try {
    message = JSON.parse(text)?.error?.message ?? message;
  } catch { /* not JSON */ }
  return new AiProviderError("http", `HTTP ${res.status}: ${message}`, res.status);
}

/**
 * Streams one chat completion. Throws AiProviderError for an error answer, a timeout, a stall
 * (no chunk for `stallMs`), a cut connection, or a stream that ends without `[DONE]` or a finish.
 */
export async function* streamChat(guard: FetchGuard, r: ChatRequest): AsyncGenerator<ChatChunk> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/event-stream",
  };
  if (r.apiKey) {
    headers.authorization = `Bearer ${r.apiKey}`;
    // Azure OpenAI reads its key from `api-key`; the others ignore it.
    headers["api-key"] = r.apiKey;
  }
  const ctl = new AbortController();
  const onAbort = () => ctl.abort();
  r.signal?.addEventListener("abort", onAbort);
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  let stalled = false;
  const arm = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      stalled = true;
      ctl.abort();
    }, r.stallMs);
  };
  const fail = (err: unknown): AiProviderError => {
    if (err instanceof AiProviderError) return err;
    if (stalled) return new AiProviderError("stalled", `no data from the provider for ${r.stallMs} ms`);
    if (r.signal?.aborted) return new AiProviderError("cancelled", "cancelled");
    const e = err as Error;
    if (e?.name === "TimeoutError") {
      return new AiProviderError("timeout", `no answer within ${r.timeoutMs} ms`);
    }
    if (e?.name === "AbortError") return new AiProviderError("cancelled", "cancelled");
    return new AiProviderError("network", e?.message ?? String(err));
  };
  arm();
  let res: Response;
  try {
    res = await Promise.race([
      safeFetch(guard, chatUrl(r.baseUrl), {
        method: "POST",
        headers,
        body: JSON.stringify(chatBody(r)),
        timeoutMs: r.timeoutMs,
        cancel: ctl.signal,
      }),
      new Promise<never>((_, reject) =>
        ctl.signal.addEventListener("abort", () => reject(ctl.signal.reason))
      ),
    ]);
  } catch (err) {
    clearTimeout(stallTimer);
    r.signal?.removeEventListener("abort", onAbort);
    throw fail(err);
  }
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    if (!res.ok) throw await httpError(res);
    reader = res.body?.getReader();
    if (!reader) throw new AiProviderError("protocol", "empty answer");
    const decoder = new TextDecoder();
    let buffer = "";
    let finished = false;
    const aborted = new Promise<never>((_, reject) =>
      ctl.signal.addEventListener("abort", () => reject(ctl.signal.reason))
    );
    aborted.catch(() => {});
    arm();
    while (true) {
      const { value, done } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      arm();
      buffer += decoder.decode(value, { stream: true });
      // Events end with a blank line; fields are lines. \r\n and \n both occur.
      let cut: number;
      while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + (buffer[cut] === "\r" ? 4 : 2));
        const data = block.split(/\r?\n/).filter((l) => l.startsWith("data:"))
          .map((l) => l.slice(5).replace(/^ /, "")).join("\n");
        if (!data) continue; // a comment or keep-alive
        if (data.trim() === "[DONE]") {
          finished = true;
          continue;
        }
        for (const chunk of parseEvent(data)) yield chunk;
      }
      if (finished) break;
    }
    if (!finished) throw new AiProviderError("protocol", "the stream ended before [DONE]");
  } catch (err) {
    throw fail(err);
  } finally {
    clearTimeout(stallTimer);
    r.signal?.removeEventListener("abort", onAbort);
    await reader?.cancel().catch(() => {});
  }
}
