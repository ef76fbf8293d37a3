import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../../_helpers/test_app.ts";
import { setCompanySetting } from "../../_helpers/tenant.ts";
import { sendOnTicket } from "@/messages/send.ts";
import { getMessage } from "@/messages/repo.ts";
import { AppError } from "@/lib/errors.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import type { SessionOptions } from "@/channels/whatsapp/session_manager.ts";
import { connRow, handled, messageByWid, runSessions, setupWa, waitFor, waMessage } from "./_support.ts";

const MARIA = "5511911112222@s.whatsapp.net";

async function connected(t: TestApp, o: SessionOptions = {}) {
  const wa = await setupWa(t);
  const { fake, manager } = await runSessions(t, o);
  await manager.command(wa.conn, "start");
  const sock = fake.last();
  sock.open();
  await waitFor(async () => (await connRow(t, wa.conn.id)).status === "CONNECTED", "CONNECTED");
  sock.ev.emit("messages.upsert", {
    type: "notify",
    messages: [waMessage({ id: "IN1", jid: MARIA, pushName: "Maria", message: { conversation: "oi" } })],
  });
  const inbound = await waitFor(() => messageByWid(t, wa.company.id, "IN1"), "inbound");
  return { ...wa, sock, manager, ticketId: inbound.ticketId };
}

Deno.test("[whatsapp] send: text, media and quotes through the socket; acks never go down", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { company, sock, ticketId, manager, conn } = await connected(t);
    const cid = company.id;

    await tt.step("a text goes to the contact's jid with our pre-assigned id; ack 1", async () => {
      const dto = await sendOnTicket(t.deps, cid, ticketId, { body: "Olá Maria", quotedExternalId: "IN1" });
      const out = sock.sent.at(-1)!;
      assert.equal(out.jid, MARIA);
      assert.deepEqual(out.content, { text: "Olá Maria" });
      const id = String(out.options.messageId);
      const row = await getMessage(t.deps.db, cid, dto.id);
      assert.equal(row.wid, id);
      assert.equal(row.ack, 1);
      assert.equal((out.options.quoted as { key: { id: string } }).key.id, "IN1");
      assert.deepEqual(sock.presences.slice(-2).map((p) => p.type), ["composing", "paused"]);
      // The upsert echo of our own send is not stored twice.
      sock.ev.emit("messages.upsert", {
        type: "append",
        messages: [waMessage({ id, jid: MARIA, fromMe: true, message: { conversation: "Olá Maria" } })],
      });

      const ack = async (status: number) => {
        sock.ev.emit("messages.update", [{
          key: { id, remoteJid: MARIA, fromMe: true },
          update: { status },
        }]);
        await handled(manager, conn.id);
        return (await getMessage(t.deps.db, cid, dto.id)).ack;
      };
      assert.equal(await ack(3), 2, "delivered (Baileys 3) is ack 2");
      assert.equal(await ack(4), 4, "read passes through");
      assert.equal(await ack(3), 4, "never down");
      sock.ev.emit("message-receipt.update", [{
        key: { id, remoteJid: MARIA, fromMe: true },
        receipt: { userJid: MARIA, playedTimestamp: 1700000000 },
      }]);
      await waitFor(async () => (await getMessage(t.deps.db, cid, dto.id)).ack === 5, "played");
      assert.equal(
        (await t.deps.db.query.messages.findMany({ where: (m, { eq }) => eq(m.wid, id) })).length,
        1,
      );
    });

    await tt.step("an ack on a customer's message changes nothing", async () => {
      sock.ev.emit("messages.update", [{
        key: { id: "IN1", remoteJid: MARIA, fromMe: false },
        update: { status: 4 },
      }]);
      await handled(manager, conn.id);
      assert.equal((await messageByWid(t, cid, "IN1")).ack, 0);
    });

    await tt.step("media: an image with its caption", async () => {
      const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2])], "foto.jpg", { type: "image/jpeg" });
      const media = await t.deps.media.save(cid, "messages", file);
      await sendOnTicket(t.deps, cid, ticketId, { body: "veja", media });
      const out = sock.sent.at(-1)!;
      assert.equal(out.content.caption, "veja");
      assert.equal(out.content.mimetype, "image/jpeg");
      assert.deepEqual([...(out.content.image as Uint8Array)], [0xff, 0xd8, 0xff, 1, 2]);
    });

    await tt.step("without the session in this process: ERR_WAPP_NOT_INITIALIZED", async () => {
      await stopWhatsappSessions(t.deps);
      await assert.rejects(
        () => sendOnTicket(t.deps, cid, ticketId, { body: "ainda aí?" }),
        (e) => e instanceof AppError && e.code === "ERR_WAPP_NOT_INITIALIZED",
      );
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});

Deno.test("[whatsapp] send pacing spaces the messages of one number", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const gapMs = 150;
    const { company, sock, ticketId } = await connected(t, {
      pacing: { gapMs, jitterMs: 0, composingMs: 20 },
    });
    const before = sock.sent.length;
    await Promise.all(
      ["um", "dois", "três"].map((body) => sendOnTicket(t.deps, company.id, ticketId, { body })),
    );
    const sent = sock.sent.slice(before);
    assert.deepEqual(sent.map((s) => String(s.content.text)).sort(), ["dois", "três", "um"]);
    for (let i = 1; i < sent.length; i++) {
      const gap = sent[i].at - sent[i - 1].at;
      assert.ok(gap >= gapMs, `message ${i} left ${gap} ms after the previous one`);
    }
    assert.equal(sock.presences.filter((p) => p.type === "composing").length, 3);
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});

Deno.test("[whatsapp] calls: logged as call_log; rejected with the message when calls are disabled", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { company, sock, manager, conn } = await connected(t);
    const call = (id: string, from: string) => ({
      chatId: from,
      from,
      id,
      date: new Date("2026-01-15T13:05:00Z"),
      isVideo: false,
      status: "offer" as const,
      offline: false,
    });

    await tt.step("acceptCallWhatsapp enabled: logged, not rejected", async () => {
      sock.ev.emit("call", [call("C1", "5511955550000@s.whatsapp.net")]);
      const m = await waitFor(() => messageByWid(t, company.id, "CALL-C1"), "call log");
      assert.equal(m.mediaType, "call_log");
      assert.equal(m.body, "Chamada de voz/vídeo perdida às 10:05");
      assert.equal(sock.rejected.length, 0);
    });

    await tt.step("acceptCallWhatsapp disabled: rejected, logged, and the message sent", async () => {
      await setCompanySetting(t, company.id, "acceptCallWhatsapp", "disabled");
      await setCompanySetting(t, company.id, "AcceptCallWhatsappMessage", "Não atendemos ligações por aqui.");
      const from = "5511966667777@s.whatsapp.net";
      sock.ev.emit("call", [call("C2", from)]);
      await waitFor(() => messageByWid(t, company.id, "CALL-C2"), "call log");
      assert.deepEqual(sock.rejected, [{ id: "C2", from }]);
      const reply = await waitFor(() => sock.sent.find((s) => s.jid === from), "reply to the caller");
      assert.equal(reply.content.text, "Não atendemos ligações por aqui.");
      // The same call reported again is neither logged nor answered twice.
      sock.ev.emit("call", [call("C2", from)]);
      await handled(manager, conn.id);
      assert.equal(sock.sent.filter((s) => s.jid === from).length, 1);
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});
