/**
 * The interaction matrix, row "campaign confirmation": a contact already talking to the menu, a
 * flow, a bot, the rating or an attendant is asked a campaign's confirmation question. The reply
 * is the campaign's (the confirmation step runs first) and what the contact was in keeps its
 * place. (× out of hours and × LGPD: tests/campaigns/confirmation_replies_test.ts.)
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { campaignShippings, userRatings } from "@db/schema.ts";
import { logTypes } from "../../_helpers/inbox.ts";
import {
  ASKED,
  attendThenClose,
  campaignStatus,
  campaignTick,
  confirmationAsked,
  connectionBot,
  LISTED,
  OFFER,
  RATING,
  welcomeQuestionFlow,
  type World,
  world,
} from "./_world.ts";

async function shipment(x: World, campaignId: number) {
  const [s] = await x.t.deps.db.select().from(campaignShippings).where(
    eq(campaignShippings.campaignId, campaignId),
  );
  return s;
}

/** The contact's "Sim" confirmed the shipment; the next tick sends the offer and ends the campaign. */
async function confirmedAndSent(x: World, campaignId: number, ticketId: number) {
  const s = await shipment(x, campaignId);
  assert.equal(s.confirmation, true, "the reply confirmed the shipment");
  await campaignTick(x);
  assert.ok((await x.bodies(ticketId)).includes(OFFER), "the offer went out");
  assert.equal(await campaignStatus(x, campaignId), "FINALIZADA");
}

Deno.test("[matrix] campaign confirmation × chatbot tree: the reply confirms, it is no menu choice; the menu goes on after", async () => {
  const x = await world({
    queues: [{ name: "Vendas" }, { name: "Suporte" }],
    conn: { greetingMessage: "Escolha:" },
  });
  try {
    const r = await x.says(LISTED, "oi");
    const c = await confirmationAsked(x);
    assert.equal((await x.bodies(r.ticketId)).at(-1), ASKED, "asked on the contact's waiting ticket");
    await x.says(LISTED, "1");
    assert.equal((await x.ticket(r.ticketId)).queueId, null, '"1" chose no queue');
    await confirmedAndSent(x, c.id, r.ticketId);
    assert.equal((await x.ticket(r.ticketId)).status, "pending", "the dispatcher did not close his ticket");
    await x.says(LISTED, "2");
    assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[1].id);
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] campaign confirmation × flow: the reply confirms; the flow stays parked on its question", async () => {
  const x = await world();
  try {
    await welcomeQuestionFlow(x);
    const r = await x.says(LISTED, "oi");
    const c = await confirmationAsked(x);
    await x.says(LISTED, "Sim");
    assert.ok(!(await x.bodies(r.ticketId)).includes("Obrigado, Sim."), "no answer to the flow");
    assert.ok((await x.ticket(r.ticketId)).flowWebhook, "still parked");
    await confirmedAndSent(x, c.id, r.ticketId);
    await x.says(LISTED, "Ana");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Obrigado, Ana.");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] campaign confirmation × integration: the reply confirms and is not the bot's turn", async () => {
  const x = await world({ providers: true });
  try {
    await connectionBot(x);
    const r = await x.says(LISTED, "oi");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "n8n recebeu: oi");
    const c = await confirmationAsked(x);
    await x.says(LISTED, "Sim");
    assert.equal(x.p.hitsTo("/n8n/bot").length, 1, "the bot did not hear the confirmation");
    await confirmedAndSent(x, c.id, r.ticketId);
    await x.says(LISTED, "e o frete?");
    assert.equal(
      (await x.bodies(r.ticketId)).at(-1),
      "n8n recebeu: e o frete?",
      "the bot still has the ticket",
    );
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] campaign confirmation × NPS rating: asked while a rating is open, the reply confirms; the next one rates", async () => {
  const x = await world({ settings: RATING.settings, conn: RATING.conn });
  try {
    const r = await x.says(LISTED, "oi");
    await attendThenClose(x, r.ticketId);
    const c = await confirmationAsked(x);
    await x.says(LISTED, "Sim");
    assert.equal((await x.ticket(r.ticketId)).status, "nps", "the rating still waits");
    assert.equal((await shipment(x, c.id)).confirmation, true);
    await x.says(LISTED, "9");
    const rates = await x.t.deps.db.select().from(userRatings).where(eq(userRatings.ticketId, r.ticketId));
    assert.deepEqual(rates.map((x) => x.rate), [9]);
    assert.equal((await x.ticket(r.ticketId)).status, "closed");
    await campaignTick(x);
    assert.equal(await campaignStatus(x, c.id), "FINALIZADA");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] campaign confirmation × ticket timers: the request's ticket is closed at once; the reply's ticket waits with the usual timers", async () => {
  const x = await world({
    queues: [{ name: "Vendas" }, { name: "Suporte" }],
    conn: { greetingMessage: "Escolha:" },
  });
  try {
    await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { timeSendQueue: 10, sendIdQueue: x.w.queues[0].id });
    const c = await confirmationAsked(x);
    const [asking] = await x.t.deps.db.select().from(campaignShippings).where(
      eq(campaignShippings.campaignId, c.id),
    );
    assert.equal(asking.status, "awaiting");
    const r = await x.says(LISTED, "Sim");
    await confirmedAndSent(x, c.id, r.ticketId);
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "pending", "the reply's conversation waits for a person");
    assert.deepEqual(await x.timers(r.ticketId), ["redirect", "stale"]);
    x.advance(11);
    await x.tick();
    assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[0].id, "missed queue: redirected");
    assert.ok((await logTypes(x.t, r.ticketId)).includes("redirect"));
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] campaign confirmation × attendant: accepted while the shipment awaits, the reply still confirms and stays on his ticket", async () => {
  const x = await world({ queues: [{ name: "Vendas" }] });
  try {
    const r = await x.says(LISTED, "oi");
    const c = await confirmationAsked(x);
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id });
    await x.says(LISTED, "Sim, pode mandar");
    await confirmedAndSent(x, c.id, r.ticketId);
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "open");
    assert.equal(tk.userId, x.w.admin.user.id);
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] campaign confirmation × campaign message to an open ticket: the request and the offer join the attended conversation", async () => {
  const x = await world({ queues: [{ name: "Vendas" }] });
  try {
    const r = await x.says(LISTED, "oi");
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id });
    const c = await confirmationAsked(x);
    assert.equal((await x.bodies(r.ticketId)).at(-1), ASKED);
    assert.equal((await x.ticket(r.ticketId)).status, "open", "not closed by the dispatcher");
    await x.says(LISTED, "Sim");
    await confirmedAndSent(x, c.id, r.ticketId);
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "open");
    assert.equal(tk.userId, x.w.admin.user.id);
  } finally {
    await x.close();
  }
});
