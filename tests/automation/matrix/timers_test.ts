/**
 * The interaction matrix, row "ticket timers", for the two timers the other rows do not meet:
 * rotation against an attendant who accepts, and the inactivity notice against a scheduled
 * message. Timers read the ticket's state and its last message (ours counts), not the bots.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "@db/schema.ts";
import { userOf } from "../../_helpers/tenant.ts";
import { contactOf, scheduledMessageGoesOut, world } from "./_world.ts";

Deno.test("[matrix] ticket timers (rotation) × attendant: an accepted ticket leaves the rotation; a waiting one is rotated", async () => {
  const x = await world({ queues: [{ name: "Vendas", ativarRoteador: true, tempoRoteador: 5 }] });
  try {
    const member = await userOf(x.t, x.w.company.id, { queueIds: [x.w.queues[0].id] });
    await x.t.deps.database.write((tx) =>
      tx.update(users).set({ online: true }).where(eq(users.id, member.user.id))
    );
    const taken = await x.says("5511999990001", "oi");
    const waiting = await x.says("5511999990002", "oi");
    assert.deepEqual(await x.timers(taken.ticketId), ["rotation", "stale"]);
    await x.put(taken.ticketId, { status: "open", userId: x.w.admin.user.id });
    await x.t.deps.bus.drain();
    assert.ok(!(await x.timers(taken.ticketId)).includes("rotation"), "accepting cancelled the rotation");
    x.advance(6);
    await x.tick();
    const tk = await x.ticket(taken.ticketId);
    assert.equal(tk.status, "open");
    assert.equal(tk.userId, x.w.admin.user.id, "still his");
    assert.equal((await x.ticket(waiting.ticketId)).userId, member.user.id, "the waiting one was rotated");
  } finally {
    await x.close();
  }
});

Deno.test("[matrix] ticket timers (inactivity) × scheduled message: the notice counts its quiet from our message", async () => {
  const x = await world({
    queues: [{ name: "Vendas" }],
    conn: { expiresTicket: 60, timeInactiveMessage: 10, inactiveMessage: "Ainda está aí?" },
  });
  try {
    const num = "5511999990003";
    const r = await x.says(num, "oi");
    await x.put(r.ticketId, { status: "open", userId: x.w.admin.user.id });
    x.advance(8);
    await scheduledMessageGoesOut(x, (await contactOf(x, num)).id, "Seu pedido foi aprovado."); // minute 9
    x.advance(2); // minute 11: ten minutes after the customer, two after our message
    await x.tick();
    assert.ok(!(await x.bodies(r.ticketId)).includes("Ainda está aí?"));
    x.advance(9); // minute 20: ten minutes after our message
    await x.tick();
    assert.equal((await x.bodies(r.ticketId)).at(-1), "Ainda está aí?");
  } finally {
    await x.close();
  }
});
