/**
 * lgpdDeleteMessage (spec 2 §3): with it on, a message the customer deleted — or one an
 * attendant deleted — leaves the conversation instead of showing the "deleted" marker; with it off
 * the marker stays. The row is kept either way.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../_helpers/test_app.ts";
import { createTenant, setCompanySetting } from "../_helpers/tenant.ts";
import { customerSays, messageRow, nextExternalId, ticketRow, updateRaw } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { connectWs } from "../_helpers/ws_client.ts";

type Page = { messages: { id: number; isDeleted: boolean }[] };

Deno.test("[messages] lgpdDeleteMessage hides deleted messages from the conversation", async (tt) => {
  const t = await startTestServer({ scheduler: false });
  const sink = startWebhookSink();
  try {
    const a = await createTenant(t, { webhook: sink, user: false });
    const page = async (uuid: string) =>
      (await expectOk<Page>(await t.request(`/api/messages/${uuid}`, { token: a.adminToken }))).messages;

    await tt.step("off: a revoked message stays, marked deleted", async () => {
      const wid = nextExternalId();
      const r = await customerSays(t, a.conn, "5511977776666", "primeira", { externalId: wid });
      await expectOk(await updateRaw(t, a.conn.token, { externalId: wid, type: "revoke" }));
      const { uuid } = await ticketRow(t, r.ticketId);
      assert.equal((await page(uuid)).find((m) => m.id === r.messageId)?.isDeleted, true);
    });

    await tt.step("on: the revoked message leaves the conversation, live, and the row is kept", async () => {
      await setCompanySetting(t, a.company.id, "lgpdDeleteMessage", "enabled");
      const wid = nextExternalId();
      const r = await customerSays(t, a.conn, "5511977776666", "segunda", { externalId: wid });
      const ws = await connectWs(t.wsUrl, a.adminToken);
      try {
        await expectOk(await updateRaw(t, a.conn.token, { externalId: wid, type: "revoke" }));
        const frame = await ws.next((f) => f.event === `company-${a.company.id}-appMessage`);
        assert.deepEqual(frame.data, { action: "delete", messageId: r.messageId });
      } finally {
        ws.close();
      }
      const { uuid } = await ticketRow(t, r.ticketId);
      const ids = (await page(uuid)).map((m) => m.id);
      assert.equal(ids.includes(r.messageId), false);
      assert.equal((await messageRow(t, r.messageId)).isDeleted, true);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});
