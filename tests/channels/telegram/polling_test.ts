import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages, whatsapps } from "@db/schema.ts";
import { pollTelegram } from "@/channels/telegram/polling.ts";
import { BOT, BOT_TOKEN, fixture, startTelegram } from "./_support.ts";

Deno.test("[telegram] long polling: connect deletes the webhook, getUpdates feeds the same handler, the offset is kept", async () => {
  const k = await startTelegram({ env: { TELEGRAM_UPDATES: "polling" } });
  try {
    const { t } = k;
    assert.deepEqual(k.tg.calls.map((c) => c.method), ["getMe", "deleteWebhook"]);
    const [conn] = await t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, k.connectionId));
    assert.equal(conn.status, "CONNECTED");

    const text = await fixture("aiogram_update_message.json");
    const photo = await fixture("aiogram_message_with_photo.json");
    k.tg.files.set(photo.photo.at(-1).file_id, {
      path: "photos/file_1.jpg",
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    });
    k.tg.updates.set(BOT_TOKEN, [text, { update_id: text.update_id + 1, message: photo }]);
    await pollTelegram(t.deps);
    await t.deps.bus.drain();
    let rows = await t.deps.db.select().from(messages).where(eq(messages.companyId, k.companyId));
    assert.deepEqual(rows.map((r) => r.wid).sort(), [
      `tg:${BOT.id}:12345678:11223`,
      `tg:${BOT.id}:12345678:12345`,
    ]);
    const [after] = await t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, k.connectionId));
    assert.equal(after.telegramOffset, text.update_id + 2);

    // The next tick asks from the kept offset: nothing is handled twice.
    await pollTelegram(t.deps);
    const last = k.tg.calls.filter((c) => c.method === "getUpdates").at(-1)!;
    assert.equal(last.params.offset, text.update_id + 2);
    assert.deepEqual(last.result, []);
    rows = await t.deps.db.select().from(messages).where(eq(messages.companyId, k.companyId));
    assert.equal(rows.length, 2);
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] in webhook mode the poll tick does nothing", async () => {
  const k = await startTelegram();
  try {
    await pollTelegram(k.t.deps);
    assert.equal(k.tg.calls.filter((c) => c.method === "getUpdates").length, 0);
  } finally {
    await k.close();
  }
});
