/**
 * The interaction matrix, "chatbot tree × flow" through a queue integration of type flowbuilder:
 * chosen as a chatbot option, or set on the ticket's queue, it starts the flow the flow builder's
 * own triggers pick (here the connection's standard flow), with the run's variables, once; when
 * the flow ends the ticket is handed back like after any bot (log `integrationEnd`).
 */
import assert from "node:assert/strict";
import { logTypes } from "../../_helpers/inbox.ts";
import { edge, node } from "../../flows/_graph.ts";
import { saveFlow, type World, world } from "./_world.ts";

/** A flowbuilder integration and the connection's standard flow (for returning contacts only). */
async function flowbuilder(x: World) {
  const fb = await x.api<{ id: number }>("/api/queueIntegration", "POST", {
    type: "flowbuilder",
    name: "Fluxo de vendas",
  }, 201);
  const flowId = await saveFlow(x, [
    node("start", "start"),
    node("hello", "message", { label: "Bem-vindo ao fluxo!" }),
    node("ask", "question", { typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" } }),
    node("thanks", "message", { label: "Obrigado, {{nome}}." }),
  ], [edge("start", "hello"), edge("hello", "ask"), edge("ask", "thanks")]);
  // Not the welcome flow: a new contact's first message is left to the menu.
  await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { flowIdNotPhrase: flowId });
  return { fb: fb.id, flowId };
}

Deno.test("[matrix] chatbot tree × flowbuilder integration: the option starts the flow at once, with its variables, once; its end hands the ticket back", async () => {
  const x = await world({ queues: [{ name: "Atendimento" }], conn: { greetingMessage: "Escolha:" } });
  try {
    const { fb, flowId } = await flowbuilder(x);
    await x.api(`/api/queue/${x.w.queues[0].id}`, "PUT", {
      greetingMessage: "Escolha:",
      chatbots: [
        { name: "Comprar", queueType: "integration", optIntegrationId: fb },
        { name: "Outra coisa", queueType: "text", greetingMessage: "Pode falar." },
      ],
    });
    const num = "5511977771001";
    const r = await x.says(num, "oi");
    assert.match((await x.bodies(r.ticketId)).at(-1)!, /Comprar/);

    await x.says(num, "1");
    assert.deepEqual((await x.bodies(r.ticketId)).slice(-2), ["Bem-vindo ao fluxo!", "Qual é o seu nome?"]);
    const held = await x.ticket(r.ticketId);
    assert.equal(held.useIntegration, true);
    assert.equal(held.integrationId, fb);
    assert.equal(held.flowStopped, String(flowId));

    await x.says(num, "Rita");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Obrigado, Rita.", "the run's variable");
    const back = await x.ticket(r.ticketId);
    assert.equal(back.useIntegration, false, "handed back");
    assert.equal(back.integrationId, null);
    assert.equal(back.flowStopped, null);
    const logs = await logTypes(x.t, r.ticketId);
    assert.ok(logs.includes("integration") && logs.includes("integrationEnd"), logs.join(","));

    await x.says(num, "e agora?");
    const all = await x.bodies(r.ticketId);
    assert.equal(all.filter((b) => b === "Bem-vindo ao fluxo!").length, 1, "started once");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] chatbot tree × flowbuilder integration (queue): a ticket waiting in the queue gets the flow with its next message, once", async () => {
  const x = await world({
    queues: [{ name: "Vendas" }, { name: "Suporte" }],
    conn: { greetingMessage: "Escolha:" },
  });
  try {
    const { fb } = await flowbuilder(x);
    await x.api(`/api/queue/${x.w.queues[0].id}`, "PUT", { integrationId: fb });
    const num = "5511977771002";
    const r = await x.says(num, "oi");
    assert.match((await x.bodies(r.ticketId)).at(-1)!, /^Escolha:/);
    await x.says(num, "1");
    assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[0].id);
    await x.says(num, "quero comprar");
    assert.deepEqual((await x.bodies(r.ticketId)).slice(-2), ["Bem-vindo ao fluxo!", "Qual é o seu nome?"]);
    await x.says(num, "Rui");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Obrigado, Rui.");
    const back = await x.ticket(r.ticketId);
    assert.equal(back.useIntegration, false);
    assert.equal(back.queueId, x.w.queues[0].id, "people of the queue have it");
    await x.says(num, "oi de novo");
    assert.equal((await x.bodies(r.ticketId)).filter((b) => b === "Bem-vindo ao fluxo!").length, 1, "once");
  } finally {
    await x.close();
  }
});
