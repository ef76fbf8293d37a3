import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contacts, messages, tickets } from "@db/schema.ts";
import type { TestApp } from "../../_helpers/test_app.ts";
import { TG_JPEG } from "../../_helpers/telegram_server.ts";
import { asUpdate, BOT, deliver, deliverOk, fixture, startTelegram, type TgTest } from "./_support.ts";

const wid = (chat: number, id: number) => `tg:${BOT.id}:${chat}:${id}`;
const CHAT = 12345678;

async function messageOf(t: TestApp, companyId: number, externalId: string) {
  const [m] = await t.deps.db.select().from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.wid, externalId)));
  return m;
}

/** Registers every file the fixtures name with the local Bot API server. */
function serveFixtureFiles(k: TgTest) {
  const files: [string, string][] = [
    ["AgADBAADFak0G88YZAf8OAug7bHyS9x2ZxkABHVfpJywcloRAAGAAQABAg", "photos/file_1.jpg"],
    ["BQADAgADpgADy_JxS66XQTBRHFleAg", "documents/file_2.docx"],
    ["CQADAgADbQEAAsnrIUpNoRRNsH7_hAI", "music/file_3.mp3"],
    ["AwADawAgADADy_JxS2gopIVIIxlhAg", "voice/file_4.oga"],
    ["BAADAgpAADdawy_JxS72kRvV3cortAg", "videos/file_5.mov"],
    ["AAbbCCddEEffGGhh1234567890", "stickers/file_6.webp"],
  ];
  for (const [id, path] of files) k.tg.files.set(id, { path, bytes: TG_JPEG });
}

Deno.test("[telegram] forged updates (missing or wrong secret, not a Telegram connection) are refused and nothing is stored", async () => {
  const k = await startTelegram();
  try {
    const update = await fixture("aiogram_update_message.json");
    for (const secret of [null, "wrong-secret", k.secret.slice(0, -1)]) {
      const res = await deliver(k, update, secret);
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    const other = await k.t.request(`/api/webhooks/telegram/999999`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": k.secret },
      body: JSON.stringify(update),
    });
    assert.equal(other.status, 401);
    await other.body?.cancel();
    const rows = await k.t.deps.db.select().from(messages).where(eq(messages.companyId, k.companyId));
    assert.equal(rows.length, 0);
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] published updates through the real webhook: text, redelivery, media, location, contact, replies, edits, /start", async (tt) => {
  const k = await startTelegram();
  serveFixtureFiles(k);
  const { t, companyId } = k;
  try {
    await tt.step(
      "a text update becomes a pending ticket of the Telegram contact; a redelivery is stored once",
      async () => {
        const update = await fixture("aiogram_update_message.json");
        await deliverOk(k, update);
        await deliverOk(k, update);
        const rows = await t.deps.db.select().from(messages).where(eq(messages.companyId, companyId));
        assert.equal(rows.length, 1);
        assert.equal(rows[0].wid, wid(CHAT, 11223));
        assert.equal(rows[0].body, "Hi, world!");
        const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, companyId));
        assert.equal(contact.number, `tg-${CHAT}`);
        assert.equal(contact.name, "FirstName LastName");
        assert.equal(contact.channel, "telegram");
        const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.companyId, companyId));
        assert.equal(ticket.status, "pending");
        assert.equal(ticket.whatsappId, k.connectionId);
      },
    );

    // The data set gives most messages the id 12345: each is delivered with its own id, as Telegram would.
    let next = 20000;
    const send = async (name: string) => {
      const m = await fixture(name);
      m.message_id = ++next;
      await deliverOk(k, asUpdate(next, m));
      return await messageOf(t, companyId, wid(CHAT, next));
    };

    await tt.step("photo: the largest size through getFile, with its caption", async () => {
      const m = await send("aiogram_message_with_photo.json");
      assert.equal(m.body, "photo description");
      assert.equal(m.mediaType, "image");
      assert.ok(m.mediaUrl);
      assert.equal(
        k.tg.calls.filter((c) => c.method === "getFile").at(-1)?.params.file_id,
        "AgADBAADFak0G88YZAf8OAug7bHyS9x2ZxkABHVfpJywcloRAAGAAQABAg",
      );
    });
    await tt.step("photo with distinct sizes: the last (largest) is fetched", async () => {
      const m = await fixture("aiogram_message_with_photo.json");
      m.message_id = ++next;
      m.photo = m.photo.map((p: Record<string, unknown>, i: number) => ({
        ...p,
        file_id: `size-${i}`,
        width: 90 * (i + 1),
      }));
      k.tg.files.set("size-3", { path: "photos/file_9.jpg", bytes: TG_JPEG });
      await deliverOk(k, asUpdate(next, m));
      assert.equal(k.tg.calls.filter((c) => c.method === "getFile").at(-1)?.params.file_id, "size-3");
      assert.ok((await messageOf(t, companyId, wid(CHAT, next))).mediaUrl);
    });
    await tt.step("document, audio, voice, video and sticker are stored with their files", async () => {
      const cases: [string, string, string][] = [
        ["aiogram_message_with_document.json", "application", "Read my document"],
        ["aiogram_message_with_audio.json", "audio", "This is my favourite song"],
        ["aiogram_message_with_voice.json", "audio", ""],
        ["aiogram_message_with_video.json", "video", "description"],
        ["aiogram_message_with_sticker.json", "image", ""],
      ];
      for (const [name, type, body] of cases) {
        const m = await send(name);
        assert.equal(m.mediaType, type, name);
        assert.equal(m.body, body, name);
        assert.ok(m.mediaUrl, name);
      }
    });
    await tt.step("location and venue use the shared location body", async () => {
      const loc = await send("aiogram_message_with_location.json");
      assert.equal(loc.mediaType, "locationMessage");
      assert.match(loc.body, /55\.693416.*37\.624605/);
      await deliverOk(k, await fixture("botapi_venue.json"));
      const venue = await messageOf(t, companyId, wid(CHAT, 3));
      assert.equal(venue.mediaType, "locationMessage");
      assert.match(venue.body, /MASP, Av\. Paulista/);
    });
    await tt.step("a shared contact is a vCard", async () => {
      await deliverOk(k, await fixture("botapi_contact.json"));
      const m = await messageOf(t, companyId, wid(CHAT, 2));
      assert.equal(m.mediaType, "contactMessage");
      assert.match(m.body, /FN:Maria Silva/);
      assert.match(m.body, /TEL;type=CELL;waid=5511987654321:\+5511987654321/);
    });
    await tt.step("/start with its deep-link payload is a message", async () => {
      await deliverOk(k, await fixture("botapi_start_deep_link.json"));
      assert.equal((await messageOf(t, companyId, wid(CHAT, 1))).body, "/start promo-black-friday");
    });
    await tt.step("a reply quotes the message it answers", async () => {
      const m = await send("aiogram_reply_message.json");
      const quoted = await messageOf(t, companyId, wid(CHAT, 11223));
      assert.equal(m.quotedMsgId, quoted.id);
      assert.equal(m.body, "Reply to quoted message");
    });
    await tt.step(
      "a reaction is stored quoting its message; a second replaces it; an empty one removes it",
      async () => {
        const update = await fixture("botapi_message_reaction.json");
        await deliverOk(k, update);
        await deliverOk(k, update);
        const reactions = async () =>
          await t.deps.db.select().from(messages).where(
            and(eq(messages.companyId, companyId), eq(messages.mediaType, "reactionMessage")),
          );
        const quoted = await messageOf(t, companyId, wid(CHAT, 11223));
        let rows = await reactions();
        assert.equal(rows.length, 1);
        assert.equal(rows[0].body, "👍");
        assert.equal(rows[0].quotedMsgId, quoted.id);
        const r = update.message_reaction;
        await deliverOk(k, {
          update_id: 2,
          message_reaction: { ...r, date: r.date + 5, new_reaction: [{ type: "emoji", emoji: "❤" }] },
        });
        rows = await reactions();
        assert.deepEqual(rows.map((x) => x.body), ["❤"]);
        await deliverOk(k, { update_id: 3, message_reaction: { ...r, date: r.date + 9, new_reaction: [] } });
        assert.equal((await reactions()).length, 0);
      },
    );
    await tt.step("edited_message updates the stored text", async () => {
      const edited = await fixture("aiogram_edited_message.json");
      await deliverOk(k, asUpdate(900, { ...edited, text: "hi there", edit_date: undefined }));
      await deliverOk(k, asUpdate(901, edited, "edited_message"));
      const m = await messageOf(t, companyId, wid(CHAT, 12345));
      assert.equal(m.body, "hi there (edited)");
      assert.equal(m.isEdited, true);
    });
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] group chats are group tickets when the connection allows groups, ignored otherwise", async () => {
  const update = await fixture("botapi_supergroup_message.json");
  const off = await startTelegram();
  try {
    await deliverOk(off, update);
    const rows = await off.t.deps.db.select().from(messages).where(eq(messages.companyId, off.companyId));
    assert.equal(rows.length, 0);
  } finally {
    await off.close();
  }
  const on = await startTelegram({ allowGroup: true });
  try {
    await deliverOk(on, update);
    const m = await messageOf(on.t, on.companyId, wid(-1001234567890, 77));
    assert.equal(m.participant, `tg-${CHAT}`);
    const [ticket] = await on.t.deps.db.select().from(tickets).where(eq(tickets.id, m.ticketId));
    assert.equal(ticket.isGroup, true);
    assert.equal(ticket.status, "group");
    const [group] = await on.t.deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
    assert.equal(group.number, "tg--1001234567890");
    assert.equal(group.name, "Clientes VIP");
  } finally {
    await on.close();
  }
});
