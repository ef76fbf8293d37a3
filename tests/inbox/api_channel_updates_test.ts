/**
 * The api channel beyond a plain text message: its token and tenancy, updates (edit, revoke, ack)
 * and the outbound webhook's retries. Inbound media is in api_channel_media_test.ts.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobs } from "@db/schema.ts";
import { createTestApp, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { createTenant, type Inbox, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import {
  customerSays,
  deliveryJob,
  hookFor,
  inboundRaw,
  messageRow,
  updateRaw,
  waitUntil,
} from "../_helpers/inbox.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";
import { backoffMs, runDueJobs } from "@/jobs/queue.ts";

const MARIA = { number: "5511988887777", name: "Maria" };

type Msg = Json & { id: number; body: string; mediaUrl: string | null; mediaType: string; ack: number };

/** A customer's message and an attendant's reply on an open ticket. */
async function conversation(t: TestApp, w: Inbox) {
  const agent = await userOf(t, w.company.id, { name: "Carla", queueIds: [w.queues[0].id] });
  const inbound = await customerSays(t, w.conn, MARIA, "Quero um orçamento");
  await expectOk(
    await t.request(`/api/tickets/${inbound.ticketId}`, {
      method: "PUT",
      token: agent.token,
      json: { status: "open" },
    }),
  );
  const reply = await expectOk<Msg>(
    await t.request(`/api/messages/${inbound.ticketId}`, {
      method: "POST",
      token: agent.token,
      json: { body: "Claro!" },
    }),
    201,
  );
  return { agent, inbound, reply };
}

Deno.test("[inbox] api channel: a wrong token is 401 before any validation; another company's ids are 404", async (tt) => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const b = await createTenant(t, { webhook: null, user: false });
    const bMsg = await customerSays(t, b.conn, "5521900000001", "oi B");

    await tt.step("no token, a wrong token, a user's access token: 401", async () => {
      for (const path of ["/api/channels/api/messages", "/api/channels/api/updates"]) {
        await expectError(await t.request(path, { method: "POST", json: {} }), 401, "ERR_UNAUTHENTICATED");
        await expectError(
          await t.request(path, {
            method: "POST",
            headers: { authorization: `Bearer ${"x".repeat(30)}` },
            json: {},
          }),
          401,
          "ERR_UNAUTHENTICATED",
        );
        await expectError(
          await t.request(path, { method: "POST", token: a.adminToken, json: {} }),
          401,
          "ERR_UNAUTHENTICATED",
        );
      }
    });

    await tt.step("a non-api connection's token is refused", async () => {
      const wa = await expectOk<{ token: string }>(
        await t.request("/api/whatsapp", {
          method: "POST",
          token: a.adminToken,
          json: { name: "Phone", channel: "whatsapp" },
        }),
        201,
      );
      await expectError(
        await inboundRaw(t, wa.token, { externalId: "x", from: { number: "5511900000001" }, body: "oi" }),
        401,
        "ERR_UNAUTHENTICATED",
      );
    });

    await tt.step("updates about another company's message answer 404 and change nothing", async () => {
      const wid = (await messageRow(t, bMsg.messageId)).wid!;
      await expectError(
        await updateRaw(t, a.conn.token, { externalId: wid, type: "edit", body: "hacked" }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await updateRaw(t, a.conn.token, { externalId: wid, type: "ack", ack: 3 }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectOk(await updateRaw(t, a.conn.token, { externalId: wid, type: "revoke" }));
      const row = await messageRow(t, bMsg.messageId);
      assert.equal(row.body, "oi B");
      assert.equal(row.isDeleted, false);
      assert.equal(row.ack, 0);
    });

    await tt.step("another connection of the same company cannot touch this one's messages", async () => {
      const second = await expectOk<{ token: string }>(
        await t.request("/api/whatsapp", {
          method: "POST",
          token: a.adminToken,
          json: { name: "Second api", channel: "api", webhookUrl: "http://127.0.0.1:9/x" },
        }),
        201,
      );
      const mine = await customerSays(t, a.conn, "5511900000009", "meu");
      const wid = (await messageRow(t, mine.messageId)).wid!;
      await expectError(
        await updateRaw(t, second.token, { externalId: wid, type: "edit", body: "outro" }),
        404,
        "ERR_NOT_FOUND",
      );
      assert.equal((await messageRow(t, mine.messageId)).body, "meu");
    });

    await tt.step("an invalid update body is a validation error", async () => {
      await expectError(
        await updateRaw(t, a.conn.token, { externalId: "x", type: "edit" }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await updateRaw(t, a.conn.token, { externalId: "x", type: "ack" }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await updateRaw(t, a.conn.token, { externalId: "x", type: "poke" }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await t.close();
  }
});

Deno.test("[inbox] api channel updates: edit, revoke and ack", async (tt) => {
  const t = await startTestServer();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, { webhook: sink, user: false, queues: [{ name: "Vendas" }] });
    const { agent, inbound, reply } = await conversation(t, w);
    const ws = await connectWs(t.wsUrl, agent.token);
    const ev = `company-${w.company.id}-appMessage`;
    const wid = (await messageRow(t, inbound.messageId)).wid!;

    await tt.step("edit: new body, isEdited and a socket update", async () => {
      await expectOk(
        await updateRaw(t, w.conn.token, { externalId: wid, type: "edit", body: "Quero dois orçamentos" }),
      );
      const row = await messageRow(t, inbound.messageId);
      assert.equal(row.body, "Quero dois orçamentos");
      assert.equal(row.isEdited, true);
      const f = await ws.next(
        (f) =>
          f.event === ev && f.data?.action === "update" &&
          (f.data.message as Msg).id === inbound.messageId && (f.data.message as Msg).isEdited === true,
        10_000,
      );
      assert.equal((f.data!.message as Msg).body, "Quero dois orçamentos");
      await expectError(
        await updateRaw(t, w.conn.token, { externalId: "nope", type: "edit", body: "x" }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await tt.step("revoke: isDeleted, idempotent", async () => {
      await expectOk(await updateRaw(t, w.conn.token, { externalId: wid, type: "revoke" }));
      await expectOk(await updateRaw(t, w.conn.token, { externalId: wid, type: "revoke" }));
      assert.equal((await messageRow(t, inbound.messageId)).isDeleted, true);
      await ws.next(
        (f) =>
          f.event === ev && f.data?.action === "update" && (f.data.message as Msg).id === inbound.messageId &&
          (f.data.message as Msg).isDeleted === true,
        10_000,
      );
    });

    await tt.step("ack: our message rises to 3 and never goes down", async () => {
      const hook = await hookFor(sink, MARIA.number, (b) => b === "Claro!");
      const ourId = String(hook.json.messageId);
      // The delivery sets ack 2 (possibly before this socket connected, so read it from the row).
      await waitUntil(async () => (await messageRow(t, reply.id)).ack === 2, "ack 2 after delivery");
      await expectOk(await updateRaw(t, w.conn.token, { externalId: ourId, type: "ack", ack: 3 }));
      assert.equal((await messageRow(t, reply.id)).ack, 3);
      await ws.next(
        (f) =>
          f.event === ev && f.data?.action === "update" && (f.data.message as Msg).id === reply.id &&
          (f.data.message as Msg).ack === 3,
        10_000,
      );
      await expectOk(await updateRaw(t, w.conn.token, { externalId: ourId, type: "ack", ack: 1 }));
      await expectOk(await updateRaw(t, w.conn.token, { externalId: ourId, type: "ack", ack: 2 }));
      assert.equal((await messageRow(t, reply.id)).ack, 3);
      await settle(100);
      const ofReply = (f: (typeof ws.frames)[number]) =>
        f.event === ev && (f.data?.message as Msg | undefined)?.id === reply.id;
      const at3 = ws.frames.findIndex((f) => ofReply(f) && (f.data!.message as Msg).ack === 3);
      assert.deepEqual(ws.frames.slice(at3 + 1).filter(ofReply), [], "a lower ack announces nothing");
      await expectError(
        await updateRaw(t, w.conn.token, { externalId: ourId, type: "ack", ack: 9 }),
        400,
        "ERR_VALIDATION",
      );
    });
    await ws.close();
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[inbox] api channel: a webhook answering 500 is retried with backoff, then delivered once", async () => {
  // A frozen clock the test moves by hand: a job is due exactly when the test says so.
  const base = Date.now();
  let offset = 0;
  const t = await createTestApp({ scheduler: false, clock: { now: () => new Date(base + offset) } });
  const at = (ms: number) => new Date(base + ms).toISOString();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, { webhook: sink, user: false, queues: [{ name: "Vendas" }] });
    const { reply } = await conversation(t, w);
    sink.status = 500;
    // enqueue() stamps run_at with the wall clock; bring the frozen clock up to it.
    offset = Date.now() - base + 1;

    assert.equal(await runDueJobs(t.deps), 1);
    let job = (await deliveryJob(t, reply.id))!;
    assert.equal(job.status, "pending");
    assert.equal(job.attempts, 1);
    assert.match(job.lastError ?? "", /500/);
    assert.equal(job.runAt, at(offset + backoffMs(1)), "rescheduled 2 s later");
    assert.equal(await runDueJobs(t.deps), 0, "not due again before its backoff");

    offset += backoffMs(1);
    assert.equal(await runDueJobs(t.deps), 1);
    job = (await deliveryJob(t, reply.id))!;
    assert.equal(job.status, "pending");
    assert.equal(job.attempts, 2);
    assert.equal(job.runAt, at(offset + backoffMs(2)), "the wait doubles");
    assert.equal(sink.received.length, 0);
    assert.equal((await messageRow(t, reply.id)).ack, 0);

    sink.status = 200;
    offset += backoffMs(2);
    assert.equal(await runDueJobs(t.deps), 1);
    job = (await deliveryJob(t, reply.id))!;
    assert.equal(job.status, "done");
    assert.equal(job.attempts, 3);
    assert.equal(sink.received.length, 1);
    assert.equal(sink.received[0].json.body, "Claro!");
    assert.equal(sink.received[0].headers.get("x-atende-delivery"), `${w.company.id}-${reply.id}`);
    assert.equal((await messageRow(t, reply.id)).ack, 2);

    offset += 3_600_000;
    assert.equal(await runDueJobs(t.deps), 0);
    assert.equal(sink.received.length, 1, "delivered exactly once");
    const all = await t.deps.db.select().from(jobs).where(eq(jobs.companyId, w.company.id));
    assert.equal(all.length, 1);
  } finally {
    await sink.close();
    await t.close();
  }
});
