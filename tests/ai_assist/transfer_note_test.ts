/**
 * The summary note a transfer leaves when no person's dialog wrote one, against the local
 * chat-completions server: a transfer by an API key or by automation gets one note (logged as a
 * call with no user); a person's transfer, and one whose summary note is already there, get no
 * second; a spent budget gets none and no error.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { aiUsage, contacts, messages, plans, ticketNotes, tickets } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { botUpdate } from "@/automation/bot.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectOk } from "../_helpers/http.ts";
import { makeKey } from "../api_keys/_keys.ts";
import { API_KEY_SCOPES } from "@contract/api_keys.ts";
import { startChatProvider } from "./_provider.ts";

const SUMMARY = "Cliente quer trocar o pedido 123. Aguarda retorno sobre o prazo.";

async function waiting(t: TestApp, companyId: number, queueId: number) {
  return await t.deps.database.write(async (tx) => {
    const [c] = await tx.insert(contacts).values({
      companyId,
      name: "Lucía",
      number: `55${Date.now()}${Math.floor(Math.random() * 1000)}`,
    }).returning();
    const [tk] = await tx.insert(tickets).values({ companyId, contactId: c.id, status: "pending", queueId })
      .returning();
    await tx.insert(messages).values({
      companyId,
      ticketId: tk.id,
      contactId: c.id,
      body: "Hola, quiero cambiar mi pedido 123",
      fromMe: false,
    });
    return tk;
  });
}

Deno.test("[ai_assist] a transfer by an API key or automation leaves one AI summary note", async (t) => {
  const provider = startChatProvider();
  const app = await createTestApp();
  try {
    const a = await createTenant(app, {
      plan: { aiMonthlyTokens: 100_000 },
      queues: [{ name: "Vendas", color: "#2563eb" }, { name: "Suporte", color: "#16a34a" }],
    });
    const [vendas, suporte] = a.queues;
    await expectOk(
      await app.request("/api/ai-assist/settings", {
        method: "PUT",
        token: a.adminToken,
        json: { baseUrl: provider.url, apiKey: "sk-transfer", model: "gpt-test" },
      }),
    );
    const key = await makeKey(app, a.adminToken, { name: "ERP", scopes: [...API_KEY_SCOPES] });
    const transfer = async (ticketId: number, token: string) => {
      await expectOk(
        await app.request(`/api/tickets/${ticketId}`, {
          method: "PUT",
          token,
          json: { queueId: suporte.id, userId: null, status: "pending", isTransfered: true },
        }),
      );
      await app.deps.bus.drain();
    };
    const notesOf = async (ticketId: number) =>
      (await app.deps.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).map((n) =>
        n.note
      );
    const summaryCalls = async (ticketId: number) =>
      await app.deps.db.select().from(aiUsage)
        .where(and(eq(aiUsage.ticketId, ticketId), eq(aiUsage.feature, "summary")));

    await t.step("by an API key: the note appears, the call logged with no user", async () => {
      const tk = await waiting(app, a.company.id, vendas.id);
      await transfer(tk.id, key.secret);
      assert.deepEqual(await notesOf(tk.id), [`🤖 ${SUMMARY}`]);
      const [call, ...more] = await summaryCalls(tk.id);
      assert.equal(more.length, 0);
      assert.deepEqual([call.userId, call.status, call.model], [null, "ok", "gpt-test"]);
      assert.match(provider.hits.at(-1)!.raw, /Hola, quiero cambiar mi pedido 123/);
      // The note is the ticket's: the next attendant reads it in the notes list.
      const [note] = await expectOk<{ note: string; user: unknown }[]>(
        await app.request(`/api/ticket-notes/list?ticketId=${tk.id}`, { token: a.adminToken }),
      );
      assert.deepEqual(note, { ...note, note: `🤖 ${SUMMARY}`, user: null });
    });

    await t.step("by automation (a redirect to another queue): the note appears", async () => {
      const tk = await waiting(app, a.company.id, vendas.id);
      await botUpdate(app.deps, tk, { queueId: suporte.id }, { type: "redirect", queueId: suporte.id });
      await app.deps.bus.drain();
      assert.deepEqual(await notesOf(tk.id), [`🤖 ${SUMMARY}`]);
    });

    await t.step("from the browser with the dialog's summary: no second note", async () => {
      const tk = await waiting(app, a.company.id, vendas.id);
      const calls = provider.hits.length;
      // What the transfer dialog does: the summary note first, then the person's transfer.
      await expectOk(
        await app.request(`/api/ai-assist/tickets/${tk.id}/summary-note`, {
          method: "POST",
          token: a.adminToken,
          json: { lang: "pt" },
        }),
        201,
      );
      await transfer(tk.id, a.adminToken);
      assert.deepEqual(await notesOf(tk.id), [`🤖 ${SUMMARY}`]);
      assert.equal(provider.hits.length, calls + 1);
      // A later transfer by a key finds the summary still covering the conversation: none again.
      await transfer(tk.id, key.secret);
      assert.deepEqual(await notesOf(tk.id), [`🤖 ${SUMMARY}`]);
      assert.equal(provider.hits.length, calls + 1);
    });

    await t.step("a person's transfer without the dialog's summary: the server adds none", async () => {
      const tk = await waiting(app, a.company.id, vendas.id);
      await transfer(tk.id, a.adminToken);
      assert.deepEqual(await notesOf(tk.id), []);
    });

    await t.step("the month's budget spent: no note, no call, no error", async () => {
      await app.deps.database.write((tx) =>
        tx.update(plans).set({ aiMonthlyTokens: 1 }).where(eq(plans.id, a.plan.id))
      );
      clearCaches(app.deps.caches);
      const tk = await waiting(app, a.company.id, vendas.id);
      const calls = provider.hits.length;
      await transfer(tk.id, key.secret);
      assert.deepEqual(await notesOf(tk.id), []);
      assert.equal(provider.hits.length, calls);
      assert.deepEqual(await summaryCalls(tk.id), []);
      const [moved] = await app.deps.db.select().from(tickets).where(eq(tickets.id, tk.id));
      assert.equal(moved.queueId, suporte.id);
    });
  } finally {
    await app.close();
    await provider.close();
  }
});
