import assert from "node:assert/strict";
import { createTestApp } from "../../_helpers/test_app.ts";
import { sendOnTicket } from "@/messages/send.ts";
import { richText } from "@/messages/rich.ts";
import { connRow, messageByWid, runSessions, setupWa, waitFor, waMessage } from "./_support.ts";

const MARIA = "5511911112222@s.whatsapp.net";

Deno.test("[whatsapp] a shared contact goes out as a contact card; a rich message as its text", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const wa = await setupWa(t);
    const { fake, manager } = await runSessions(t);
    await manager.command(wa.conn, "start");
    const sock = fake.last();
    sock.open();
    await waitFor(async () => (await connRow(t, wa.conn.id)).status === "CONNECTED", "CONNECTED");
    sock.ev.emit("messages.upsert", {
      type: "notify",
      messages: [waMessage({ id: "IN1", jid: MARIA, pushName: "Maria", message: { conversation: "oi" } })],
    });
    const { ticketId } = await waitFor(() => messageByWid(t, wa.company.id, "IN1"), "inbound");

    const vcard = "BEGIN:VCARD\nVERSION:3.0\nN:;João Lima;;;\nFN:João Lima\n" +
      "TEL;type=CELL;waid=5511955554444:+5511955554444\nEND:VCARD";
    await sendOnTicket(t.deps, wa.company.id, ticketId, { body: vcard, mediaType: "contactMessage" });
    assert.deepEqual(sock.sent.at(-1)!.content, {
      contacts: { displayName: "João Lima", contacts: [{ vcard }] },
    });

    const rich = {
      kind: "call",
      data: { title: "Suporte", description: "", buttonText: "", phone: "+55 11 4000" },
    } as const;
    await sendOnTicket(t.deps, wa.company.id, ticketId, { body: richText(rich), rich });
    assert.deepEqual(sock.sent.at(-1)!.content, { text: "*Suporte*\n📞 +55 11 4000" });
  } finally {
    await t.close();
  }
});
