/**
 * AI assistant benchmark: what Atende adds between the provider's first token and the composer's
 * first character. ATTENDANTS (50) attendants ask for suggestions at once, ROUNDS (6) times; a
 * local chat-completions server (tests/ai_assist/_provider.ts, streaming) notes when it writes each
 * request's first content chunk, the bench's HTTP client notes when the first `delta` event of
 * that request arrives through the server (its own process, as in production: fetch guard, SSE
 * parse, usage log, SSE write). Both clocks are this process's. Prints p50/p99/max of the overhead
 * and, for context, request → first character.
 *
 *   deno run -A bench/ai_assist_bench.ts
 * Env: ATTENDANTS (50), ROUNDS (6).
 */
import { contacts, messages, tickets } from "@db/schema.ts";
import { createTestApp } from "../tests/_helpers/test_app.ts";
import { createCompany, createUser, login as loginApp, type TestUser } from "../tests/_helpers/factories.ts";
import { startChatProvider } from "../tests/ai_assist/_provider.ts";
import { login, machine, ms, pct, printTable, startServer, stopServer } from "./_lib.ts";

const env = (k: string, d: string) => Number(Deno.env.get(k) ?? d);
const ATTENDANTS = env("ATTENDANTS", "50");
const ROUNDS = env("ROUNDS", "6");
const APP_SECRET = "bench-secret-bench-secret-bench-secret";

const provider = startChatProvider();
provider.chunkSize = 6;
provider.reply = () =>
  "Claro, posso ajudar com a troca do seu pedido.\n---\nOlá! Vou verificar o pedido agora mesmo.\n---\nPode me enviar o número do pedido, por favor?";
const providerFirst = new Map<string, number>();
provider.onFirstChunk = (raw, at) => {
  const tag = /BENCH-(\d+-\d+)/.exec(raw)?.[1];
  if (tag) providerFirst.set(tag, at);
};

// The data, written with the test factories, then served by a separate server process.
const dataDir = await Deno.makeTempDir({ prefix: "atende-bench-ai-" });
const setup = await createTestApp({ dataDir, scheduler: false, env: { APP_SECRET } });
const { company, admin } = await createCompany(setup, { name: "AI Bench" });
const people: { user: TestUser; ticketId: number; messageId: number }[] = [];
for (let i = 0; i < ATTENDANTS; i++) {
  const user = await createUser(setup, company.id, { profile: "user", name: `Attendant ${i}` });
  const row = await setup.deps.database.write(async (tx) => {
    const [c] = await tx.insert(contacts).values({
      companyId: company.id,
      name: `Customer ${i}`,
      number: `55119${String(i).padStart(8, "0")}`,
    })
      .returning();
    const [tk] = await tx.insert(tickets).values({
      companyId: company.id,
      contactId: c.id,
      status: "open",
      userId: user.user.id,
    })
      .returning();
    const [m] = await tx.insert(messages).values({
      companyId: company.id,
      ticketId: tk.id,
      contactId: c.id,
      body: "Olá, quero trocar meu pedido 123, chegou com defeito.",
    }).returning();
    return { ticketId: tk.id, messageId: m.id };
  });
  people.push({ user, ...row });
}
const adminToken = (await loginApp(setup, admin)).token;
const saved = await setup.request("/api/ai-assist/settings", {
  method: "PUT",
  token: adminToken,
  json: { baseUrl: provider.url, apiKey: "sk-bench", model: "gpt-bench" },
});
if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${await saved.text()}`);
await setup.close();

const server = await startServer({ dataDir, env: { APP_SECRET, AI_STALL_MS: "60000" } });
try {
  const tokens = await Promise.all(people.map((p) => login(server.base, p.user.email, p.user.password)));

  /** One streamed rewrite: the tag rides in the composer's text, so the provider's clock finds the request. */
  const ask = async (i: number, round: number) => {
    const tag = `${round}-${i}`;
    const started = performance.now();
    const res = await fetch(`${server.base}/api/ai-assist/tickets/${people[i].ticketId}/rewrite`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens[i]}`, "content-type": "application/json" },
      body: JSON.stringify({ text: `BENCH-${tag} vou ver seu pedido`, style: "friendly" }),
    });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "", first = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      if (!first && buffer.includes("event: delta")) first = performance.now();
    }
    if (!buffer.includes("event: done")) throw new Error(`no done: ${buffer.slice(-200)}`);
    return { tag, first, started };
  };

  const overhead: number[] = [], total: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const got = await Promise.all(people.map((_, i) => ask(i, round)));
    // The first round warms the server (statement cache, JIT) and is not counted.
    if (round === 0) continue;
    for (const g of got) {
      const p = providerFirst.get(g.tag);
      if (p === undefined) throw new Error(`the provider never saw ${g.tag}`);
      overhead.push(g.first - p);
      total.push(g.first - g.started);
    }
  }
  printTable(
    `AI assistant: ${ATTENDANTS} attendants at once × ${ROUNDS - 1} rounds (after a warm-up), ${machine()}`,
    ["measure", "samples", "p50", "p99", "max"],
    [
      [
        "provider's first token → first SSE delta at the client",
        String(overhead.length),
        ms(pct(overhead, 0.5)),
        ms(pct(overhead, 0.99)),
        ms(Math.max(...overhead)),
      ],
      [
        "request sent → first SSE delta (context)",
        String(total.length),
        ms(pct(total, 0.5)),
        ms(pct(total, 0.99)),
        ms(Math.max(...total)),
      ],
    ],
  );
} finally {
  await stopServer(server);
  await provider.close();
}
