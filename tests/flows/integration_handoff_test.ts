/**
 * The seam between the flow runtime and the integrations: a Typebot node of a
 * welcome flow hands the ticket to the bot, which starts its chat at once (startChat), and each
 * later customer message goes to the bot (continueChat) — the flow no longer holds the ticket.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, hookFor, ticketRow } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startProviders } from "../integrations/_providers.ts";
import { edge, node } from "./_graph.ts";

Deno.test("[flows] a Typebot node of a welcome flow starts the bot at once and leaves it the conversation", async () => {
  const p = startProviders();
  const sink = startWebhookSink();
  const t = await createTestApp({ env: { TYPEBOT_API_URL: p.url, INTEGRATION_TIMEOUT_MS: "2000" } });
  try {
    const w = await createTenant(t, { webhook: sink, user: false });
    const tok = w.adminToken;
    const tb = await expectOk<Json>(
      await t.request("/api/queueIntegration", {
        method: "POST",
        token: tok,
        json: { type: "typebot", name: "Qualifica", typebotSlug: "qualifica", typebotDelayMessage: 0 },
      }),
      201,
    );
    const flow = await expectOk<Json>(
      await t.request("/api/flowbuilder", { method: "POST", token: tok, json: { name: "Boas-vindas" } }),
      201,
    );
    await expectOk(
      await t.request("/api/flowbuilder/flow", {
        method: "POST",
        token: tok,
        json: {
          idFlow: flow.id,
          nodes: [
            node("start", "start", { label: "Início" }),
            node("hello", "message", { label: "Olá! Vou te passar para o nosso assistente." }, 200),
            node("bot", "typebot", { integrationId: tb.id }, 400),
          ],
          connections: [edge("start", "hello"), edge("hello", "bot")],
        },
      }),
    );
    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: tok,
        json: { flowIdWelcome: flow.id },
      }),
    );

    const num = "5511970000777";
    const r = await customerSays(t, w.conn, num, "oi");
    await hookFor(sink, num, (b) => b === "Olá! Vou te passar para o nosso assistente.");
    // The bot's chat started without waiting for another customer message.
    await hookFor(sink, num, (b) => b === "Olá! Qual é o seu nome?");
    assert.equal(p.hitsTo("/startChat").length, 1);
    const handed = await ticketRow(t, r.ticketId);
    assert.equal(handed.useIntegration, true);
    assert.equal(handed.integrationId, tb.id);
    assert.equal(handed.lastFlowId, null, "the flow let go of the ticket");

    await customerSays(t, w.conn, num, "Carlos");
    await hookFor(sink, num, (b) => b === "Prazer, Carlos!");
    assert.equal(p.hitsTo("/continueChat").length, 1);
  } finally {
    await t.close();
    await p.close();
    await sink.close();
  }
});
