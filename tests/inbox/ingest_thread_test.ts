/**
 * The inbound pipeline with its write transactions on the ingest Worker (server/inbox/ingest_thread.ts):
 * the same results, events, idempotency and per-message failures as on the main thread, and the
 * main thread's own writes interleave with the Worker's batches without a busy error.
 */
import assert from "node:assert/strict";
import { and, count, eq } from "drizzle-orm";
import { messages, tickets, whatsapps } from "@db/schema.ts";
import { receiveInbound, startIngestWorker } from "@/inbox/pipeline.ts";
import { ingestThreadBatches } from "@/inbox/ingest_thread.ts";
import { startTestServer, type TestServer } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { connectWs } from "../_helpers/ws_client.ts";

async function withThread(
  fn: (t: TestServer, o: { companyId: number; token: string; admin: string }) => Promise<void>,
) {
  // The Worker starts only when the test says so, and then takes every batch.
  const t = await startTestServer({ scheduler: false, env: { INGEST_THREAD_AFTER: "1000000" } });
  try {
    const { company, admin } = await createCompany(t);
    const adminTok = (await login(t, admin)).token;
    const res = await t.request("/api/whatsapp", {
      method: "POST",
      token: adminTok,
      json: { name: "api", channel: "api", webhookUrl: "http://127.0.0.1:9/none" },
    });
    assert.equal(res.status, 201);
    const { token } = await res.json();
    assert.equal(await startIngestWorker(t.deps), true);
    await fn(t, { companyId: company.id, token, admin: adminTok });
  } finally {
    await t.close();
  }
}

const post = (t: TestServer, token: string, payload: unknown) =>
  fetch(`${t.url}/api/channels/api/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });

Deno.test("[inbox] on the ingest Worker: a message is stored, answered and shown live; a repeat is a duplicate", () =>
  withThread(async (t, { companyId, token }) => {
    const agent = await createUser(t, companyId, { profile: "admin", name: "Ana" });
    const ws = await connectWs(t.wsUrl, (await login(t, agent)).token);
    const res = await post(t, token, {
      externalId: "w-1",
      from: { number: "5511977776666", name: "Rui" },
      body: "oi",
    });
    assert.equal(res.status, 200);
    const { messageId, ticketId, duplicate } = await res.json();
    assert.equal(duplicate, false);
    const created = await ws.next((f) =>
      f.event === `company-${companyId}-appMessage` && f.data?.action === "create"
    );
    assert.equal((created.data!.message as { id: number }).id, messageId);
    // The Worker sends the stored row back without its body; the main thread puts the text back.
    assert.equal((created.data!.message as { body: string }).body, "oi");
    assert.equal((created.data!.ticket as { id: number; unreadMessages: number }).unreadMessages, 1);
    await ws.close();

    const again =
      await (await post(t, token, { externalId: "w-1", from: { number: "5511977776666" }, body: "oi" }))
        .json();
    assert.deepEqual(again, { messageId, ticketId, duplicate: true });
    assert.ok(ingestThreadBatches(t.deps) >= 2, "the batches ran on the Worker");
  }));

Deno.test("[inbox] on the ingest Worker: 50 concurrent first messages open one ticket; main-thread writes interleave", () =>
  withThread(async (t, { companyId, token, admin }) => {
    const before = ingestThreadBatches(t.deps);
    const burst = Array.from(
      { length: 50 },
      (_, i) =>
        post(t, token, { externalId: `b-${i}`, from: { number: "5511955554444" }, body: `m ${i}` }).then((
          r,
        ) => r.json()),
    );
    // Writes of the main thread's own connection while the Worker's batches run.
    const tags = Array.from(
      { length: 10 },
      (_, i) =>
        t.request("/api/tags", {
          method: "POST",
          token: admin,
          json: { name: `tag ${i}`, color: "#aa0000" },
        }),
    );
    const results = await Promise.all(burst);
    for (const r of await Promise.all(tags)) assert.equal(r.status, 201, await r.text());
    assert.equal(new Set(results.map((r) => r.ticketId)).size, 1);
    const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, results[0].ticketId));
    assert.equal(ticket.unreadMessages, 50);
    const [{ n }] = await t.deps.db.select({ n: count() }).from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticket.id)));
    assert.equal(n, 50);
    assert.ok(ingestThreadBatches(t.deps) > before);
  }));

Deno.test("[inbox] on the ingest Worker: a failing message of a batch fails alone, with its error", () =>
  withThread(async (t, { companyId }) => {
    const [row] = await t.deps.db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId));
    const msg = (i: number, connection = row) =>
      receiveInbound(t.deps, {
        connection,
        externalId: `f-${i}`,
        from: { number: `55119000003${i}` },
        fromMe: false,
        body: `msg ${i}`,
        timestamp: new Date("2026-01-02T03:04:05Z"),
      });
    const [a, bad, c] = await Promise.allSettled([msg(1), msg(2, { ...row, id: 999_999 }), msg(3)]);
    assert.equal(a.status, "fulfilled");
    assert.equal(c.status, "fulfilled");
    assert.equal(bad.status, "rejected");
    assert.match(String((bad as PromiseRejectedResult).reason.cause?.message), /FOREIGN KEY/);
    const stored = await t.deps.db.select({ wid: messages.wid, createdAt: messages.createdAt }).from(messages)
      .where(eq(messages.companyId, companyId));
    assert.deepEqual(stored.map((m) => m.wid).sort(), ["f-1", "f-3"]);
    // The provider's timestamp crossed the thread as a date.
    assert.equal(stored[0].createdAt, "2026-01-02T03:04:05.000Z");
  }));
