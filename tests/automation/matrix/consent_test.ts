/**
 * The interaction matrix, row "LGPD consent": what wins when the consent question meets a flow, a
 * bot, a rating, the timers, an attendant and a scheduled message. (× out of hours is in
 * hours_test.ts; × campaign confirmation and × chatbot tree are tested in their own suites, see the
 * table in ARCHITECTURE.md.)
 */
import assert from "node:assert/strict";
import { LGPD_QUESTION } from "@/automation/steps/lgpd.ts";
import { eq } from "drizzle-orm";
import { userRatings } from "@db/schema.ts";
import {
  attendThenClose,
  connectionBot,
  contactOf,
  LGPD,
  RATING,
  scheduledMessageGoesOut,
  welcomeQuestionFlow,
  world,
} from "./_world.ts";

const asked = (bodies: string[]) => bodies.filter((b) => b.endsWith(LGPD_QUESTION)).length;

Deno.test("[matrix] LGPD consent × flow: the welcome flow greets right after the consent, not before it", async () => {
  const x = await world({ settings: LGPD });
  try {
    await welcomeQuestionFlow(x);
    const num = "5511966660001";
    const r = await x.says(num, "oi");
    assert.equal(asked(await x.bodies(r.ticketId)), 1);
    assert.equal((await x.ticket(r.ticketId)).flowStopped, null, "no flow before the consent");
    await x.says(num, "1");
    const bodies = await x.bodies(r.ticketId);
    assert.deepEqual(
      bodies.slice(1),
      ["Bem-vindo ao fluxo!", "Qual é o seu nome?"],
      '"1" is no answer to the flow',
    );
    await x.says(num, "Ana");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Obrigado, Ana.");
  } finally {
    await x.close();
  }
});

Deno.test('[matrix] LGPD consent × integration: the bot starts after the consent; the consent\'s "1" is not its input', async () => {
  const x = await world({ providers: true, settings: LGPD });
  try {
    await connectionBot(x);
    const num = "5511966660002";
    const r = await x.says(num, "oi");
    assert.equal(asked(await x.bodies(r.ticketId)), 1);
    assert.equal(x.p.hitsTo("/n8n/bot").length, 0, "no turn before the consent");
    await x.says(num, "1");
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "pending");
    assert.equal(tk.useIntegration, true, "the bot has the ticket from the consent on");
    await x.says(num, "quero comprar");
    const bodies = await x.bodies(r.ticketId);
    assert.equal(bodies.at(-1), "n8n recebeu: quero comprar");
    assert.ok(!bodies.includes("n8n recebeu: 1"), "the consent was not the bot's");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] LGPD consent × NPS rating: the rating answer is never read as consent; an nps ticket is never asked", async () => {
  const x = await world({
    settings: { ...LGPD, lgpdConsent: "enabled", ...RATING.settings },
    conn: RATING.conn,
  });
  try {
    const num = "5511966660003";
    const r = await x.says(num, "oi");
    await x.says(num, "1");
    await attendThenClose(x, r.ticketId);
    assert.equal((await x.ticket(r.ticketId)).status, "nps");
    await x.says(num, "2");
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "closed", '"2" rated, it did not refuse consent');
    const rates = await x.t.deps.db.select().from(userRatings).where(eq(userRatings.ticketId, r.ticketId));
    assert.deepEqual(rates.map((x) => x.rate), [2]);
    assert.equal(asked(await x.bodies(r.ticketId)), 1, "asked once, at the start");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] LGPD consent × ticket timers: a ticket waiting for consent has no timers; the redirect does not take it", async () => {
  const x = await world({
    settings: LGPD,
    queues: [{ name: "Vendas" }, { name: "Suporte" }],
    conn: { greetingMessage: "Escolha:" },
  });
  try {
    await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { timeSendQueue: 5, sendIdQueue: x.w.queues[1].id });
    const num = "5511966660004";
    const r = await x.says(num, "oi");
    assert.equal((await x.ticket(r.ticketId)).status, "lgpd");
    assert.deepEqual(await x.timers(r.ticketId), []);
    x.advance(48 * 60);
    await x.tick();
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "lgpd");
    assert.equal(tk.queueId, null);
    await x.says(num, "1");
    assert.match((await x.bodies(r.ticketId)).at(-1)!, /^Escolha:/, "consent given: the menu");
    assert.deepEqual(await x.timers(r.ticketId), ["redirect", "stale"], "now the waiting ticket's timers");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] LGPD consent × attendant: accepting a ticket waiting for consent ends the question; the customer's words are his", async () => {
  const x = await world({ settings: LGPD });
  try {
    const num = "5511966660005";
    const r = await x.says(num, "oi");
    assert.equal((await x.ticket(r.ticketId)).status, "lgpd");
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id });
    await x.says(num, "quero falar com alguém");
    await x.says(num, "1");
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "open");
    assert.equal(tk.userId, x.w.admin.user.id);
    assert.equal(asked(await x.bodies(r.ticketId)), 1, "not asked again");
    assert.equal((await contactOf(x, num)).lgpdAcceptedAt, null, 'his "1" is no consent');
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] LGPD consent × scheduled message: it goes out on the ticket waiting for consent; the reply is still the consent", async () => {
  const x = await world({ settings: LGPD });
  try {
    const num = "5511966660006";
    const r = await x.says(num, "oi");
    await scheduledMessageGoesOut(x, (await contactOf(x, num)).id, "Lembrete: consulta amanhã.");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Lembrete: consulta amanhã.");
    assert.equal((await x.ticket(r.ticketId)).status, "lgpd", "the dispatcher left it waiting");
    await x.says(num, "1");
    const tk = await x.ticket(r.ticketId);
    assert.equal(tk.status, "pending");
    assert.ok(tk.lgpdAcceptedAt);
  } finally {
    await x.close();
  }
});
