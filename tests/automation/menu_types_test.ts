/**
 * chatBotType on channels without native choices (the api channel here; Baileys and webchat send
 * the same body): the menu stays the numbered text and a typed number picks, whatever the type.
 * Integrators of the api channel also get the options in the webhook's `rich` (kind "menu").
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays, hookFor, ticketRow } from "../_helpers/inbox.ts";

const ANA = { number: "5511977776660", name: "Ana Lima" };
const MENU = "Bem-vindo!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento";

for (const type of ["list", "button"]) {
  Deno.test(`[automation] chatBotType ${type} on the api channel: numbered text, a typed number picks`, async () => {
    const t = await createTestApp();
    const sink = startWebhookSink();
    try {
      const w = await createTenant(t, {
        webhook: sink,
        user: false,
        queues: [{ name: "Vendas" }, { name: "Suporte", greetingMessage: "Suporte aqui" }],
        conn: { greetingMessage: "Bem-vindo!" },
        settings: { chatBotType: type },
      });
      const { ticketId } = await customerSays(t, w.conn, ANA, "oi");
      const hook = await hookFor(sink, ANA.number, (b) => b === MENU);
      assert.deepEqual(hook.json.rich, {
        kind: "menu",
        data: {
          style: type,
          header: "Bem-vindo!",
          options: w.queues.map((q) => ({ id: `queue:${q.id}`, title: q.name })),
          footer: ["*[ Sair ]* - Encerrar atendimento"],
        },
      });
      await customerSays(t, w.conn, ANA, "2");
      await hookFor(sink, ANA.number, (b) => b === "Suporte aqui");
      assert.equal((await ticketRow(t, ticketId)).queueId, w.queues[1].id);
    } finally {
      await sink.close();
      await t.close();
    }
  });
}
