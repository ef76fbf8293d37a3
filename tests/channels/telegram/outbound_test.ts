import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contacts, jobs, messages, tickets } from "@db/schema.ts";
import { sendOnTicket } from "@/messages/send.ts";
import { PER_BOT_MS, PER_CHAT_MS, PER_GROUP_MS, telegramPace } from "@/channels/telegram/outbound.ts";
import { ManualClock } from "../../_helpers/clock.ts";
import {
  asUpdate,
  BOT,
  deliverOk,
  fixture,
  runJobs,
  runPaced,
  startTelegram,
  type TgTest,
} from "./_support.ts";

const CHAT = 12345678;

/** The customer writes first (aiogram's UPDATE): their ticket, opened by the admin. */
async function ticketOf(k: TgTest): Promise<number> {
  await deliverOk(k, await fixture("aiogram_update_message.json"));
  const [ticket] = await k.t.deps.db.select().from(tickets).where(eq(tickets.companyId, k.companyId));
  return ticket.id;
}

Deno.test("[telegram] an attendant's signed reply goes out as sendMessage with a bold signature and a reply, and takes Telegram's id", async () => {
  const k = await startTelegram();
  try {
    const ticketId = await ticketOf(k);
    const put = await k.t.request(`/api/tickets/${ticketId}`, {
      method: "PUT",
      token: k.admin.token,
      json: { status: "open", userId: Number(k.admin.user.id) },
    });
    assert.equal(put.status, 200, await put.clone().text());
    await put.body?.cancel();
    const [quoted] = await k.t.deps.db.select().from(messages).where(eq(messages.companyId, k.companyId));
    const res = await k.t.request(`/api/messages/${ticketId}`, {
      method: "POST",
      token: k.admin.token,
      json: { body: "Olá! Como posso ajudar?", signMessage: true, quotedMsg: { id: quoted.id } },
    });
    assert.ok(res.status < 300, await res.clone().text());
    await res.body?.cancel();
    await runJobs(k.t);
    const call = k.tg.sends().at(-1)!;
    assert.equal(call.method, "sendMessage");
    assert.equal(call.params.chat_id, String(CHAT));
    assert.equal(call.params.text, "Admin:\nOlá! Como posso ajudar?");
    assert.deepEqual(call.params.entities, [{ type: "bold", offset: 0, length: "Admin:".length }]);
    assert.deepEqual(call.params.reply_parameters, { message_id: 11223, allow_sending_without_reply: true });
    const [out] = await k.t.deps.db.select().from(messages)
      .where(and(eq(messages.companyId, k.companyId), eq(messages.fromMe, true)));
    assert.equal(out.ack, 1);
    assert.match(out.wid!, new RegExp(`^tg:${BOT.id}:${CHAT}:\\d+$`));
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] media goes out as sendPhoto / sendDocument with the text as caption", async () => {
  const clock = new ManualClock("2026-11-27T12:00:00Z");
  const k = await startTelegram({ clock });
  try {
    const ticketId = await ticketOf(k);
    const photo = await k.t.deps.media.save(
      k.companyId,
      "messages",
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], "foto.jpg", { type: "image/jpeg" }),
    );
    await sendOnTicket(k.t.deps, k.companyId, ticketId, { body: "Seu pedido", media: photo });
    const pdf = await k.t.deps.media.save(
      k.companyId,
      "messages",
      new File([new TextEncoder().encode("%PDF-1.4")], "nota.pdf", { type: "application/pdf" }),
    );
    await sendOnTicket(k.t.deps, k.companyId, ticketId, { body: "", media: pdf });
    await runPaced(k.t, clock);
    const [p, d] = k.tg.sends();
    assert.equal(p.method, "sendPhoto");
    assert.equal(p.params.caption, "Seu pedido");
    assert.equal(p.files.photo.type, "image/jpeg");
    assert.equal(d.method, "sendDocument");
    assert.equal(d.files.document.name, pdf.name);
    assert.equal(d.params.caption, undefined);
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] 429 retry_after is honoured by the send queue; 403 (bot blocked) marks the contact and the message", async (tt) => {
  const clock = new ManualClock("2026-11-27T12:00:00Z");
  const k = await startTelegram({ clock });
  try {
    const ticketId = await ticketOf(k);
    await tt.step("429: no retry before retry_after, delivered after it", async () => {
      k.tg.failSends.push({
        error_code: 429,
        description: "Too Many Requests: retry after 7",
        retry_after: 7,
      });
      const msg = await sendOnTicket(k.t.deps, k.companyId, ticketId, { body: "um" });
      await runJobs(k.t);
      assert.equal(k.tg.sends().length, 1);
      const [job] = await k.t.deps.db.select().from(jobs).where(eq(jobs.name, "channels.telegram.send"));
      assert.equal(job.status, "pending");
      assert.equal(new Date(job.runAt).getTime() - clock.now().getTime(), 7000);
      clock.advance(6_000);
      await runJobs(k.t);
      assert.equal(k.tg.sends().length, 1);
      clock.advance(1_000);
      await runJobs(k.t);
      assert.equal(k.tg.sends().length, 2);
      const [row] = await k.t.deps.db.select().from(messages).where(eq(messages.id, msg.id));
      assert.equal(row.ack, 1);
    });
    await tt.step("403: the contact is marked unreachable, the message shows why, no retry", async () => {
      clock.advance(1_000); // the chat's next slot (one message a second)
      k.tg.failSends.push({ error_code: 403, description: "Forbidden: bot was blocked by the user" });
      const msg = await sendOnTicket(k.t.deps, k.companyId, ticketId, { body: "dois" });
      await runJobs(k.t);
      const [row] = await k.t.deps.db.select().from(messages).where(eq(messages.id, msg.id));
      assert.match(row.sendError ?? "", /bot was blocked by the user/);
      const [contact] = await k.t.deps.db.select().from(contacts).where(eq(contacts.number, `tg-${CHAT}`));
      assert.equal(contact.unreachableAt, clock.now().toISOString());
      const sends = k.tg.sends().length;
      clock.advance(3_600_000);
      await runJobs(k.t);
      assert.equal(k.tg.sends().length, sends);
    });
    await tt.step("the customer writing again clears the mark", async () => {
      const m = await fixture("aiogram_update_message.json");
      await deliverOk(k, asUpdate(5, { ...m.message, message_id: 99, text: "desbloqueei" }));
      const [contact] = await k.t.deps.db.select().from(contacts).where(eq(contacts.number, `tg-${CHAT}`));
      assert.equal(contact.unreachableAt, null);
    });
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] a burst of 40 to one chat goes out paced (one a second) and in order; a group's chat one every 3 s; other chats do not wait", async () => {
  const clock = new ManualClock("2026-11-27T12:00:00Z");
  const k = await startTelegram({ clock });
  try {
    const ticketId = await ticketOf(k);
    const start = clock.now().getTime();
    for (let i = 1; i <= 40; i++) await sendOnTicket(k.t.deps, k.companyId, ticketId, { body: `msg ${i}` });
    const at: number[] = [];
    k.tg.calls.length = 0;
    for (let s = 0; s < 60 && k.tg.sends().length < 40; s++) {
      const before = k.tg.sends().length;
      await runJobs(k.t);
      for (let i = before; i < k.tg.sends().length; i++) at.push(clock.now().getTime() - start);
      assert.ok(k.tg.sends().length - before <= 1, `at most one a second (second ${s})`);
      clock.advance(1000);
    }
    assert.deepEqual(
      k.tg.sends().map((c) => c.params.text),
      Array.from({ length: 40 }, (_, i) => `msg ${i + 1}`),
    );
    assert.deepEqual(at, Array.from({ length: 40 }, (_, i) => i * 1000));
    // All 40 acknowledged, none given up: waiting for a slot is no failed attempt.
    const out = await k.t.deps.db.select().from(messages)
      .where(and(eq(messages.companyId, k.companyId), eq(messages.fromMe, true)));
    assert.equal(out.filter((m) => m.ack === 1).length, 40);
    const failed = await k.t.deps.db.select().from(jobs).where(eq(jobs.status, "failed"));
    assert.equal(failed.length, 0);
  } finally {
    await k.close();
  }
});

Deno.test("[telegram] pace slots: a chat 1 s, a group 3 s, the bot ~30 a second across chats", () => {
  const chat = telegramPace({ connectionId: 7, contactNumber: "tg-12345678" });
  const group = telegramPace({ connectionId: 7, contactNumber: "tg--1001234567890" });
  assert.deepEqual(chat.map((s) => s.gapMs), [PER_BOT_MS, PER_CHAT_MS]);
  assert.deepEqual(group.map((s) => s.gapMs), [PER_BOT_MS, PER_GROUP_MS]);
  assert.equal(chat[0].key, group[0].key, "one bot slot for every chat of the connection");
  assert.ok(1000 / PER_BOT_MS <= 30);
});
