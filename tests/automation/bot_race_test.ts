/**
 * The bot and an attendant acting on one ticket at once: a bot write that changes the status lands
 * only while the ticket still has the status the bot read (compare and set). Before, a chatbot or
 * queue answer computed from a row read before the attendant closed or accepted the ticket wrote
 * "pending" back over it: a closed conversation reopened itself.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, ticketRow } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { botUpdate, TicketMovedMeanwhile } from "@/automation/bot.ts";

Deno.test("[automation] a bot's status write never reopens a ticket closed or accepted meanwhile", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "Atendimento" }, { name: "Financeiro" }],
      conn: { greetingMessage: "Bem-vindo!" },
    });
    const put = async (ticketId: number, json: Record<string, unknown>) =>
      await expectOk(
        await t.request(`/api/tickets/${ticketId}`, { method: "PUT", token: w.adminToken, json }),
      );

    await tt.step("closed by the attendant during the bot's turn: it stays closed", async () => {
      const r = await customerSays(t, w.conn, "5511911110001", "oi");
      const seenByBot = await ticketRow(t, r.ticketId);
      assert.equal(seenByBot.status, "pending");
      await put(r.ticketId, { status: "closed" });
      await assert.rejects(
        botUpdate(t.deps, seenByBot, { status: "pending", queueId: w.queues[1].id }),
        TicketMovedMeanwhile,
      );
      const now = await ticketRow(t, r.ticketId);
      assert.equal(now.status, "closed");
      assert.notEqual(now.queueId, w.queues[1].id, "nothing of the bot's write landed");
    });

    await tt.step("accepted by an attendant during the bot's turn: it stays his", async () => {
      const r = await customerSays(t, w.conn, "5511911110002", "oi");
      const seenByBot = await ticketRow(t, r.ticketId);
      await put(r.ticketId, { status: "open", userId: w.admin.user.id });
      await assert.rejects(
        botUpdate(t.deps, seenByBot, { status: "pending", userId: null }),
        TicketMovedMeanwhile,
      );
      const now = await ticketRow(t, r.ticketId);
      assert.equal(now.status, "open");
      assert.equal(now.userId, w.admin.user.id);
    });

    await tt.step(
      "writes without a status, and status writes on an unchanged ticket, still land",
      async () => {
        const r = await customerSays(t, w.conn, "5511911110003", "oi");
        const row = await ticketRow(t, r.ticketId);
        const moved = await botUpdate(t.deps, row, { status: "pending", queueId: w.queues[0].id });
        assert.equal(moved.queueId, w.queues[0].id);
        await put(r.ticketId, { status: "closed" });
        // A counter on a stale row is no status change: it is written as before.
        const counted = await botUpdate(t.deps, moved, { amountUsedBotQueues: 3 });
        assert.equal(counted.amountUsedBotQueues, 3);
        assert.equal(counted.status, "closed");
      },
    );
  } finally {
    await sink.close();
    await t.close();
  }
});
