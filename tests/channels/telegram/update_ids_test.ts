/**
 * update_id kept per connection: a redelivered update is handled once even when it carries no
 * message id of its own (a reaction, a reaction's removal), whatever came in between; an update
 * whose handling failed is handled when Telegram delivers it again.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { messages, whatsapps } from "@db/schema.ts";
import { onceForUpdate } from "@/channels/telegram/updates.ts";
import { deliverOk, fixture, startTelegram } from "./_support.ts";

Deno.test("[telegram] a redelivered reaction update (same update_id, no message id) is handled once", async () => {
  const k = await startTelegram();
  try {
    await deliverOk(k, await fixture("aiogram_update_message.json"));
    const thumbs = await fixture("botapi_message_reaction.json");
    const r = thumbs.message_reaction;
    const removal = {
      update_id: thumbs.update_id + 1,
      message_reaction: { ...r, date: r.date + 5, new_reaction: [] },
    };
    const heart = {
      update_id: thumbs.update_id + 2,
      message_reaction: { ...r, date: r.date + 9, new_reaction: [{ type: "emoji", emoji: "❤" }] },
    };
    const reactions = async () =>
      (await k.t.deps.db.select().from(messages).where(
        and(eq(messages.companyId, k.companyId), eq(messages.mediaType, "reactionMessage")),
      )).map((m) => m.body);
    await deliverOk(k, thumbs);
    await deliverOk(k, removal);
    assert.deepEqual(await reactions(), []);
    // The 👍 delivered again (its first answer was lost): the customer had removed it.
    await deliverOk(k, thumbs);
    assert.deepEqual(await reactions(), []);
    await deliverOk(k, heart);
    // The removal delivered again after the ❤: it must not remove the newer reaction.
    await deliverOk(k, removal);
    assert.deepEqual(await reactions(), ["❤"]);
    const [row] = await k.t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, k.connectionId));
    assert.deepEqual(row.telegramUpdateIds!.slice(-3), [
      thumbs.update_id,
      removal.update_id,
      heart.update_id,
    ]);
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] an update whose handling failed gives its id back, so the next delivery is handled", async () => {
  const k = await startTelegram();
  try {
    const conn = { id: k.connectionId, companyId: k.companyId };
    await assert.rejects(onceForUpdate(k.t.deps, conn, 77, () => Promise.reject(new Error("db busy"))));
    let ran = 0;
    assert.equal(await onceForUpdate(k.t.deps, conn, 77, () => Promise.resolve(void ran++)), true);
    assert.equal(await onceForUpdate(k.t.deps, conn, 77, () => Promise.resolve(void ran++)), false);
    assert.equal(ran, 1);
  } finally {
    await k.close();
  }
});
