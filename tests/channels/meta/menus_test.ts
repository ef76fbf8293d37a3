/**
 * The company's chatBotType on the Graph channels: the queue menu and the chatbot's levels go out
 * as Cloud API reply buttons or lists and as Messenger/Instagram quick replies (checked by the
 * local Graph server against Meta's limits), past the limits as the numbered text, and a tap —
 * published webhook payloads of real replies (fixtures/SOURCES.md) — picks the option as if its
 * number had been typed.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages, tickets, whatsappQueues, whatsapps } from "@db/schema.ts";
import { createCompany, createQueue, login } from "../../_helpers/factories.ts";
import { setCompanySetting } from "../../_helpers/tenant.ts";
import { expectOk, type Json } from "../../_helpers/http.ts";
import type { TestApp } from "../../_helpers/test_app.ts";
import {
  cloudPayload,
  cloudText,
  deliverAndRun,
  messengerText,
  metaConnection,
  startMeta,
} from "./_support.ts";
import type { MetaKind } from "@/channels/meta/adapter.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url);
const fixture = async (name: string): Promise<Json> =>
  JSON.parse(await Deno.readTextFile(new URL(name, FIXTURES)));

const CUSTOMER = "5511987650001";
const PSID = "PSID-7001";
const unixNow = () => String(Math.floor(Date.now() / 1000));

/** Two queues on a line of `kind`; Suporte has four options, the first with a long name. */
async function world(t: TestApp, kind: MetaKind) {
  const { company, admin } = await createCompany(t);
  const token = (await login(t, admin)).token;
  const vendas = await createQueue(t, company.id, { name: "Vendas", greetingMessage: "Vendas aqui" });
  const suporte = await createQueue(t, company.id, { name: "Suporte", greetingMessage: "Suporte: escolha" });
  await expectOk(
    await t.request(`/api/queue/${suporte.id}`, {
      method: "PUT",
      token,
      json: {
        chatbots: [
          {
            name: "Internet lenta e caindo toda hora",
            queueType: "text",
            greetingMessage: "Reinicie o roteador.",
          },
          { name: "Fatura", queueType: "text", greetingMessage: "Segunda via enviada." },
          { name: "Cancelamento", queueType: "queue", optQueueId: vendas.id },
          { name: "Outros", queueType: "text", greetingMessage: "Conte-nos." },
        ],
      },
    }),
  );
  const options = await t.deps.db.query.chatbots.findMany({
    where: (c, { eq }) => eq(c.queueId, suporte.id),
  });
  const conn = await metaConnection(t, company.id, kind);
  await t.deps.database.write(async (tx) => {
    await tx.update(whatsapps).set({ greetingMessage: "Olá! Escolha:" }).where(eq(whatsapps.id, conn.id));
    for (const q of [vendas, suporte]) {
      await tx.insert(whatsappQueues).values({ companyId: company.id, whatsappId: conn.id, queueId: q.id });
    }
  });
  const option = (name: string) => options.find((o) => o.name === name)!;
  return { company, vendas, suporte, option, conn };
}

const ticketOf = async (t: TestApp, companyId: number) =>
  (await t.deps.db.select().from(tickets).where(eq(tickets.companyId, companyId)))[0];

/** A published Cloud API reply, made this test's: sender, ids, time and the tapped option's id. */
function cloudTap(p: Json, id: string, o: { wid: string; title: string }): Json {
  const value = (p.entry as { changes: { value: Json }[] }[])[0].changes[0].value;
  (value.metadata as Json).phone_number_id = "1000001";
  (value.contacts as Json[])[0].wa_id = CUSTOMER;
  const m = (value.messages as Json[])[0];
  m.from = CUSTOMER;
  m.id = o.wid;
  m.timestamp = unixNow();
  const i = m.interactive as Json;
  const reply = (i.button_reply ?? i.list_reply) as Json;
  reply.id = id;
  reply.title = o.title;
  return p;
}

Deno.test("[meta] chatBotType button/list on the Cloud API: reply buttons, a list, the text past 3 buttons; taps choose", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company, vendas, suporte, option } = await world(t, "whatsappapi");
    await setCompanySetting(t, company.id, "chatBotType", "button");

    await tt.step("the queue menu goes out as reply buttons carrying the queues' ids", async () => {
      await deliverAndRun(t, cloudPayload({ messages: [cloudText("wamid.IN-1", CUSTOMER, "oi")] }));
      const sent = graph.choices.at(-1)!.json!;
      assert.equal(sent.to, CUSTOMER);
      assert.deepEqual(sent.interactive, {
        type: "button",
        body: { text: "Olá! Escolha:\n\n*[ Sair ]* - Encerrar atendimento" },
        action: {
          buttons: [
            { type: "reply", reply: { id: `queue:${vendas.id}`, title: "Vendas" } },
            { type: "reply", reply: { id: `queue:${suporte.id}`, title: "Suporte" } },
          ],
        },
      });
      const [stored] = await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.OUT-1"));
      assert.equal(
        stored.body,
        "Olá! Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento",
        "the bubble shows the numbered text",
      );
    });

    await tt.step(
      "a button_reply picks the queue; its four options exceed the buttons: numbered text",
      async () => {
        const before = graph.choices.length;
        await deliverAndRun(
          t,
          cloudTap(await fixture("cloud_button_reply.json"), `queue:${suporte.id}`, {
            wid: "wamid.TAP-1",
            title: "Suporte",
          }),
        );
        assert.equal((await ticketOf(t, company.id)).queueId, suporte.id);
        const [tap] = await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.TAP-1"));
        assert.equal(tap.body, "Suporte", "the customer's bubble shows the title tapped");
        assert.equal(graph.choices.length, before, "no interactive message for four options");
        const last = graph.sends().at(-1)!.json!;
        assert.equal(last.type, "text");
        assert.match(
          (last.text as { body: string }).body,
          /^Suporte: escolha\n\n\*\[ 1 \]\* - Internet lenta e caindo toda hora\n[^]*\*\[ 4 \]\* - Outros/,
        );
      },
    );

    await tt.step(
      "with list, the level asked again is a one-section list; a long name is cut and kept whole in the row's description",
      async () => {
        await setCompanySetting(t, company.id, "chatBotType", "list");
        await deliverAndRun(t, cloudPayload({ messages: [cloudText("wamid.IN-2", CUSTOMER, "talvez")] }));
        const i = graph.choices.at(-1)!.json!.interactive as Json;
        assert.equal(i.type, "list");
        const action = i.action as { button: string; sections: { rows: Json[] }[] };
        assert.equal(action.sections.length, 1);
        assert.deepEqual(action.sections[0].rows[0], {
          id: `chatbot:${option("Internet lenta e caindo toda hora").id}`,
          title: "Internet lenta e caindo…",
          description: "Internet lenta e caindo toda hora",
        });
        assert.deepEqual(action.sections[0].rows.map((r) => r.title).slice(1), [
          "Fatura",
          "Cancelamento",
          "Outros",
        ]);
      },
    );

    await tt.step("a list_reply acts as the option's number would", async () => {
      await deliverAndRun(
        t,
        cloudTap(await fixture("cloud_list_reply.json"), `chatbot:${option("Fatura").id}`, {
          wid: "wamid.TAP-2",
          title: "Fatura",
        }),
      );
      const last = graph.sends().at(-1)!.json!;
      assert.deepEqual(last.text, { preview_url: false, body: "Segunda via enviada." });
      assert.equal((await ticketOf(t, company.id)).queueOptionId, option("Fatura").id);
    });
  } finally {
    await m.close();
  }
});

for (const kind of ["facebook", "instagram"] as const) {
  Deno.test(`[meta] chatBotType list on ${kind}: quick replies; a tapped quick reply chooses the queue`, async () => {
    const m = await startMeta();
    const { t, graph } = m;
    try {
      const { company, vendas, suporte } = await world(t, kind);
      await setCompanySetting(t, company.id, "chatBotType", "list");
      await deliverAndRun(t, messengerText(kind, "m_IN-1", PSID, "oi"));
      const sent = graph.choices.at(-1)!;
      assert.equal(sent.path, "/me/messages");
      assert.deepEqual(sent.json!.message, {
        text: "Olá! Escolha:\n\n*[ Sair ]* - Encerrar atendimento",
        quick_replies: [
          { content_type: "text", title: "Vendas", payload: `queue:${vendas.id}` },
          { content_type: "text", title: "Suporte", payload: `queue:${suporte.id}` },
        ],
      });

      // Meta's documented quick-reply event, filled in with this test's ids and the tapped payload.
      const p = await fixture("messenger_quick_reply.json");
      const entry = (p.entry as Json[])[0];
      if (kind === "instagram") p.object = "instagram";
      entry.id = kind === "facebook" ? "2000002" : "3000003";
      const ev = (entry.messaging as Json[])[0];
      ev.sender = { id: PSID };
      ev.recipient = { id: entry.id };
      ev.timestamp = Date.now();
      const msg = ev.message as Json;
      msg.text = "Vendas";
      msg.quick_reply = { payload: `queue:${vendas.id}` };
      await deliverAndRun(t, p);
      const ticket = await ticketOf(t, company.id);
      assert.equal(ticket.queueId, vendas.id);
      const last = graph.sends().at(-1)!.json!;
      assert.deepEqual(last.message, { text: "Vendas aqui" }, "the queue's greeting follows");
    } finally {
      await m.close();
    }
  });
}
