/**
 * A ticket parked in a flow and closed by a timer (automation/bot.ts botClose) leaves the flow, like a
 * close by an attendant: the customer's next message is not taken as the stale question's answer.
 */
import assert from "node:assert/strict";
import { ticketTimers } from "@db/schema.ts";
import { eq } from "drizzle-orm";
import { createTestApp } from "../_helpers/test_app.ts";
import { runTicketTimers } from "@/timers/tick.ts";
import { customerSays, outbound, ticketRow } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { edge, nid, node } from "./_graph.ts";

const MIN = 60_000;

Deno.test("[flows] a timer's close clears the ticket's flow columns", async () => {
  const start = Math.floor(Date.now() / MIN) * MIN;
  let now = start;
  const t = await createTestApp({ clock: { now: () => new Date(now) }, scheduler: false });
  try {
    const w = await createTenant(t, { webhook: null, user: false });
    const tok = w.adminToken;
    const f = await expectOk<Json>(
      await t.request("/api/flowbuilder", { method: "POST", token: tok, json: { name: "Pergunta" } }),
      201,
    );
    await expectOk(
      await t.request("/api/flowbuilder/flow", {
        method: "POST",
        token: tok,
        json: {
          idFlow: f.id,
          nodes: [
            node("s", "start"),
            node("ask", "question", {
              typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" },
            }),
            node("m", "message", { label: "Obrigado, {{nome}}" }),
          ],
          connections: [edge("s", "ask"), edge("ask", "m")],
        },
      }),
    );
    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: tok,
        json: { flowIdWelcome: f.id },
      }),
    );

    const { ticketId } = await customerSays(t, w.conn, { number: "5511900000042", name: "Ana" }, "oi");
    let tk = await ticketRow(t, ticketId);
    assert.equal(tk.flowStopped, String(f.id));
    assert.equal(tk.lastFlowId, nid("ask"));
    assert.equal(tk.flowWebhook, true);
    const timers = await t.deps.db.select().from(ticketTimers).where(eq(ticketTimers.ticketId, ticketId));
    assert.ok(timers.some((r) => r.kind === "stale"), JSON.stringify(timers));

    // The 24-hour close (spec 1 §9) of a pending ticket goes through botClose.
    now = start + 24 * 60 * MIN;
    await runTicketTimers(t.deps);
    await t.deps.bus.drain();
    tk = await ticketRow(t, ticketId);
    assert.equal(tk.status, "closed");
    assert.equal(tk.flowStopped, null);
    assert.equal(tk.lastFlowId, null);
    assert.equal(tk.flowWebhook, false);
    assert.equal(tk.hashFlowId, null);
    assert.equal(tk.dataWebhook, null);

    // The customer writes again: no stale run answers it.
    const again = await customerSays(t, w.conn, { number: "5511900000042" }, "Ana");
    const reply = (await outbound(t, again.ticketId)).map((m) => m.body);
    assert.ok(!reply.some((b) => String(b).startsWith("Obrigado")), JSON.stringify(reply));
    assert.equal((await ticketRow(t, again.ticketId)).flowStopped, null);
  } finally {
    await t.close();
  }
});
