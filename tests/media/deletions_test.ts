/**
 * Stored files go with the rows that own them: a deleted ticket's or contact's uploaded media (except a
 * file another message still shows, as a forward does), a deleted user's profile image. Checked on the
 * storage itself, so the same test holds on disk and, with TEST_STORAGE=s3, on a bucket.
 */
import assert from "node:assert/strict";
import { messages } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectOk, type Json, multipart, PNG } from "../_helpers/http.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { world } from "../messages/_world.ts";

const pathOf = (signed: string) => decodeURIComponent(signed.split("?")[0].slice("/api/media/".length));

Deno.test("[media] files are removed with the ticket, contact or user that owns them", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { a, carla, ticketId } = await world(t, sink);
    const upload = async (ticket: number, name: string) => {
      const form = new FormData();
      form.append("medias", new File([PNG], name, { type: "image/png" }));
      const [m] = await expectOk<Json[]>(
        await t.request(`/api/messages/${ticket}`, { method: "POST", token: a.adminToken, body: form }),
        201,
      );
      return pathOf(m.mediaUrl as string);
    };
    const stored = async (path: string) => !!await t.deps.storage.stat(`media/${path}`);

    await tt.step(
      "a deleted ticket's uploads go; a file a message of another ticket shows stays",
      async () => {
        const own = await upload(ticketId, "own.png");
        const shared = await upload(ticketId, "shared.png");
        const other = await customerSays(t, a.conn, "5511977776666", "outro");
        await t.deps.database.write((tx) =>
          tx.insert(messages).values({
            companyId: a.company.id,
            ticketId: other.ticketId,
            body: "",
            fromMe: true,
            mediaType: "image",
            mediaUrl: shared,
            mediaName: "shared.png",
          })
        );
        assert.ok(await stored(own) && await stored(shared));
        await expectOk(
          await t.request(`/api/tickets/${ticketId}`, { method: "DELETE", token: a.adminToken }),
          204,
        );
        assert.equal(await stored(own), false, "the ticket's own upload went");
        assert.equal(await stored(shared), true, "the forwarded copy's file stayed");
      },
    );

    await tt.step("a deleted contact's conversations take their uploads with them", async () => {
      const conv = await customerSays(t, a.conn, { number: "5511955554444", name: "Zé" }, "oi");
      await expectOk(
        await t.request(`/api/tickets/${conv.ticketId}`, {
          method: "PUT",
          token: a.adminToken,
          json: { status: "open" },
        }),
      );
      const file = await upload(conv.ticketId, "ze.png");
      assert.ok(await stored(file));
      const ticket = await expectOk<Json>(
        await t.request(`/api/tickets/${conv.ticketId}`, { token: a.adminToken }),
      );
      await expectOk(
        await t.request(`/api/contacts/${ticket.contactId}`, { method: "DELETE", token: a.adminToken }),
        204,
      );
      assert.equal(await stored(file), false);
    });

    await tt.step("a deleted user's profile image goes", async () => {
      const u = await t.request(`/api/users/${carla.user.id}/media-upload`, {
        method: "POST",
        token: a.adminToken,
        body: multipart("profileImage", PNG, "me.png", "image/png"),
      });
      const image = pathOf((await expectOk<Json>(u)).profileImage as string);
      assert.ok(await stored(image));
      await expectOk(
        await t.request(`/api/users/${carla.user.id}`, { method: "DELETE", token: a.adminToken }),
        204,
      );
      assert.equal(await stored(image), false);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});
