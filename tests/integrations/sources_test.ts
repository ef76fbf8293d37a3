/**
 * The hand-over seam (ticket.useIntegration / integrationId / promptId): a chatbot option of kind
 * integration hands the ticket to its bot; `startIntegration` (the flow runtime's entry point)
 * starts a session at once; a Typebot session ends with its durable `typebotExpiry` timer and the
 * next message starts a new chat.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ticketTimers } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, hookFor, ticketRow, waitUntil } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startIntegration } from "@/integrations/runtime.ts";
import { runTicketTimers } from "@/timers/tick.ts";
import { startProviders } from "./_providers.ts";

async function world() {
  const p = startProviders();
  const sink = startWebhookSink();
  const t = await createTestApp({ env: { TYPEBOT_API_URL: p.url, INTEGRATION_TIMEOUT_MS: "2000" } });
  return {
    t,
    p,
    sink,
    async close() {
      await t.close();
      await p.close();
      await sink.close();
    },
  };
}

Deno.test("[integrations] a chatbot option of kind integration hands the ticket to its bot", async () => {
  const { t, p, sink, close } = await world();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "Atendimento", greetingMessage: "Escolha:" }],
    });
    const n8n = await expectOk<{ id: number }>(
      await t.request("/api/queueIntegration", {
        method: "POST",
        token: w.adminToken,
        json: { type: "n8n", name: "Robô", urlN8N: `${p.url}/n8n/x` },
      }),
      201,
    );
    await expectOk(
      await t.request(`/api/queue/${w.queues[0].id}`, {
        method: "PUT",
        token: w.adminToken,
        json: {
          chatbots: [
            { name: "Falar com o robô", queueType: "integration", optIntegrationId: n8n.id },
            { name: "Outra coisa", queueType: "text", greetingMessage: "Pode falar." },
          ],
        },
      }),
    );
    const num = "5511970000001";
    const r = await customerSays(t, w.conn, num, "oi");
    await hookFor(sink, num, (b) => b.startsWith("Escolha:"));
    await customerSays(t, w.conn, num, "1");
    const handed = await ticketRow(t, r.ticketId);
    assert.equal(handed.useIntegration, true);
    assert.equal(handed.integrationId, n8n.id);
    await customerSays(t, w.conn, num, "meu pedido");
    await hookFor(sink, num, (b) => b === "n8n recebeu: meu pedido");
    assert.equal(p.hitsTo("/n8n/x").length, 1, "only the message after the choice reached the bot");
  } finally {
    await close();
  }
});

Deno.test("[integrations] startIntegration starts a Typebot session at once with the given message", async () => {
  const { t, p, sink, close } = await world();
  try {
    const w = await createTenant(t, { webhook: sink, user: false });
    const tb = await expectOk<{ id: number }>(
      await t.request("/api/queueIntegration", {
        method: "POST",
        token: w.adminToken,
        json: { type: "typebot", name: "Fluxo", typebotSlug: "fluxo", typebotDelayMessage: 0 },
      }),
      201,
    );
    const num = "5511970000002";
    const r = await customerSays(t, w.conn, num, "olá");
    await startIntegration(t.deps, {
      companyId: w.company.id,
      ticketId: r.ticketId,
      integrationId: tb.id,
      message: "Carlos",
    });
    await hookFor(sink, num, (b) => b === "Prazer, Carlos!");
    const ticket = await ticketRow(t, r.ticketId);
    assert.equal(ticket.useIntegration, true);
    assert.equal(ticket.typebotSessionId, "sess-1");
    assert.equal(p.hitsTo("/api/v1/typebots/fluxo/startChat").length, 1);
    // Another company's integration id is refused like a missing one.
    const other = await createTenant(t, { webhook: null, user: false });
    await assert.rejects(
      startIntegration(t.deps, { companyId: other.company.id, ticketId: r.ticketId, integrationId: tb.id }),
    );
  } finally {
    await close();
  }
});

Deno.test("[integrations] a Typebot session expires with its durable timer; the next message starts a new chat", async () => {
  const { t, p, sink, close } = await world();
  try {
    const w = await createTenant(t, { webhook: sink, user: false });
    const tb = await expectOk<{ id: number }>(
      await t.request("/api/queueIntegration", {
        method: "POST",
        token: w.adminToken,
        json: {
          type: "typebot",
          name: "Expira",
          typebotSlug: "exp",
          typebotDelayMessage: 0,
          typebotExpires: 1,
        },
      }),
      201,
    );
    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: w.adminToken,
        json: { integrationId: tb.id },
      }),
    );
    const num = "5511970000003";
    const r = await customerSays(t, w.conn, num, "oi");
    await waitUntil(async () => (await ticketRow(t, r.ticketId)).typebotSessionId, "a session");
    const [timer] = await t.deps.db.select().from(ticketTimers).where(eq(ticketTimers.ticketId, r.ticketId))
      .then((rows) => rows.filter((x) => x.kind === "typebotExpiry"));
    assert.ok(timer, "typebotExpiry armed");
    // Two minutes later the tick ends the session.
    await runTicketTimers(t.deps, new Date(Date.now() + 2 * 60_000));
    assert.equal((await ticketRow(t, r.ticketId)).typebotSessionId, null);
    await customerSays(t, w.conn, num, "voltei");
    await waitUntil(
      async () => (await ticketRow(t, r.ticketId)).typebotSessionId === "sess-2",
      "a new session",
    );
    assert.equal(p.hitsTo("/startChat").length, 2);
    assert.equal(p.hitsTo("/continueChat").length, 0);
  } finally {
    await close();
  }
});

Deno.test("[integrations] an attendant accepting the ticket ends its bot", async () => {
  const { t, p, sink, close } = await world();
  try {
    const w = await createTenant(t, { webhook: sink, user: false });
    const n8n = await expectOk<{ id: number }>(
      await t.request("/api/queueIntegration", {
        method: "POST",
        token: w.adminToken,
        json: { type: "webhook", name: "Gancho", urlN8N: `${p.url}/n8n/y` },
      }),
      201,
    );
    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: w.adminToken,
        json: { integrationId: n8n.id },
      }),
    );
    const num = "5511970000004";
    const r = await customerSays(t, w.conn, num, "oi");
    await hookFor(sink, num, (b) => b === "n8n recebeu: oi");
    await expectOk(
      await t.request(`/api/tickets/${r.ticketId}`, {
        method: "PUT",
        token: w.adminToken,
        json: { status: "open", userId: w.admin.user.id },
      }),
    );
    const ticket = await waitUntil(async () => {
      const x = await ticketRow(t, r.ticketId);
      return x.useIntegration ? null : x;
    }, "the bot released");
    assert.equal(ticket.status, "open");
    assert.equal(ticket.integrationId, null);
    await customerSays(t, w.conn, num, "obrigado");
    assert.equal(p.hitsTo("/n8n/y").length, 1, "the bot hears nothing more");
  } finally {
    await close();
  }
});
