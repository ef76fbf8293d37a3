import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { messages, tickets, whatsapps } from "@db/schema.ts";
import { receiveInbound } from "@/inbox/pipeline.ts";
import { body, startTestServer, type TestServer } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { hmacSha256Hex } from "@/lib/crypto.ts";

async function apiConnection(t: TestServer, token: string, webhookUrl: string, queueIds: number[]) {
  const res = await t.request("/api/whatsapp", {
    method: "POST",
    token,
    json: { name: "Site chat", channel: "api", webhookUrl, queueIds },
  });
  assert.equal(res.status, 201, await res.clone().text());
  return await body<{ id: number; token: string; status: string }>(res);
}

const inbound = (t: TestServer, connToken: string, payload: unknown) =>
  fetch(`${t.url}/api/channels/api/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connToken}`, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });

Deno.test("[inbox] a customer message reaches the attendant live; the reply reaches the webhook signed", async () => {
  const t = await startTestServer();
  const sink = startWebhookSink();
  try {
    const { company, admin } = await createCompany(t);
    const sales = await createQueue(t, company.id, { name: "Vendas" });
    const agent = await createUser(t, company.id, { queueIds: [sales.id], name: "Carla" });
    const adminTok = (await login(t, admin)).token;
    const conn = await apiConnection(t, adminTok, sink.url, [sales.id]);
    assert.equal(conn.token.length, 30);
    assert.equal(conn.status, "CONNECTED");
    const agentTok = (await login(t, agent)).token;
    const ws = await connectWs(t.wsUrl, agentTok);

    const res = await inbound(t, conn.token, {
      externalId: "ext-1",
      from: { number: "+55 11 98888-7777", name: "Maria" },
      body: "Olá, quero um orçamento",
    });
    assert.equal(res.status, 200);
    const { ticketId, messageId } = await res.json();
    const pending = await ws.next((f) =>
      f.event === `company-${company.id}-ticket` &&
      (f.data?.ticket as { status: string; queueId: number })?.queueId === sales.id
    );
    assert.equal((pending.data!.ticket as { status: string }).status, "pending");
    const created = await ws.next((f) =>
      f.event === `company-${company.id}-appMessage` && f.data?.action === "create"
    );
    assert.equal((created.data!.message as { id: number }).id, messageId);

    // Accept, reply, and the reply arrives at the customer's webhook with a valid signature.
    const acc = await t.request(`/api/tickets/${ticketId}`, {
      method: "PUT",
      token: agentTok,
      json: { status: "open", userId: agent.user.id },
    });
    assert.equal(acc.status, 200);
    assert.equal((await acc.json()).status, "open");
    const sent = await t.request(`/api/messages/${ticketId}`, {
      method: "POST",
      token: agentTok,
      json: { body: "Oi {{firstName}}, claro!" },
    });
    assert.equal(sent.status, 201);
    const reply = await sent.json();
    const hook = await sink.next((r) => r.json.body === "Oi Maria, claro!");
    assert.equal(
      hook.headers.get("x-atende-signature"),
      `sha256=${await hmacSha256Hex(conn.token, hook.body)}`,
    );
    assert.equal((hook.json.to as { number: string }).number, "5511988887777");
    // The delivery result becomes the ack.
    await ws.next((f) =>
      f.event === `company-${company.id}-appMessage` && f.data?.action === "update" &&
      (f.data.message as { id: number; ack: number }).id === reply.id &&
      (f.data.message as { ack: number }).ack === 2
    );

    const closed = await t.request(`/api/tickets/${ticketId}`, {
      method: "PUT",
      token: agentTok,
      json: { status: "closed", sendFarewellMessage: false },
    });
    assert.equal(closed.status, 200);
    assert.equal((await closed.json()).status, "closed");
    await ws.next((f) =>
      f.event === `company-${company.id}-ticket` &&
      (f.data?.ticket as { status: string })?.status === "closed"
    );
    await ws.close();
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[inbox] the same inbound POST twice stores one message; 50 concurrent first messages open one ticket", async () => {
  const t = await startTestServer();
  const sink = startWebhookSink();
  try {
    const { company, admin } = await createCompany(t);
    const conn = await apiConnection(t, (await login(t, admin)).token, sink.url, []);
    const p = { externalId: "dup-1", from: { number: "5511900000001" }, body: "oi" };
    const a = await (await inbound(t, conn.token, p)).json();
    const b = await (await inbound(t, conn.token, p)).json();
    assert.equal(a.messageId, b.messageId);
    assert.equal(b.duplicate, true);
    const stored = await t.deps.db.select().from(messages).where(
      and(eq(messages.companyId, company.id), eq(messages.wid, "dup-1")),
    );
    assert.equal(stored.length, 1);

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        inbound(t, conn.token, {
          externalId: `burst-${i}`,
          from: { number: "5511900000002" },
          body: `msg ${i}`,
        }).then((r) => r.json())),
    );
    assert.equal(new Set(results.map((r) => r.ticketId)).size, 1);
    const ts = await t.deps.db.select().from(tickets).where(eq(tickets.id, results[0].ticketId));
    assert.equal(ts[0].unreadMessages, 50);
    const all = await t.deps.db.select().from(messages).where(eq(messages.ticketId, results[0].ticketId));
    assert.equal(all.length, 50);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[inbox] messages that arrive together share one transaction; a failing one fails alone", async () => {
  const t = await startTestServer();
  const sink = startWebhookSink();
  try {
    const { company, admin } = await createCompany(t);
    const conn = await apiConnection(t, (await login(t, admin)).token, sink.url, []);
    const [row] = await t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, conn.id));
    const msg = (i: number, connection = row) =>
      receiveInbound(t.deps, {
        connection,
        externalId: `together-${i}`,
        from: { number: `55119000001${i}` },
        fromMe: false,
        body: `msg ${i}`,
      });
    // Same tick, same batch; the middle one names a connection that does not exist (foreign key).
    const [a, bad, c] = await Promise.allSettled([msg(1), msg(2, { ...row, id: 999_999 }), msg(3)]);
    assert.equal(a.status, "fulfilled");
    assert.equal(bad.status, "rejected");
    assert.equal(c.status, "fulfilled");
    const stored = await t.deps.db.select({ wid: messages.wid }).from(messages)
      .where(eq(messages.companyId, company.id));
    assert.deepEqual(stored.map((m) => m.wid).sort(), ["together-1", "together-3"]);
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[inbox] the api channel refuses a wrong token and bad input", async () => {
  const t = await startTestServer();
  try {
    const bad = await inbound(t, "x".repeat(30), {
      externalId: "a",
      from: { number: "5511900000001" },
      body: "oi",
    });
    assert.equal(bad.status, 401);
    assert.equal((await bad.json()).error, "ERR_UNAUTHENTICATED");
    const { admin } = await createCompany(t);
    const conn = await apiConnection(t, (await login(t, admin)).token, "http://127.0.0.1:9/x", []);
    const invalid = await inbound(t, conn.token, { externalId: "a", from: { number: "12" } });
    assert.equal(invalid.status, 400);
    assert.equal((await invalid.json()).error, "ERR_VALIDATION");
  } finally {
    await t.close();
  }
});
