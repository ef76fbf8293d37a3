/**
 * The conversation's integration switch: `useIntegration` on PUT /tickets/{id}. Off ends the bot
 * like its own end does (log `integrationEnd`: it does not start again on the next message); on
 * needs a bot of the ticket's queue or connection (else 400 ERR_NO_INTEGRATION) and the bot answers
 * the next customer message. Real app, api channel, a local n8n-style webhook as the bot.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, hookFor, hooksTo, logTypes, settleBus, ticketRow } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startProviders } from "./_providers.ts";

async function world() {
  const p = startProviders();
  const sink = startWebhookSink();
  const t = await createTestApp({ env: { INTEGRATION_TIMEOUT_MS: "2000" } });
  const w = await createTenant(t, { webhook: sink, user: { allTicket: "disabled" } });
  const bot = await expectOk<{ id: number }>(
    await t.request("/api/queueIntegration", {
      method: "POST",
      token: w.adminToken,
      json: { type: "n8n", name: "Robô", urlN8N: `${p.url}/n8n/x` },
    }),
    201,
  );
  await expectOk(
    await t.request(`/api/whatsapp/${w.conn.id}`, {
      method: "PUT",
      token: w.adminToken,
      json: { integrationId: bot.id },
    }),
  );
  const put = (id: number, json: unknown, token: string | undefined = w.adminToken) =>
    t.request(`/api/tickets/${id}`, { method: "PUT", token, json });
  return {
    t,
    p,
    sink,
    w,
    put,
    async close() {
      await t.close();
      await p.close();
      await sink.close();
    },
  };
}

Deno.test("[integrations] the ticket's integration switch: 401, 403, another company's 404, off and on", async () => {
  const { t, p, sink, w, put, close } = await world();
  try {
    const num = "5511970000041";
    const r = await customerSays(t, w.conn, num, "oi");
    await hookFor(sink, num, (b) => b === "n8n recebeu: oi");
    assert.equal((await ticketRow(t, r.ticketId)).useIntegration, true);

    assert.equal((await put(r.ticketId, { useIntegration: false }, "")).status, 401);
    // A profile user without allTicket does not see a queue-less ticket.
    await expectError(
      await put(r.ticketId, { useIntegration: false }, w.userToken),
      403,
      "ERR_NO_PERMISSION",
    );
    const other = await createTenant(t, { webhook: null, user: false });
    await expectError(
      await put(r.ticketId, { useIntegration: false }, other.adminToken),
      404,
      "ERR_NO_TICKET_FOUND",
    );
    assert.equal((await ticketRow(t, r.ticketId)).useIntegration, true, "nothing changed");

    // Off: the bot's columns cleared, the end logged; the next message reaches no bot.
    const off = await expectOk<{ useIntegration: boolean }>(await put(r.ticketId, { useIntegration: false }));
    assert.equal(off.useIntegration, false);
    const row = await ticketRow(t, r.ticketId);
    assert.equal(row.integrationId, null);
    assert.equal(row.promptId, null);
    assert.ok((await logTypes(t, r.ticketId)).includes("integrationEnd"));
    await customerSays(t, w.conn, num, "ainda aí?");
    assert.equal(p.hitsTo("/n8n/x").length, 1, "the bot did not start again");
    assert.equal((await ticketRow(t, r.ticketId)).useIntegration, false);

    // On: the connection's bot takes the ticket and answers the next message.
    const on = await expectOk<{ useIntegration: boolean }>(await put(r.ticketId, { useIntegration: true }));
    assert.equal(on.useIntegration, true);
    assert.equal((await ticketRow(t, r.ticketId)).integrationId !== null, true);
    await customerSays(t, w.conn, num, "voltei");
    await hookFor(sink, num, (b) => b === "n8n recebeu: voltei");
    assert.equal(p.hitsTo("/n8n/x").length, 2);
    assert.deepEqual(hooksTo(sink, num).filter((b) => b.startsWith("n8n")), [
      "n8n recebeu: oi",
      "n8n recebeu: voltei",
    ]);
  } finally {
    await close();
  }
});

Deno.test("[integrations] the switch turned on without a bot on the queue or connection: 400 ERR_NO_INTEGRATION", async () => {
  const { t, close } = await world();
  try {
    const q = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const r = await customerSays(t, q.conn, "5511970000042", "oi");
    const res = await t.request(`/api/tickets/${r.ticketId}`, {
      method: "PUT",
      token: q.adminToken,
      json: { useIntegration: true },
    });
    await expectError(res, 400, "ERR_NO_INTEGRATION");
    assert.equal((await ticketRow(t, r.ticketId)).useIntegration, false);
  } finally {
    await close();
  }
});

Deno.test("[matrix] integration × attendant switch: an attended ticket turned on goes back to the bot", async () => {
  const { t, p, sink, w, put, close } = await world();
  try {
    const num = "5511970000043";
    const r = await customerSays(t, w.conn, num, "oi");
    await hookFor(sink, num, (b) => b === "n8n recebeu: oi");
    // The attendant accepts: the bot ends (integrations/listeners.ts).
    await expectOk(await put(r.ticketId, { status: "open" }));
    await settleBus(t); // the listener's hand-over runs after the answer
    assert.equal((await ticketRow(t, r.ticketId)).useIntegration, false);
    await customerSays(t, w.conn, num, "obrigado");
    assert.equal(p.hitsTo("/n8n/x").length, 1, "people have it: no bot");

    await expectOk(await put(r.ticketId, { useIntegration: true }));
    const back = await ticketRow(t, r.ticketId);
    assert.equal(back.status, "pending");
    assert.equal(back.userId, null);
    assert.equal(back.useIntegration, true);
    await customerSays(t, w.conn, num, "mais uma coisa");
    await hookFor(sink, num, (b) => b === "n8n recebeu: mais uma coisa");
  } finally {
    await close();
  }
});
