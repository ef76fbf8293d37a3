/**
 * The interaction matrix, rows "chatbot tree", "flow" and "integration": where the bots meet each
 * other, a rating, the timers, an attendant during a bot turn and a scheduled message. Pairs
 * already proved in their features' suites are referenced in the table (ARCHITECTURE.md) instead.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { userRatings } from "@db/schema.ts";
import { customerSays } from "../../_helpers/inbox.ts";
import { botUpdate, TicketMovedMeanwhile } from "@/automation/bot.ts";
import { edge, node } from "../../flows/_graph.ts";
import {
  attendThenClose,
  connectionBot,
  contactOf,
  RATING,
  saveFlow,
  scheduledMessageGoesOut,
  welcomeQuestionFlow,
  type World,
  world,
} from "./_world.ts";

const rated = async (x: World, ticketId: number) =>
  (await x.t.deps.db.select().from(userRatings).where(eq(userRatings.ticketId, ticketId))).map((r) => r.rate);

/** Queue "Suporte" (the second) gets two text options. */
async function supportOptions(x: World) {
  await x.api(`/api/queue/${x.w.queues[1].id}`, "PUT", {
    greetingMessage: "Suporte:",
    chatbots: [
      { name: "Boleto", queueType: "text", greetingMessage: "Segue o boleto." },
      { name: "Senha", queueType: "text", greetingMessage: "Troque a senha." },
    ],
  });
}

const TWO_QUEUES = {
  queues: [{ name: "Vendas" }, { name: "Suporte" }],
  conn: { greetingMessage: "Escolha:" },
};

Deno.test("[matrix] chatbot tree × flow: the welcome flow greets instead of the menu and hands over to a queue's options; an ended flow is not run again", async (tt) => {
  const x = await world(TWO_QUEUES);
  try {
    await supportOptions(x);
    await tt.step(
      "a ticket node moves the ticket into the queue; its options take the next message",
      async () => {
        const id = await saveFlow(x, [
          node("start", "start"),
          node("hello", "message", { label: "Bem-vindo!" }),
          node("toSupport", "ticket", { id: x.w.queues[1].id, name: "Suporte" }),
        ], [edge("start", "hello"), edge("hello", "toSupport")]);
        await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { flowIdWelcome: id });
        const r = await x.says("5511977770001", "oi");
        const first = await x.bodies(r.ticketId);
        assert.equal(first[0], "Bem-vindo!");
        assert.ok(!first.some((b) => b.startsWith("Escolha:")), "no queue menu");
        assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[1].id);
        // The customer has not seen the queue's options yet: whatever he writes first lists them.
        await x.says("5511977770001", "2");
        assert.match((await x.bodies(r.ticketId)).at(-1)!, /^Suporte:\n\n\*\[ 1 \]\* - Boleto/);
        await x.says("5511977770001", "2");
        assert.equal((await x.bodies(r.ticketId)).at(-1), "Troque a senha.", "the queue's option 2");
      },
    );
    await tt.step("a flow that ended without a queue leaves the next message to the menu", async () => {
      const id = await saveFlow(
        x,
        [node("start", "start"), node("hello", "message", { label: "Só um oi." })],
        [
          edge("start", "hello"),
        ],
        "Curto",
      );
      await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { flowIdWelcome: id });
      const r = await x.says("5511977770002", "oi");
      assert.deepEqual(await x.bodies(r.ticketId), ["Só um oi."]);
      await x.says("5511977770002", "e agora?");
      const bodies = await x.bodies(r.ticketId);
      assert.equal(bodies.filter((b) => b === "Só um oi.").length, 1, "not started again");
      assert.match(bodies.at(-1)!, /^Escolha:/);
    });
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] chatbot tree × NPS rating: a rating of 1 is the rating, not the queue's option 1", async () => {
  const x = await world({
    ...TWO_QUEUES,
    settings: RATING.settings,
    conn: { ...TWO_QUEUES.conn, ...RATING.conn },
  });
  try {
    await supportOptions(x);
    const num = "5511977770003";
    const r = await x.says(num, "oi");
    await x.says(num, "2");
    await attendThenClose(x, r.ticketId);
    assert.equal((await x.ticket(r.ticketId)).status, "nps");
    await x.says(num, "1");
    assert.deepEqual(await rated(x, r.ticketId), [1]);
    const bodies = await x.bodies(r.ticketId);
    assert.equal(bodies.at(-1), "Obrigado!");
    assert.ok(!bodies.includes("Segue o boleto."));
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] chatbot tree × ticket timers: the missed-queue redirect takes a ticket left in the menu; the new queue's options come next", async () => {
  const x = await world(TWO_QUEUES);
  try {
    await supportOptions(x);
    await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { timeSendQueue: 10, sendIdQueue: x.w.queues[1].id });
    const num = "5511977770004";
    const r = await x.says(num, "oi");
    assert.match((await x.bodies(r.ticketId))[0], /^Escolha:/);
    x.advance(11);
    await x.tick();
    assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[1].id);
    // Redirected, the customer has not seen Suporte's options: his "1" (meant for the main menu)
    // lists them instead of choosing Vendas; then "1" is Suporte's option.
    await x.says(num, "1");
    assert.match((await x.bodies(r.ticketId)).at(-1)!, /^Suporte:\n\n\*\[ 1 \]\* - Boleto/);
    await x.says(num, "1");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Segue o boleto.");
    assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[1].id);
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] chatbot tree × scheduled message: it joins the ticket inside the option tree; the next digit is still an option", async () => {
  const x = await world(TWO_QUEUES);
  try {
    await supportOptions(x);
    const num = "5511977770005";
    const r = await x.says(num, "oi");
    await x.says(num, "2");
    assert.ok((await x.bodies(r.ticketId)).at(-1)!.includes("Boleto"));
    await scheduledMessageGoesOut(x, (await contactOf(x, num)).id, "Sua fatura vence amanhã.");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Sua fatura vence amanhã.");
    await x.says(num, "1");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Segue o boleto.");
    assert.equal((await x.ticket(r.ticketId)).status, "pending");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] flow × NPS rating: the rating answer is no flow's; the welcome flow is not started again", async () => {
  const x = await world({ settings: RATING.settings, conn: RATING.conn });
  try {
    await welcomeQuestionFlow(x);
    const num = "5511977770006";
    const r = await x.says(num, "oi");
    await attendThenClose(x, r.ticketId);
    await x.says(num, "9");
    assert.deepEqual(await rated(x, r.ticketId), [9]);
    const bodies = await x.bodies(r.ticketId);
    assert.equal(bodies.filter((b) => b === "Bem-vindo ao fluxo!").length, 1);
    assert.equal(bodies.at(-1), "Obrigado!");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] flow × scheduled message: it joins a ticket parked on a question; the reply still answers the flow", async () => {
  const x = await world();
  try {
    await welcomeQuestionFlow(x);
    const num = "5511977770007";
    const r = await x.says(num, "oi");
    await scheduledMessageGoesOut(x, (await contactOf(x, num)).id, "Promoção de hoje!");
    assert.ok((await x.ticket(r.ticketId)).flowWebhook, "still parked");
    await x.says(num, "Ana");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Obrigado, Ana.");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] integration × NPS rating: the rating answer goes to the rating, not to the bot", async () => {
  const x = await world({ providers: true, settings: RATING.settings, conn: RATING.conn });
  try {
    await connectionBot(x);
    const num = "5511977770008";
    const r = await x.says(num, "oi");
    await attendThenClose(x, r.ticketId);
    await x.says(num, "10");
    assert.deepEqual(await rated(x, r.ticketId), [10]);
    assert.equal(x.p.hitsTo("/n8n/bot").length, 1, "the bot heard only the first message");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] integration × attendant: accepted while the bot's turn waits, the bot's answer never reaches the customer", async () => {
  const x = await world({ providers: true });
  try {
    await connectionBot(x);
    const num = "5511977770009";
    const r = await x.says(num, "oi");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "n8n recebeu: oi");
    // The next turn is queued (not run yet) when the attendant accepts.
    await customerSays(x.t, x.w.conn, num, "preciso de um humano");
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id });
    await x.jobs();
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "open");
    assert.equal(tk.userId, x.w.admin.user.id);
    assert.equal(tk.useIntegration, false, "the bot let go");
    assert.ok(!(await x.bodies(r.ticketId)).includes("n8n recebeu: preciso de um humano"));
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] integration × scheduled message: our message is no turn for the bot; the customer's next one is", async () => {
  const x = await world({ providers: true });
  try {
    await connectionBot(x);
    const num = "5511977770010";
    const r = await x.says(num, "oi");
    await scheduledMessageGoesOut(x, (await contactOf(x, num)).id, "Seu boleto chegou.");
    assert.equal(x.p.hitsTo("/n8n/bot").length, 1);
    assert.equal((await x.ticket(r.ticketId)).useIntegration, true);
    await x.says(num, "obrigado");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "n8n recebeu: obrigado");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] chatbot tree × attendant transfer: a bot's queue write computed before a transfer does not undo it", async () => {
  const x = await world(TWO_QUEUES);
  try {
    const num = "5511977770011";
    const r = await x.says(num, "oi");
    const seenByBot = await x.ticket(r.ticketId);
    assert.equal(seenByBot.queueId, null);
    // The attendant transfers the waiting ticket to Suporte while the bot is choosing Vendas.
    await x.put(r.ticketId, { queueId: x.w.queues[1].id });
    await assert.rejects(
      botUpdate(x.t.deps, seenByBot, { status: "pending", queueId: x.w.queues[0].id }),
      TicketMovedMeanwhile,
    );
    assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[1].id, "the transfer stands");
    // A timer's queue move (no status) on a ticket accepted meanwhile does not land either.
    const before = await x.ticket(r.ticketId);
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id });
    await assert.rejects(botUpdate(x.t.deps, before, { queueId: x.w.queues[0].id }), TicketMovedMeanwhile);
    assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[1].id);
  } finally {
    await x.close();
  }
});
