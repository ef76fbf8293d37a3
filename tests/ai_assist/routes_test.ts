/**
 * /api/ai-assist against a local chat-completions server: settings (admins, key sealed and
 * masked), the streamed features (401 / cross-company 404 / 403 / happy path), the plan flag, no
 * provider, the monthly budget, the usage log (tokens and latency, never content). LGPD masking: masking_test.ts.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { aiSettings, aiUsage, contacts, messages, plans, tags, tickets } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { startChatProvider } from "./_provider.ts";
import { drafts, readSse } from "./_sse.ts";

async function conversation(t: TestApp, companyId: number, o: Partial<typeof tickets.$inferInsert> = {}) {
  return await t.deps.database.write(async (tx) => {
    const [c] = await tx.insert(contacts).values({
      companyId,
      name: "Maria",
      number: `55${Date.now()}${Math.floor(Math.random() * 1000)}`,
    }).returning();
    const [tk] = await tx.insert(tickets).values({ companyId, contactId: c.id, status: "open", ...o })
      .returning();
    const rows = await tx.insert(messages).values([
      {
        companyId,
        ticketId: tk.id,
        contactId: c.id,
        body: "Hola, quiero cambiar mi pedido 123",
        fromMe: false,
      },
      { companyId, ticketId: tk.id, contactId: c.id, body: "Claro, um momento", fromMe: true },
      { companyId, ticketId: tk.id, contactId: c.id, body: "segredo interno", fromMe: true, isPrivate: true },
    ]).returning();
    return { ticket: tk, contact: c, customerMessageId: rows[0].id };
  });
}

Deno.test("[ai_assist] settings, streamed features, budget and usage log", async (t) => {
  const provider = startChatProvider();
  const app = await createTestApp();
  try {
    const a = await createTenant(app, { plan: { aiMonthlyTokens: 100_000 } });
    const b = await createTenant(app);
    const agent = await createUser(app, a.company.id, { profile: "user", allTicket: "disabled" });
    const agentToken = (await login(app, agent)).token;
    const mine = await conversation(app, a.company.id, { userId: agent.user.id });
    const hidden = await conversation(app, a.company.id, { userId: a.admin.user.id });
    const foreign = await conversation(app, b.company.id);
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(`/api/ai-assist${path}`, { method, token, json });
    const settings = { baseUrl: provider.url, apiKey: "sk-live-abcdef123456", model: "gpt-test" };

    await t.step("401 on every route without a token", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/ai-assist/status"],
        ["GET", "/api/ai-assist/settings"],
        ["PUT", "/api/ai-assist/settings"],
        ["DELETE", "/api/ai-assist/settings"],
        ["GET", "/api/ai-assist/usage"],
        ["POST", "/api/ai-assist/tickets/1/suggest"],
        ["POST", "/api/ai-assist/tickets/1/summary"],
        ["POST", "/api/ai-assist/tickets/1/summary-note"],
        ["POST", "/api/ai-assist/tickets/1/rewrite"],
        ["POST", "/api/ai-assist/tickets/1/translate"],
        ["POST", "/api/ai-assist/tickets/1/classify"],
      ]);
    });

    await t.step("no provider: status unavailable, features 409 ERR_AI_NOT_CONFIGURED", async () => {
      assert.deepEqual(await expectOk(await req("/status", agentToken)), {
        available: false,
        budgetExhausted: false,
      });
      await expectError(
        await req(`/tickets/${mine.ticket.id}/suggest`, agentToken, "POST"),
        409,
        "ERR_AI_NOT_CONFIGURED",
      );
      const s = await expectOk<Json>(await req("/settings", a.adminToken));
      assert.equal(s.configured, false);
    });

    await t.step("settings: admins only; the key sealed at rest and answered masked", async () => {
      await expectError(await req("/settings", agentToken, "PUT", settings), 403, "ERR_NO_PERMISSION");
      await expectError(await req("/settings", agentToken), 403, "ERR_NO_PERMISSION");
      await expectError(await req("/usage", agentToken), 403, "ERR_NO_PERMISSION");
      await expectError(
        await req("/settings", a.adminToken, "PUT", { ...settings, baseUrl: "ftp://x" }),
        400,
        "ERR_VALIDATION",
      );
      const s = await expectOk<Json>(
        await req("/settings", a.adminToken, "PUT", { ...settings, models: { summary: "gpt-summary" } }),
      );
      assert.equal(s.apiKey, "••••3456");
      assert.deepEqual(s.models, { summary: "gpt-summary" });
      const [row] = await app.deps.db.select().from(aiSettings).where(eq(aiSettings.companyId, a.company.id));
      assert.ok(row.apiKey.startsWith("enc:v1:") && !row.apiKey.includes("abcdef"));
      // The masked value sent back keeps the key.
      await expectOk(
        await req("/settings", a.adminToken, "PUT", {
          ...settings,
          apiKey: "••••3456",
          models: { summary: "gpt-summary" },
        }),
      );
      assert.deepEqual(await expectOk(await req("/status", agentToken)), {
        available: true,
        budgetExhausted: false,
      });
      // Another company's settings stay empty.
      assert.equal((await expectOk<Json>(await req("/settings", b.adminToken))).configured, false);
    });

    await t.step("suggest: up to three drafts streamed as SSE, with the conversation sent", async () => {
      const res = await req(`/tickets/${mine.ticket.id}/suggest`, agentToken, "POST");
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
      const events = await readSse(res);
      assert.equal(events.at(-1)!.event, "done");
      assert.deepEqual(drafts(events), [
        "Claro, posso ajudar com a troca.",
        "Olá! Vou verificar seu pedido agora.",
        "Pode me enviar o número do pedido?",
      ]);
      const hit = provider.hits.at(-1)!;
      assert.equal(hit.headers.get("authorization"), "Bearer sk-live-abcdef123456");
      assert.equal(hit.json.model, "gpt-test");
      assert.match(hit.raw, /Customer: Hola, quiero cambiar mi pedido 123/);
      assert.match(hit.raw, /Attendant: Claro, um momento/);
      assert.doesNotMatch(hit.raw, /segredo interno/, "private notes are not sent");
    });

    await t.step("summary, rewrite, translate (both ways): streamed, model per feature", async () => {
      const sum = await readSse(
        await req(`/tickets/${mine.ticket.id}/summary`, agentToken, "POST", { lang: "pt" }),
      );
      assert.equal(drafts(sum)[0], "Cliente quer trocar o pedido 123. Aguarda retorno sobre o prazo.");
      assert.equal(provider.hits.at(-1)!.json.model, "gpt-summary");
      const rw = await readSse(
        await req(`/tickets/${mine.ticket.id}/rewrite`, agentToken, "POST", {
          text: "vou ver seu pedido",
          style: "friendly",
        }),
      );
      assert.equal(drafts(rw)[0], "Olá! Vou verificar o seu pedido agora mesmo.");
      assert.match(provider.hits.at(-1)!.raw, /warmer and friendlier/);
      const tr = await readSse(
        await req(`/tickets/${mine.ticket.id}/translate`, agentToken, "POST", {
          messageId: mine.customerMessageId,
          to: "pt",
        }),
      );
      assert.equal(drafts(tr)[0], "Olá, quero trocar meu pedido.");
      assert.match(provider.hits.at(-1)!.raw, /Portuguese/);
      // Without messageId: the customer's last message.
      await readSse(await req(`/tickets/${mine.ticket.id}/translate`, agentToken, "POST", { to: "en" }));
      assert.match(provider.hits.at(-1)!.raw, /Hola, quiero cambiar mi pedido 123/);
      const back = await readSse(
        await req(`/tickets/${mine.ticket.id}/translate`, agentToken, "POST", {
          text: "Vou revisar seu pedido",
        }),
      );
      assert.equal(drafts(back)[0], "Hola, voy a revisar su pedido.");
      // A message of another company, or of another ticket of ours, is not this ticket's: 404.
      for (const messageId of [foreign.customerMessageId, hidden.customerMessageId]) {
        await expectError(
          await req(`/tickets/${mine.ticket.id}/translate`, agentToken, "POST", { messageId, to: "pt" }),
          404,
          "ERR_NOT_FOUND",
        );
      }
      await expectError(
        await req(`/tickets/${mine.ticket.id}/rewrite`, agentToken, "POST", { text: "x", style: "loud" }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("classify: only the company's own tags and queues come back", async () => {
      const [tag] = await app.deps.database.write((tx) =>
        tx.insert(tags).values({ companyId: a.company.id, name: "Troca", color: "#000000" }).returning()
      );
      provider.reply = () => JSON.stringify({ tagIds: [tag.id, 999999], queueId: 424242 });
      const got = await expectOk<Json>(await req(`/tickets/${mine.ticket.id}/classify`, agentToken, "POST"));
      assert.deepEqual(got, { tagIds: [tag.id], queueId: null });
      provider.reply = (await import("./_provider.ts")).defaultReply;
    });

    await t.step("summary-note: the summary kept as a ticket note", async () => {
      const note = await expectOk<Json>(
        await req(`/tickets/${mine.ticket.id}/summary-note`, agentToken, "POST", { lang: "pt" }),
        201,
      );
      assert.match(String(note.note), /Cliente quer trocar o pedido 123/);
      const notes = await expectOk<Json[]>(
        await app.request(`/api/ticket-notes/list?ticketId=${mine.ticket.id}`, { token: a.adminToken }),
      );
      assert.equal(notes.length, 1);
    });

    await t.step("another company's ticket → 404; a ticket the user may not see → 403", async () => {
      for (const f of ["suggest", "summary", "classify", "summary-note"]) {
        await expectError(
          await req(`/tickets/${foreign.ticket.id}/${f}`, a.adminToken, "POST", {}),
          404,
          "ERR_NO_TICKET_FOUND",
        );
        await expectError(
          await req(`/tickets/${hidden.ticket.id}/${f}`, agentToken, "POST", {}),
          403,
          "ERR_NO_PERMISSION",
        );
      }
      await expectError(
        await req(`/tickets/${foreign.ticket.id}/rewrite`, a.adminToken, "POST", {
          text: "oi",
          style: "fix",
        }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      await expectError(
        await req(`/tickets/${hidden.ticket.id}/translate`, agentToken, "POST", { text: "oi" }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("attendants not allowed: profile users 403, admins go on", async () => {
      await expectOk(
        await req("/settings", a.adminToken, "PUT", { ...settings, apiKey: "", forAttendants: false }),
      );
      assert.equal((await expectOk<Json>(await req("/status", agentToken))).available, false);
      await expectError(
        await req(`/tickets/${mine.ticket.id}/suggest`, agentToken, "POST"),
        403,
        "ERR_NO_PERMISSION",
      );
      assert.equal((await req(`/tickets/${mine.ticket.id}/summary`, a.adminToken, "POST", {})).status, 200);
      await expectOk(await req("/settings", a.adminToken, "PUT", { ...settings, apiKey: "" }));
    });

    await t.step("a provider failure mid-stream is an error event, logged as an error", async () => {
      await expectOk(await req("/settings", a.adminToken, "PUT", { ...settings, apiKey: "", model: "fail" }));
      const events = await readSse(await req(`/tickets/${mine.ticket.id}/suggest`, agentToken, "POST"));
      assert.equal(events.at(-1)!.event, "error");
      assert.equal(events.at(-1)!.data.error, "ERR_AI_PROVIDER");
      await expectOk(await req("/settings", a.adminToken, "PUT", { ...settings, apiKey: "" }));
    });

    await t.step("usage: every call with tokens and latency, never the content", async () => {
      const u = await expectOk<Json & { calls: Json[] }>(await req("/usage", a.adminToken));
      assert.equal(u.budget, 100_000);
      assert.ok(Number(u.used) > 0);
      assert.ok(u.calls.length >= 8);
      const failed = u.calls.find((c) => c.status === "error")!;
      assert.equal(failed.errorCode, "http");
      const ok = u.calls.find((c) => c.feature === "suggest" && c.status === "ok")!;
      assert.ok(Number(ok.totalTokens) > 0 && Number(ok.latencyMs) >= 0 && ok.firstTokenMs !== null);
      assert.deepEqual(ok.user, { id: agent.user.id, name: agent.user.name });
      const rows = await app.deps.db.select().from(aiUsage);
      const dump = JSON.stringify(rows);
      assert.doesNotMatch(dump, /pedido|Hola|Claro/, "no content in the usage log");
      assert.equal((await expectOk<Json>(await req("/usage", b.adminToken))).used, 0);
    });

    await t.step("budget spent: 429 ERR_AI_BUDGET_EXHAUSTED and the status says so", async () => {
      await app.deps.database.write((tx) =>
        tx.update(plans).set({ aiMonthlyTokens: 10 }).where(eq(plans.id, a.plan.id))
      );
      clearCaches(app.deps.caches);
      const err = await expectError(
        await req(`/tickets/${mine.ticket.id}/suggest`, agentToken, "POST"),
        429,
        "ERR_AI_BUDGET_EXHAUSTED",
      );
      assert.equal((err.details as Json).budget, 10);
      assert.deepEqual(await expectOk(await req("/status", agentToken)), {
        available: true,
        budgetExhausted: true,
      });
      await app.deps.database.write((tx) =>
        tx.update(plans).set({ aiMonthlyTokens: 100_000, useOpenAi: false }).where(eq(plans.id, a.plan.id))
      );
      clearCaches(app.deps.caches);
      await expectError(
        await req(`/tickets/${mine.ticket.id}/suggest`, agentToken, "POST"),
        403,
        "ERR_PLAN_FEATURE",
      );
      await expectError(await req("/settings", a.adminToken), 403, "ERR_PLAN_FEATURE");
      await app.deps.database.write((tx) =>
        tx.update(plans).set({ useOpenAi: true }).where(eq(plans.id, a.plan.id))
      );
      clearCaches(app.deps.caches);
    });
  } finally {
    await app.close();
    await provider.close();
  }
});
