/**
 * The api channel beyond a plain text message: updates (edit, revoke, ack), the outbound
 * webhook's retries, and inbound media (base64 and URL) within the download limit.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobs, messages } from "@db/schema.ts";
import { createTestApp, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { createTenant, type Inbox, setCompanySetting, userOf } from "../_helpers/tenant.ts";
import { bytesOf, expectError, expectOk, type Json, PNG } from "../_helpers/http.ts";
import {
  customerSays,
  deliveryJob,
  hookFor,
  inboundRaw,
  messageRow,
  nextExternalId,
  ticketRow,
  updateRaw,
  waitUntil,
} from "../_helpers/inbox.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";
import { backoffMs, runDueJobs } from "@/jobs/queue.ts";
import { encodeBase64 } from "@/lib/base64.ts";

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

Deno.test("[inbox] api channel media: base64 and URL are stored and served through the signed URL", async (tt) => {
  const t = await createTestApp();
  const files = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/photo.png") return new Response(PNG, { headers: { "content-type": "image/png" } });
    return new Response("missing", { status: 404 });
  });
  const base = `http://127.0.0.1:${files.addr.port}`;
  try {
    const w = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const agent = await userOf(t, w.company.id, { queueIds: [w.queues[0].id] });

    const check = async (messageId: number, caption: string) => {
      const row = await messageRow(t, messageId);
      assert.equal(row.mediaType, "image");
      assert.equal(row.mediaName, "foto.png");
      assert.match(row.mediaUrl!, new RegExp(`^company${w.company.id}/messages/`));
      const tk = await ticketRow(t, row.ticketId);
      const page = await expectOk<{ messages: Msg[] }>(
        await t.request(`/api/messages/${tk.uuid}`, { token: agent.token }),
      );
      const m = page.messages.find((x) => x.id === messageId)!;
      assert.equal(m.body, caption);
      assert.match(m.mediaUrl!, /^\/api\/media\/.+\?exp=\d+&sig=[0-9a-f]+$/);
      const file = await t.request(m.mediaUrl!);
      assert.equal(file.status, 200);
      assert.deepEqual(await bytesOf(file), PNG);
      const unsigned = await t.request(m.mediaUrl!.split("?")[0]);
      await expectError(unsigned, 403, "ERR_NO_PERMISSION");
    };

    await tt.step("base64", async () => {
      const r = await customerSays(t, w.conn, MARIA, "minha foto", {
        media: { base64: encodeBase64(PNG), mimetype: "image/png", filename: "foto.png" },
      });
      await check(r.messageId, "minha foto");
    });

    await tt.step("url", async () => {
      const r = await customerSays(t, w.conn, MARIA, "", {
        media: { url: `${base}/photo.png`, mimetype: "image/png", filename: "foto.png" },
      });
      await check(r.messageId, "");
      assert.equal((await ticketRow(t, r.ticketId)).lastMessage, "foto.png");
    });

    await tt.step("a URL that fails keeps the message: stored at once, its media pending", async () => {
      const externalId = nextExternalId();
      const res = await expectOk<Json>(
        await inboundRaw(t, w.conn.token, {
          externalId,
          from: MARIA,
          body: "x",
          media: { url: `${base}/gone.png`, mimetype: "image/png", filename: "gone.png" },
        }),
      );
      assert.equal(res.mediaStatus, "pending");
      const [stored] = await t.deps.db.select().from(messages).where(eq(messages.wid, externalId));
      assert.equal(stored.body, "x");
      assert.equal(stored.mediaType, "image");
      assert.equal(stored.mediaStatus, "pending");
      assert.equal(stored.mediaLink, `${base}/gone.png`);
      assert.equal(stored.mediaUrl, null);
    });

    await tt.step("both or neither of url and base64 is a validation error", async () => {
      await expectError(
        await inboundRaw(t, w.conn.token, {
          externalId: nextExternalId(),
          from: MARIA,
          media: { url: `${base}/photo.png`, base64: "AAAA", mimetype: "image/png", filename: "a.png" },
        }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await inboundRaw(t, w.conn.token, {
          externalId: nextExternalId(),
          from: MARIA,
          media: { mimetype: "image/png", filename: "a.png" },
        }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await files.shutdown();
    await t.close();
  }
});

Deno.test("[inbox] api channel media: a file above downloadLimit is 413, however it comes", async (tt) => {
  const t = await createTestApp();
  const big = new Uint8Array(1024 * 1024 + 10).fill(7);
  const files = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/sized.bin") return new Response(big);
    // No content-length: the body is streamed in chunks and never ends, so only a reader that
    // stops at the limit answers (one that buffers first waits for its 30 s timeout).
    return new Response(new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(64 * 1024)) }));
  });
  const base = `http://127.0.0.1:${files.addr.port}`;
  try {
    // The operator's limit, in MB (the settings API offers 32 and up; 1 keeps the test small).
    await setCompanySetting(t, 1, "downloadLimit", "1");
    const w = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const post = (media: Json) =>
      inboundRaw(t, w.conn.token, {
        externalId: nextExternalId(),
        from: MARIA,
        body: "arquivo",
        media: { mimetype: "application/octet-stream", filename: "big.bin", ...media },
      });

    await tt.step("base64", async () => {
      await expectError(await post({ base64: encodeBase64(big) }), 413, "ERR_PAYLOAD_TOO_LARGE");
    });
    await tt.step("url with a content-length", async () => {
      await expectError(await post({ url: `${base}/sized.bin` }), 413, "ERR_PAYLOAD_TOO_LARGE");
    });
    await tt.step("url streamed without a content-length", async () => {
      await expectError(await post({ url: `${base}/stream.bin` }), 413, "ERR_PAYLOAD_TOO_LARGE");
    });
    await tt.step("nothing was stored, and a file under the limit passes", async () => {
      const small = await customerSays(t, w.conn, MARIA, "pequeno", {
        media: { base64: encodeBase64(big.slice(0, 1000)), mimetype: "application/pdf", filename: "ok.pdf" },
      });
      const tk = await ticketRow(t, small.ticketId);
      assert.equal(tk.unreadMessages, 1, "the refused messages were not stored");
      assert.equal((await messageRow(t, small.messageId)).mediaType, "application");
      const dir = `${t.dataDir}/media/company${w.company.id}/messages`;
      assert.equal([...Deno.readDirSync(dir)].length, 1, "no refused file was written");
    });
  } finally {
    await files.shutdown();
    await t.close();
  }
});
