/**
 * The interaction matrix, column "a scheduled or campaign message going out to a contact with an
 * open ticket", against the rating, the timers and an attendant: the dispatchers send on the
 * contact's active ticket and leave it as it was (only a ticket they created for the send is
 * closed again), and their message counts as the conversation's last word.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { userRatings } from "@db/schema.ts";
import { userOf } from "../../_helpers/tenant.ts";
import {
  attendThenClose,
  campaignGoesOut,
  contactOf,
  LISTED,
  RATING,
  scheduledMessageGoesOut,
  world,
} from "./_world.ts";

Deno.test("[matrix] NPS rating × campaign message: it joins the ticket waiting for a rating; the reply is still the rating", async () => {
  const x = await world({ settings: RATING.settings, conn: RATING.conn });
  try {
    const r = await x.says(LISTED, "oi");
    await attendThenClose(x, r.ticketId);
    await campaignGoesOut(x);
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Black Friday, Contact 1!");
    assert.equal((await x.ticket(r.ticketId)).status, "nps", "the campaign did not close it");
    await x.says(LISTED, "8");
    const rates = await x.t.deps.db.select().from(userRatings).where(eq(userRatings.ticketId, r.ticketId));
    assert.deepEqual(rates.map((x) => x.rate), [8]);
    assert.equal((await x.ticket(r.ticketId)).status, "closed");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] ticket timers × scheduled message: on an open ticket it is the last word, so the auto-close counts from it", async () => {
  const x = await world({ queues: [{ name: "Vendas" }], conn: { expiresTicket: 60 } });
  try {
    const num = "5511988880001";
    const r = await x.says(num, "oi");
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id });
    await x.t.deps.bus.drain();
    assert.deepEqual(await x.timers(r.ticketId), ["autoClose"]);
    x.advance(49);
    await scheduledMessageGoesOut(x, (await contactOf(x, num)).id, "Seguimos à disposição."); // minute 50
    x.advance(11); // minute 61: an hour after the customer, 11 minutes after our message
    await x.tick();
    assert.equal((await x.ticket(r.ticketId)).status, "open");
    x.advance(50); // minute 111: an hour after our message
    await x.tick();
    assert.equal((await x.ticket(r.ticketId)).status, "closed");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] attendant × scheduled or campaign message: it joins his open ticket, which stays his and open", async (tt) => {
  const x = await world({
    queues: [{ name: "Vendas" }, { name: "Suporte" }],
    conn: { greetingMessage: "Escolha:" },
  });
  try {
    const other = await userOf(x.t, x.w.company.id, { queueIds: [x.w.queues[1].id] });
    const r = await x.says(LISTED, "oi");
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id, queueId: x.w.queues[0].id });
    const his = async () => {
      const tk = await x.ticket(r.ticketId);
      assert.equal(tk.status, "open");
      assert.equal(tk.userId, x.w.admin.user.id);
      assert.equal(tk.queueId, x.w.queues[0].id);
    };
    await tt.step("a schedule that would open a ticket for another attendant and queue", async () => {
      await scheduledMessageGoesOut(x, (await contactOf(x, LISTED)).id, "Lembrete do pedido.", {
        openTicket: "enabled",
        statusTicket: "open",
        ticketUserId: other.user.id,
        queueId: x.w.queues[1].id,
      });
      assert.equal((await x.bodies(r.ticketId)).at(-1), "Lembrete do pedido.");
      await his();
    });
    await tt.step("a campaign that closes the tickets it sends on", async () => {
      await campaignGoesOut(x, "Oferta para {nome}");
      assert.equal((await x.bodies(r.ticketId)).at(-1), "Oferta para Contact 1");
      await his();
    });
  } finally {
    await x.close();
  }
});
