/**
 * Chatbot option trees at run time, driven over the api channel: a customer walks a three-level
 * tree by number, "#" goes back, "sair" ends, options hand off to a queue or an attendant, file
 * options send the file list, audio is refused when the company does not take it.
 */
import assert from "node:assert/strict";
import { fileOptions, files } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";
import { createTenant, type Inbox, setCompanySetting, userOf } from "../_helpers/tenant.ts";
import { createQueue } from "../_helpers/factories.ts";
import { customerSays, hookFor, outbound, ticketRow } from "../_helpers/inbox.ts";
import { expectOk, PNG } from "../_helpers/http.ts";
import { AUDIO_REFUSAL } from "@/automation/steps/audio.ts";

const ANA = { number: "5511977776666", name: "Ana Lima" };

/** Atendimento → Comercial → Planos → (Empresa: attendant in Vendas | Pessoal: queue Suporte). */
async function treeWorld(t: TestApp, sink: WebhookSink) {
  const w = await createTenant(t, {
    webhook: sink,
    user: false,
    queues: [{ name: "Atendimento", greetingMessage: "Olá {{firstName}}, como podemos ajudar?" }],
    conn: { greetingMessage: "Bem-vindo!", complationMessage: "Até logo!" },
  });
  const vendas = await createQueue(t, w.company.id, { name: "Vendas" });
  const suporte = await createQueue(t, w.company.id, { name: "Suporte", greetingMessage: "Suporte aqui" });
  const carla = await userOf(t, w.company.id, { name: "Carla", queueIds: [vendas.id] });
  const tree = [
    {
      name: "Comercial",
      queueType: "text",
      greetingMessage: "Escolha o assunto:",
      options: [
        {
          name: "Planos e preços",
          queueType: "text",
          greetingMessage: "Qual plano?",
          options: [
            {
              name: "Plano Empresa",
              queueType: "attendent",
              optQueueId: vendas.id,
              optUserId: carla.user.id,
            },
            { name: "Plano Pessoal", queueType: "queue", optQueueId: suporte.id },
          ],
        },
        { name: "Outra coisa", queueType: "text", greetingMessage: "Fale à vontade." },
      ],
    },
    { name: "Suporte técnico", queueType: "queue", optQueueId: suporte.id },
  ];
  await expectOk(
    await t.request(`/api/queue/${w.queues[0].id}`, {
      method: "PUT",
      token: w.adminToken,
      json: { chatbots: tree },
    }),
  );
  return { w, vendas, suporte, carla };
}

const ROOT_MENU = "Olá Ana, como podemos ajudar?\n\n*[ 1 ]* - Comercial\n*[ 2 ]* - Suporte técnico\n" +
  "*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento";

Deno.test("[automation] a customer walks three levels by number and lands on an attendant's waiting list", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { w, vendas, carla } = await treeWorld(t, sink);
    let ticketId = 0;
    await tt.step("first message: the only queue is taken and its options listed", async () => {
      ticketId = (await customerSays(t, w.conn, ANA, "oi")).ticketId;
      await hookFor(sink, ANA.number, (b) => b === ROOT_MENU);
      assert.equal((await ticketRow(t, ticketId)).queueId, w.queues[0].id);
    });
    await tt.step("1 → level two, 1 → level three", async () => {
      await customerSays(t, w.conn, ANA, "1");
      await hookFor(sink, ANA.number, (b) => b.startsWith("Escolha o assunto:\n\n*[ 1 ]* - Planos e preços"));
      await customerSays(t, w.conn, ANA, "1");
      await hookFor(sink, ANA.number, (b) => b.startsWith("Qual plano?\n\n*[ 1 ]* - Plano Empresa"));
    });
    await tt.step("an invalid answer repeats the level", async () => {
      await customerSays(t, w.conn, ANA, "9");
      const last = (await outbound(t, ticketId)).at(-1)!;
      assert.ok(last.body.startsWith("Qual plano?\n\n*[ 1 ]* - Plano Empresa"), last.body);
    });
    await tt.step('"#" goes back to the main menu', async () => {
      await customerSays(t, w.conn, ANA, "#");
      assert.equal((await outbound(t, ticketId)).at(-1)!.body, ROOT_MENU);
    });
    await tt.step("1, 1, 1 → Vendas with Carla, pending", async () => {
      for (const n of ["1", "1", "1"]) await customerSays(t, w.conn, ANA, n);
      const tk = await ticketRow(t, ticketId);
      assert.equal(tk.queueId, vendas.id);
      assert.equal(tk.userId, carla.user.id);
      assert.equal(tk.status, "pending");
      const list = await expectOk<{ tickets: { id: number }[] }>(
        await t.request("/api/tickets?status=pending&showAll=false", { token: carla.token }),
      );
      assert.ok(list.tickets.some((x) => x.id === ticketId), "in Carla's waiting list");
    });
    await tt.step("after the hand-off the bot is quiet", async () => {
      const before = (await outbound(t, ticketId)).length;
      await customerSays(t, w.conn, ANA, "2");
      assert.equal((await outbound(t, ticketId)).length, before);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test('[automation] a queue option moves the ticket; "sair" ends the conversation', async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { w, suporte } = await treeWorld(t, sink);
    const { ticketId } = await customerSays(t, w.conn, ANA, "oi");
    await customerSays(t, w.conn, ANA, "2");
    const tk = await ticketRow(t, ticketId);
    assert.equal(tk.queueId, suporte.id);
    assert.equal(tk.userId, null);
    // A text leaf ends the bot's part: what the customer writes next gets no menu.
    const third = "5511944441111";
    const r3 = await customerSays(t, w.conn, third, "oi");
    await customerSays(t, w.conn, third, "1");
    await customerSays(t, w.conn, third, "2");
    await hookFor(sink, third, (b) => b === "Fale à vontade.");
    const before = (await outbound(t, r3.ticketId)).length;
    await customerSays(t, w.conn, third, "Quero saber do meu pedido 123");
    assert.equal((await outbound(t, r3.ticketId)).length, before, "no menu after a leaf");

    const other = "5511955554444";
    const r = await customerSays(t, w.conn, other, "oi");
    await customerSays(t, w.conn, other, "sair");
    assert.equal((await ticketRow(t, r.ticketId)).status, "closed");
    await hookFor(sink, other, (b) => b === "Até logo!");
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] a file option sends the list's message and files", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w: Inbox = await createTenant(t, { webhook: sink, user: false, queues: [{ name: "Docs" }] });
    const path = `company${w.company.id}/fileList/menu.png`;
    await t.deps.storage.put(`media/${path}`, PNG);
    const list = await t.deps.database.write(async (tx) => {
      const [f] = await tx.insert(files).values({
        companyId: w.company.id,
        name: "Cardápio",
        message: "Segue o cardápio",
      })
        .returning();
      await tx.insert(fileOptions).values({
        companyId: w.company.id,
        fileId: f.id,
        name: "Menu",
        path,
        mediaType: "image",
      });
      return f;
    });
    await expectOk(
      await t.request(`/api/queue/${w.queues[0].id}`, {
        method: "PUT",
        token: w.adminToken,
        json: {
          chatbots: [
            { name: "Cardápio", queueType: "file", optFileId: list.id },
            { name: "Falar com alguém", queueType: "text", greetingMessage: "Aguarde" },
          ],
        },
      }),
    );
    const { ticketId } = await customerSays(t, w.conn, ANA, "oi");
    await customerSays(t, w.conn, ANA, "1");
    const sent = await outbound(t, ticketId);
    assert.equal(sent.at(-2)!.body, "Segue o cardápio");
    assert.equal(sent.at(-1)!.mediaUrl, path);
    assert.equal(sent.at(-1)!.mediaType, "image");
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[automation] audio is refused when acceptAudioMessageContact is disabled", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, { webhook: sink, user: false, queues: [{ name: "Único" }] });
    const audio = { mimetype: "audio/ogg", filename: "a.ogg", base64: btoa("OggS-not-really") };
    const r1 = await customerSays(t, w.conn, ANA, "", { media: audio });
    assert.ok(!(await outbound(t, r1.ticketId)).some((m) => m.body === AUDIO_REFUSAL), "accepted by default");
    await setCompanySetting(t, w.company.id, "acceptAudioMessageContact", "disabled");
    await customerSays(t, w.conn, ANA, "", { media: audio });
    await hookFor(sink, ANA.number, (b) => b === AUDIO_REFUSAL);
  } finally {
    await sink.close();
    await t.close();
  }
});
