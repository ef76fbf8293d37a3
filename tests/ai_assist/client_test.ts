/**
 * The chat-completions client against a local server speaking the protocol: the request's shape,
 * the SSE parsing, usage, error answers, a provider that never answers, one that stalls mid-stream
 * and one that cuts the connection. Nothing mocked.
 */
import assert from "node:assert/strict";
import { createFetchGuard } from "@/lib/safe_fetch.ts";
import { AiProviderError, type ChatChunk, type ChatRequest, streamChat } from "@/ai_assist/client.ts";
import { startChatProvider } from "./_provider.ts";

const guard = createFetchGuard({ allowPrivateUrls: "1" });

async function collect(r: ChatRequest): Promise<ChatChunk[]> {
  const out: ChatChunk[] = [];
  for await (const c of streamChat(guard, r)) out.push(c);
  return out;
}

Deno.test("[ai_assist] client: request shape, streamed text, usage, errors, timeouts, stalls", async (t) => {
  const provider = startChatProvider();
  const base = (model: string): ChatRequest => ({
    baseUrl: provider.url + "/",
    apiKey: "sk-test-123",
    model,
    messages: [{ role: "system", content: "Summarise this" }, { role: "user", content: "Customer: oi" }],
    maxTokens: 100,
    temperature: 0.2,
    timeoutMs: 5_000,
    stallMs: 300,
  });
  try {
    await t.step("POST /chat/completions with the key, stream and include_usage", async () => {
      provider.reply = () => "Olá, mundo! Tudo bem por aí?";
      const chunks = await collect(base("gpt-test"));
      const hit = provider.hits.at(-1)!;
      assert.equal(hit.path, "/v1/chat/completions");
      assert.equal(hit.headers.get("authorization"), "Bearer sk-test-123");
      assert.equal(hit.headers.get("content-type"), "application/json");
      assert.deepEqual(hit.json, {
        model: "gpt-test",
        messages: [{ role: "system", content: "Summarise this" }, { role: "user", content: "Customer: oi" }],
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: 100,
        temperature: 0.2,
      });
      const text = chunks.filter((c) => c.type === "delta").map((c) => c.type === "delta" ? c.text : "").join(
        "",
      );
      assert.equal(text, "Olá, mundo! Tudo bem por aí?");
      assert.ok(chunks.filter((c) => c.type === "delta").length > 2, "streamed in several chunks");
      const usage = chunks.find((c) => c.type === "usage");
      assert.ok(usage && usage.type === "usage" && usage.usage.totalTokens > 0);
    });

    await t.step("no key: no authorization header (a local Ollama)", async () => {
      await collect({ ...base("gpt-test"), apiKey: "" });
      assert.equal(provider.hits.at(-1)!.headers.get("authorization"), null);
    });

    await t.step("a provider without usage: text only", async () => {
      const chunks = await collect(base("nousage"));
      assert.ok(chunks.every((c) => c.type === "delta"));
    });

    await t.step("an error answer → AiProviderError http with the provider's message", async () => {
      await assert.rejects(collect(base("fail")), (e: unknown) => {
        assert.ok(e instanceof AiProviderError);
        assert.equal(e.kind, "http");
        assert.equal(e.status, 500);
        assert.match(e.message, /The server had an error/);
        return true;
      });
    });

    await t.step("no answer at all → stalled before the first byte", async () => {
      await assert.rejects(collect(base("hang")), (e: unknown) => {
        assert.ok(e instanceof AiProviderError);
        assert.equal(e.kind, "stalled");
        return true;
      });
    });

    await t.step("the whole call's timeout", async () => {
      await assert.rejects(collect({ ...base("hang"), stallMs: 5_000, timeoutMs: 200 }), (e: unknown) => {
        assert.ok(e instanceof AiProviderError);
        assert.equal(e.kind, "timeout");
        return true;
      });
    });

    await t.step("a provider that stalls mid-stream: the text so far, then stalled", async () => {
      provider.reply = () => "abcdefghijklmnopqrstuvwxyz";
      const got: string[] = [];
      await assert.rejects(
        (async () => {
          for await (const c of streamChat(guard, base("stall"))) if (c.type === "delta") got.push(c.text);
        })(),
        (e: unknown) => e instanceof AiProviderError && e.kind === "stalled",
      );
      assert.equal(got.join(""), "abcdefghijklmnop");
    });

    await t.step("a connection cut mid-stream is an error, not a short answer", async () => {
      await assert.rejects(
        collect(base("cut")),
        (e: unknown) => e instanceof AiProviderError && (e.kind === "protocol" || e.kind === "network"),
      );
    });

    await t.step("the caller's cancel stops the request", async () => {
      const ctl = new AbortController();
      const p = collect({ ...base("stall"), stallMs: 5_000, signal: ctl.signal });
      ctl.abort();
      await assert.rejects(p, (e: unknown) => e instanceof AiProviderError && e.kind === "cancelled");
    });
  } finally {
    await provider.close();
  }
});
