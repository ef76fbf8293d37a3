import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { connectWs } from "../../_helpers/ws_client.ts";
import { deliverOk, fixture, startTelegram } from "./_support.ts";

Deno.test("[telegram] an attendant typing in the composer shows the customer 'typing…' (sendChatAction)", async () => {
  const k = await startTelegram({ server: true });
  try {
    await deliverOk(k, await fixture("aiogram_update_message.json"));
    const [ticket] = await k.t.deps.db.select().from(tickets).where(eq(tickets.companyId, k.companyId));
    const staff = await connectWs(k.t.wsUrl!, k.admin.token);
    try {
      const action = k.tg.next("sendChatAction");
      staff.send({ type: "typing", ticketId: ticket.id, typing: true });
      const call = await action;
      assert.equal(call.params.chat_id, "12345678");
      assert.equal(call.params.action, "typing");
    } finally {
      await staff.close();
    }
  } finally {
    await k.close();
  }
});
