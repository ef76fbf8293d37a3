/**
 * Typebot and OpenAI flow nodes with their settings inline (the spec's `typebotIntegration` node
 * shape): accepted and kept on save (secrets sealed, shown masked, a masked echo keeps them; an
 * incomplete node refused), and run with those settings — the local Typebot at the node's own URL
 * and slug, the local OpenAI-compatible server with the node's key and prompt.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { flowBuilders } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, hookFor, ticketRow } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startProviders } from "../integrations/_providers.ts";
import { edge, nid, node } from "./_graph.ts";

// deno-lint-ignore no-explicit-any
type D = Record<string, any>;

async function world() {
  const p = startProviders();
  const sink = startWebhookSink();
  const t = await createTestApp({ env: { OPENAI_API_URL: `${p.url}/v1`, INTEGRATION_TIMEOUT_MS: "2000" } });
  const w = await createTenant(t, { webhook: sink, user: false });
  const tok = w.adminToken;
  const newFlow = async (name: string) =>
    (await expectOk<Json>(
      await t.request("/api/flowbuilder", { method: "POST", token: tok, json: { name } }),
      201,
    )).id as number;
  const save = (idFlow: number, nodes: unknown[], connections: unknown[]) =>
    t.request("/api/flowbuilder/flow", { method: "POST", token: tok, json: { idFlow, nodes, connections } });
  const stored = async (id: number) =>
    (await t.deps.db.select().from(flowBuilders).where(eq(flowBuilders.id, id)))[0].flow as unknown as {
      nodes: { id: string; data: D }[];
    };
  return {
    t,
    p,
    sink,
    w,
    tok,
    newFlow,
    save,
    stored,
    async close() {
      await t.close();
      await p.close();
      await sink.close();
    },
  };
}

Deno.test("[flows] inline Typebot / OpenAI node settings: kept on save, secrets sealed and masked, incomplete ones refused", async () => {
  const x = await world();
  try {
    const id = await x.newFlow("Com IA");
    const ai = {
      name: "Assistente",
      prompt: "Seja breve.",
      apiKey: "sk-inline-key-0001",
      maxTokens: 200,
      queueId: "",
    };
    const tb = { name: "Qualifica", typebotSlug: "qualifica", urlN8N: x.p.url, typebotDelayMessage: 0 };
    const nodes = [
      node("start", "start"),
      node("menu", "menu", {
        message: "Com quem?",
        arrayOption: [{ number: 1, value: "IA" }, { number: 2, value: "Bot" }],
      }),
      node("ai", "openai", { typebotIntegration: ai }),
      node("tb", "typebot", { typebotIntegration: tb }),
    ];
    const connections = [edge("start", "menu"), edge("menu", "ai", "a1"), edge("menu", "tb", "a2")];
    const saved = await expectOk<D>(await x.save(id, nodes, connections));
    const shown = saved.flow.flow.nodes as { id: string; data: D }[];
    const aiShown = shown.find((n) => n.id === nid("ai"))!.data.typebotIntegration;
    assert.equal(aiShown.apiKey, "••••0001", "the key is shown masked");
    assert.equal(aiShown.prompt, "Seja breve.");
    assert.equal(aiShown.maxTokens, 200);
    assert.equal(aiShown.temperature, 1, "the spec's default");
    const tbShown = shown.find((n) => n.id === nid("tb"))!.data.typebotIntegration;
    assert.equal(tbShown.typebotSlug, "qualifica");
    assert.equal(tbShown.typebotExpires, 1, "the spec's default");

    const row = await x.stored(id);
    const sealed = row.nodes.find((n) => n.id === nid("ai"))!.data.typebotIntegration.apiKey as string;
    assert.match(sealed, /^enc:v1:/, "sealed at rest");

    // The editor sends the masked key back: the stored one is kept.
    const again = await expectOk<D>(
      await x.t.request(`/api/flowbuilder/${id}`, { token: x.tok }),
    );
    await expectOk(await x.save(id, again.flow.flow.nodes, again.flow.flow.connections));
    assert.equal(
      (await x.stored(id)).nodes.find((n) => n.id === nid("ai"))!.data.typebotIntegration.apiKey,
      sealed,
    );

    // Incomplete inline settings are refused like any node.
    const bad = [
      node("start", "start"),
      node("tb", "typebot", { typebotIntegration: { name: "Qualifica" } }),
    ];
    const err = await expectError(await x.save(id, bad, [edge("start", "tb")]), 400, "ERR_VALIDATION");
    assert.equal((err.details as { path: string }[])[0].path, nid("tb"));
    const noKey = [
      node("start", "start"),
      node("ai", "openai", { typebotIntegration: { name: "IA", prompt: "x" } }),
    ];
    await expectError(await x.save(id, noKey, [edge("start", "ai")]), 400, "ERR_VALIDATION");
  } finally {
    await x.close();
  }
});

Deno.test("[flows] an inline Typebot node runs with its own URL and slug; an inline OpenAI node with its own key and prompt", async () => {
  const x = await world();
  try {
    const id = await x.newFlow("Boas-vindas");
    await expectOk(
      await x.save(id, [
        node("start", "start"),
        node("menu", "menu", {
          message: "Com quem?",
          arrayOption: [{ number: 1, value: "IA" }, { number: 2, value: "Bot" }],
        }),
        node("ai", "openai", {
          typebotIntegration: { name: "Assistente", prompt: "Seja breve.", apiKey: "sk-inline-0002" },
        }),
        node("tb", "typebot", {
          typebotIntegration: {
            name: "Qualifica",
            typebotSlug: "qualifica",
            urlN8N: x.p.url,
            typebotDelayMessage: 0,
          },
        }),
      ], [edge("start", "menu"), edge("menu", "ai", "a1"), edge("menu", "tb", "a2")]),
    );
    await expectOk(
      await x.t.request(`/api/whatsapp/${x.w.conn.id}`, {
        method: "PUT",
        token: x.tok,
        json: { flowIdWelcome: id },
      }),
    );

    // Typebot: startChat at the node's URL and slug at once, then each message continues the chat.
    const a = "5511970000881";
    const r = await customerSays(x.t, x.w.conn, a, "oi");
    await customerSays(x.t, x.w.conn, a, "2");
    await hookFor(x.sink, a, (b) => b === "Olá! Qual é o seu nome?");
    assert.equal(x.p.hitsTo("/api/v1/typebots/qualifica/startChat").length, 1);
    const held = await ticketRow(x.t, r.ticketId);
    assert.equal(held.useIntegration, true);
    assert.equal(held.integrationId, null);
    assert.equal(held.lastFlowId, nid("tb"));
    await customerSays(x.t, x.w.conn, a, "Carlos");
    await hookFor(x.sink, a, (b) => b === "Prazer, Carlos!");
    assert.equal(x.p.hitsTo("/continueChat").length, 1);

    // OpenAI: the node's key and prompt answer the conversation.
    const b = "5511970000882";
    await customerSays(x.t, x.w.conn, b, "oi");
    await customerSays(x.t, x.w.conn, b, "1");
    await hookFor(x.sink, b, (m) => m.startsWith("IA: resposta para"));
    const call = x.p.hitsTo("/v1/chat/completions").at(-1)!;
    assert.equal(call.headers.get("authorization"), "Bearer sk-inline-0002");
    await customerSays(x.t, x.w.conn, b, "qual o preço?");
    await hookFor(x.sink, b, (m) => m.startsWith('IA: resposta para "qual o preço?"'));
  } finally {
    await x.close();
  }
});
