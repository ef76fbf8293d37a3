/**
 * The interaction matrix, row "out of hours" (company, connection, queue and vacation): what wins
 * when the closed answer meets consent, the chatbot, a flow, a bot, a rating, the timers, an
 * attendant and a scheduled message. The table is in ARCHITECTURE.md (automation).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { userRatings } from "@db/schema.ts";
import { LGPD_QUESTION } from "@/automation/steps/lgpd.ts";
import { logTypes } from "../../_helpers/inbox.ts";
import {
  attendThenClose,
  CLOSED,
  connectionBot,
  contactOf,
  HOURS,
  LGPD,
  RATING,
  scheduledMessageGoesOut,
  THU_MORNING,
  WED_NIGHT,
  WED_NOON,
  welcomeQuestionFlow,
  world,
} from "./_world.ts";

Deno.test("[matrix] out of hours × LGPD consent: the closed answer goes first; consent is asked when the hours open", async () => {
  const x = await world({ at: WED_NIGHT, companyHours: true, settings: LGPD });
  try {
    const r = await x.says("5511955550001", "oi");
    assert.deepEqual(await x.bodies(r.ticketId), [CLOSED]);
    assert.equal((await x.ticket(r.ticketId)).status, "pending", "no consent question at night");
    x.clock.set(THU_MORNING);
    await x.says("5511955550001", "bom dia");
    const bodies = await x.bodies(r.ticketId);
    assert.equal(bodies.length, 2);
    assert.ok(bodies[1].endsWith(LGPD_QUESTION));
    assert.equal((await x.ticket(r.ticketId)).status, "lgpd");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] out of hours × chatbot tree: no menu while closed; the open hours give the menu its whole budget", async () => {
  const x = await world({
    at: WED_NIGHT,
    companyHours: true,
    queues: [{ name: "Vendas" }, { name: "Suporte" }],
    conn: { greetingMessage: "Escolha:", maxUseBotQueues: 3, timeUseBotQueues: 0 },
  });
  try {
    const num = "5511955550002";
    const r = await x.says(num, "oi");
    await x.says(num, "1");
    await x.says(num, "alô?");
    await x.says(num, "???");
    assert.deepEqual(await x.bodies(r.ticketId), [CLOSED, CLOSED, CLOSED], "three answers, no menu");
    assert.equal((await x.ticket(r.ticketId)).queueId, null, '"1" at night chose nothing');
    x.clock.set(THU_MORNING);
    await x.says(num, "bom dia");
    assert.match(
      (await x.bodies(r.ticketId)).at(-1)!,
      /^Escolha:/,
      "the menu, though three answers were used",
    );
    await x.says(num, "2");
    assert.equal((await x.ticket(r.ticketId)).queueId, x.w.queues[1].id);
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] out of hours (queue) × chatbot tree: a queue chosen while closed answers its text; its options wait for its hours", async () => {
  const x = await world({
    at: WED_NIGHT,
    settings: { scheduleType: "queue" },
    queues: [{ name: "Vendas" }, { name: "Suporte", schedules: HOURS, outOfHoursMessage: "Suporte fechado" }],
    conn: { greetingMessage: "Escolha:" },
  });
  try {
    await x.api(`/api/queue/${x.w.queues[1].id}`, "PUT", {
      greetingMessage: "Suporte:",
      chatbots: [{ name: "Boleto", queueType: "text", greetingMessage: "Segue o boleto." }, {
        name: "Senha",
        queueType: "text",
        greetingMessage: "Troque a senha.",
      }],
    });
    const num = "5511955550003";
    const r = await x.says(num, "oi");
    assert.match((await x.bodies(r.ticketId))[0], /^Escolha:/, "the connection has no hours: the menu");
    await x.says(num, "2");
    const after = await x.bodies(r.ticketId);
    assert.equal(after.at(-1), "Suporte fechado");
    assert.ok(!after.some((b) => b.includes("Boleto")), "the queue's options are not listed while closed");
    x.clock.set(THU_MORNING);
    await x.says(num, "bom dia");
    const open = await x.bodies(r.ticketId);
    assert.ok(open.at(-1)!.includes("Boleto"), "open: the queue's options");
    assert.equal(open.filter((b) => b === "Suporte fechado").length, 1);
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] out of hours (connection) × integration: the bot's ticket gets the closed text; the bot hears it when the hours open", async () => {
  const x = await world({
    at: WED_NOON,
    providers: true,
    settings: { scheduleType: "connection" },
    conn: { schedules: HOURS, outOfHoursMessage: CLOSED },
  });
  try {
    await connectionBot(x);
    const num = "5511955550006";
    const r = await x.says(num, "oi");
    assert.deepEqual(await x.bodies(r.ticketId), ["n8n recebeu: oi"]);
    x.clock.set(WED_NIGHT);
    await x.says(num, "ainda aí?");
    assert.equal((await x.bodies(r.ticketId)).at(-1), CLOSED);
    assert.equal(x.p.hitsTo("/n8n/bot").length, 1, "no turn at night");
    x.clock.set(THU_MORNING);
    await x.says(num, "voltei");
    assert.equal((await x.bodies(r.ticketId)).at(-1), "n8n recebeu: voltei");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] out of hours × ticket timers: the missed-queue redirect moves a ticket answered at night; the closed text still answers it", async () => {
  const x = await world({
    at: WED_NIGHT,
    companyHours: true,
    queues: [{ name: "Vendas" }, { name: "Suporte" }],
    conn: { greetingMessage: "Escolha:" },
  });
  try {
    await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { timeSendQueue: 10, sendIdQueue: x.w.queues[1].id });
    const num = "5511955550008";
    const r = await x.says(num, "oi");
    assert.deepEqual(await x.timers(r.ticketId), ["redirect", "stale"]);
    x.advance(11);
    await x.tick();
    const moved = await x.ticket(r.ticketId);
    assert.equal(moved.queueId, x.w.queues[1].id);
    assert.ok((await logTypes(x.t, r.ticketId)).includes("redirect"));
    await x.says(num, "alô?");
    assert.deepEqual(await x.bodies(r.ticketId), [CLOSED, CLOSED], "still closed for the customer");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] out of hours (vacation) × attendant: a ticket an attendant accepts gets no more closed answers", async () => {
  const x = await world({ at: WED_NOON });
  try {
    await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", {
      collectiveVacationStart: "2027-03-01",
      collectiveVacationEnd: "2027-03-10",
      collectiveVacationMessage: "Férias coletivas",
    });
    const num = "5511955550009";
    const r = await x.says(num, "oi");
    assert.deepEqual(await x.bodies(r.ticketId), ["Férias coletivas"]);
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id });
    await x.api(`/api/messages/${r.ticketId}`, "POST", { body: "Estou de plantão, diga." }, 201);
    await x.says(num, "preciso de ajuda");
    const bodies = await x.bodies(r.ticketId);
    assert.equal(bodies.filter((b) => b === "Férias coletivas").length, 1);
    assert.equal(bodies.at(-1), "Estou de plantão, diga.");
    assert.equal((await x.ticket(r.ticketId)).status, "open");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] out of hours × scheduled message: it goes out at night on the waiting ticket; the reply gets the closed text", async () => {
  const x = await world({ at: WED_NIGHT, companyHours: true });
  try {
    const num = "5511955550010";
    const r = await x.says(num, "oi");
    const contact = await contactOf(x, num);
    await scheduledMessageGoesOut(x, contact.id, "Seu pedido saiu para entrega.");
    assert.deepEqual(
      await x.bodies(r.ticketId),
      [CLOSED, "Seu pedido saiu para entrega."],
      "on the same ticket",
    );
    assert.equal((await x.ticket(r.ticketId)).status, "pending", "not closed by the dispatcher");
    await x.says(num, "obrigado");
    assert.equal((await x.bodies(r.ticketId)).at(-1), CLOSED);
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] out of hours × NPS rating: a rating given after closing time is stored, not answered with the closed text", async () => {
  const x = await world({
    at: WED_NOON,
    companyHours: true,
    settings: RATING.settings,
    conn: { ...RATING.conn, outOfHoursMessage: CLOSED },
  });
  try {
    const num = "5511955550007";
    const r = await x.says(num, "oi");
    await attendThenClose(x, r.ticketId);
    assert.equal((await x.ticket(r.ticketId)).status, "nps");
    x.clock.set(WED_NIGHT);
    await x.says(num, "9");
    assert.equal((await x.ticket(r.ticketId)).status, "closed");
    const rates = await x.t.deps.db.select().from(userRatings).where(eq(userRatings.ticketId, r.ticketId));
    assert.deepEqual(rates.map((x) => x.rate), [9]);
    const bodies = await x.bodies(r.ticketId);
    assert.equal(bodies.at(-1), "Obrigado!");
    assert.ok(!bodies.includes(CLOSED));
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] out of hours × flow: the welcome flow waits for the hours; a parked flow's reply at night gets the closed text", async (tt) => {
  const x = await world({ at: WED_NIGHT, companyHours: true });
  try {
    await welcomeQuestionFlow(x);
    await tt.step(
      "a first message at night: the closed text, then the welcome flow in the morning",
      async () => {
        const r = await x.says("5511955550004", "oi");
        assert.deepEqual(await x.bodies(r.ticketId), [CLOSED]);
        assert.equal((await x.ticket(r.ticketId)).flowStopped, null, "no flow at night");
        x.clock.set(THU_MORNING);
        await x.says("5511955550004", "bom dia");
        assert.deepEqual(await x.bodies(r.ticketId), [CLOSED, "Bem-vindo ao fluxo!", "Qual é o seu nome?"]);
      },
    );
    await tt.step("a flow parked on a question when the hours close keeps its place", async () => {
      x.clock.set(WED_NOON);
      const r = await x.says("5511955550005", "oi");
      assert.deepEqual(await x.bodies(r.ticketId), ["Bem-vindo ao fluxo!", "Qual é o seu nome?"]);
      x.clock.set(WED_NIGHT);
      await x.says("5511955550005", "Ana");
      assert.equal((await x.bodies(r.ticketId)).at(-1), CLOSED);
      assert.ok((await x.ticket(r.ticketId)).flowStopped, "still parked");
      x.clock.set(THU_MORNING);
      await x.says("5511955550005", "Ana");
      assert.equal((await x.bodies(r.ticketId)).at(-1), "Obrigado, Ana.");
    });
  } finally {
    await x.close();
  }
});
