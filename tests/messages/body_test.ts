/**
 * GET /messages/:id/body: the whole text of a message whose socket frame carried only a preview.
 * Session, company, ticket visibility, and the text itself.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { MARIA, world } from "./_world.ts";
import { MESSAGE_PREVIEW_CHARS } from "@contract/messages.ts";

Deno.test("[messages] GET /messages/:id/body: 401, another company's 404, 403 without the ticket, the whole text", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { a, carla, outsider, b, bIn } = await world(t, sink);
    const long = "Pedido 123: " + "ç".repeat(60_000) + " fim.";
    const sent = await customerSays(t, a.conn, MARIA, long);
    const path = `/api/messages/${sent.messageId}/body`;

    await tt.step("needs a session", async () => {
      await assertAllNeedAuth(t, [["GET", path]]);
    });
    await tt.step("another company's message answers 404", async () => {
      await expectError(await t.request(path, { token: b.adminToken }), 404, "ERR_NOT_FOUND");
      await expectError(
        await t.request(`/api/messages/${bIn.messageId}/body`, { token: a.adminToken }),
        404,
        "ERR_NOT_FOUND",
      );
    });
    await tt.step("a user who cannot see the ticket gets 403", async () => {
      await expectError(await t.request(path, { token: outsider.token }), 403, "ERR_NO_PERMISSION");
    });
    await tt.step("the agent of the ticket and the admin read the whole text", async () => {
      for (const token of [carla.token, a.adminToken]) {
        const got = await expectOk<{ id: number; body: string }>(await t.request(path, { token }));
        assert.equal(got.id, sent.messageId);
        assert.equal(got.body, long);
        assert.ok(got.body.length > MESSAGE_PREVIEW_CHARS);
      }
    });
  } finally {
    await sink.close();
    await t.close();
  }
});
