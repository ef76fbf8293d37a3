/**
 * A local server speaking OpenAI's chat-completions protocol, streaming included, for the AI
 * assistant's tests and benchmark: `POST /v1/chat/completions` answers `text/event-stream` chunks
 * (`data: {"choices":[{"delta":{"content":…}}]}`, a usage chunk, `data: [DONE]`) or one JSON
 * completion when `stream` is false. It records every request's raw body. Behaviour by model name:
 * `stall` sends two chunks then goes silent (connection open), `hang` never answers, `fail` answers
 * 500 with OpenAI's error shape, `nousage` leaves out the usage chunk, `cut` closes mid-stream.
 */
export type ProviderHit = { path: string; headers: Headers; raw: string; json: Record<string, unknown> };

export type ChatProvider = {
  url: string;
  hits: ProviderHit[];
  /** The answer for a request (default: by the system prompt's first words). */
  reply: (body: { model: string; messages: { role: string; content: string }[] }) => string;
  /** performance.now() when each request's first content chunk was written (benchmark). */
  firstChunkAt: number[];
  /** Characters per streamed chunk. */
  chunkSize: number;
  /** Told when a request's first content chunk is written (the benchmark's clock starts there). */
  onFirstChunk?: (raw: string, at: number) => void;
  close(): Promise<void>;
};

export function defaultReply(body: { messages: { role: string; content: string }[] }): string {
  const sys = body.messages[0]?.content ?? "";
  if (sys.includes("alternative replies")) {
    return "Claro, posso ajudar com a troca.\n---\nOlá! Vou verificar seu pedido agora.\n---\nPode me enviar o número do pedido?";
  }
  if (sys.startsWith("Summarise")) return "Cliente quer trocar o pedido 123. Aguarda retorno sobre o prazo.";
  if (sys.startsWith("You rewrite")) return "Olá! Vou verificar o seu pedido agora mesmo.";
  if (sys.startsWith("Translate the customer's message")) return "Olá, quero trocar meu pedido.";
  if (sys.startsWith("Translate the attendant's reply")) return "Hola, voy a revisar su pedido.";
  if (sys.startsWith("Classify")) return "{}";
  return "ok";
}

const te = new TextEncoder();
const event = (v: unknown) => te.encode(`data: ${typeof v === "string" ? v : JSON.stringify(v)}\n\n`);

export function startChatProvider(): ChatProvider {
  const hits: ProviderHit[] = [];
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const hanging = new Set<() => void>();
  const p: ChatProvider = {
    url: "",
    hits,
    reply: defaultReply,
    firstChunkAt: [],
    chunkSize: 8,
    close: async () => {
      for (const c of open) {
        try {
          c.close();
        } catch { /* already closed */ }
      }
      for (const h of hanging) h();
      await server.shutdown();
    },
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const raw = await req.text();
    const json = JSON.parse(raw || "{}");
    hits.push({ path, headers: req.headers, raw, json });
    if (path !== "/v1/chat/completions" || req.method !== "POST") {
      return Response.json({ error: { message: "not found", type: "invalid_request_error" } }, {
        status: 404,
      });
    }
    const model = String(json.model ?? "");
    if (model === "hang") {
      return await new Promise<Response>((resolve) => hanging.add(() => resolve(new Response("late"))));
    }
    if (model === "fail") {
      return Response.json({ error: { message: "The server had an error", type: "server_error" } }, {
        status: 500,
      });
    }
    const text = p.reply(json);
    const usage = { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(text.length / 4) };
    const totals = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const id = `chatcmpl-${crypto.randomUUID()}`;
    if (!json.stream) {
      return Response.json({
        id,
        object: "chat.completion",
        model,
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage: totals,
      });
    }
    const parts: string[] = [];
    for (let i = 0; i < text.length; i += p.chunkSize) parts.push(text.slice(i, i + p.chunkSize));
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id,
      object: "chat.completion.chunk",
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        open.add(c);
        c.enqueue(te.encode(": keep-alive\n\n"));
        c.enqueue(event(chunk({ role: "assistant", content: "" })));
        const at = performance.now();
        p.firstChunkAt.push(at);
        p.onFirstChunk?.(raw, at);
        if (model === "stall") {
          for (const part of parts.slice(0, 2)) c.enqueue(event(chunk({ content: part })));
          return; // silent from here on, connection open
        }
        parts.forEach((part, i) => {
          if (model === "cut" && i === 2) {
            c.close();
            open.delete(c);
          }
          if (model === "cut" && i >= 2) return;
          c.enqueue(event(chunk({ content: part })));
        });
        if (model === "cut") return;
        c.enqueue(event(chunk({}, "stop")));
        if (model !== "nousage" && json.stream_options?.include_usage) {
          c.enqueue(event({ id, object: "chat.completion.chunk", model, choices: [], usage: totals }));
        }
        c.enqueue(event("[DONE]"));
        c.close();
        open.delete(c);
      },
      cancel() {
        // the client left
      },
    });
    return new Response(body, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    });
  });
  p.url = `http://127.0.0.1:${server.addr.port}/v1`;
  return p;
}
