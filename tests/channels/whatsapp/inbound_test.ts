import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { proto, type WAMessage } from "baileys";
import { messages } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../../_helpers/test_app.ts";
import { settle } from "../../_helpers/ws_client.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import {
  connRow,
  contactsOf,
  type FakeSocket,
  messageByWid,
  runSessions,
  setupWa,
  ticketsOf,
  waitFor,
  waMessage,
} from "./_support.ts";

const PType = proto.Message.ProtocolMessage.Type;

async function openSession(t: TestApp, conn: Parameters<typeof setupWa>[1] = {}) {
  const wa = await setupWa(t, { allowGroup: true, ...conn });
  const { fake, manager } = await runSessions(t);
  await manager.command(wa.conn, "start");
  fake.last().open();
  await waitFor(async () => (await connRow(t, wa.conn.id)).status === "CONNECTED", "CONNECTED");
  return { ...wa, sock: fake.last() };
}

function deliver(sock: FakeSocket, ...msgs: WAMessage[]) {
  sock.ev.emit("messages.upsert", { messages: msgs, type: "notify" });
}

Deno.test("[whatsapp] inbound: Baileys messages become contacts, tickets and messages", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { company, sock } = await openSession(t);
    const cid = company.id;
    const stored = (wid: string) => waitFor(() => messageByWid(t, cid, wid), `message ${wid}`);
    const MARIA = "5511911112222@s.whatsapp.net";

    await tt.step("text (conversation and extendedTextMessage)", async () => {
      deliver(sock, waMessage({ id: "T1", jid: MARIA, pushName: "Maria", message: { conversation: "Olá" } }));
      const m = await stored("T1");
      assert.equal(m.body, "Olá");
      assert.equal(m.fromMe, false);
      assert.equal(m.mediaType, "chat");
      const [contact] = (await contactsOf(t, cid)).filter((c) => c.number === "5511911112222");
      assert.equal(contact.name, "Maria");
      assert.equal(m.contactId, contact.id);
      const ticket = (await ticketsOf(t, cid)).find((x) => x.id === m.ticketId)!;
      assert.equal(ticket.contactId, contact.id);
      assert.equal(ticket.status, "pending");
      assert.equal(ticket.unreadMessages, 1);
      deliver(
        sock,
        waMessage({ id: "T2", jid: MARIA, message: { extendedTextMessage: { text: "tudo bem?" } } }),
      );
      assert.equal((await stored("T2")).body, "tudo bem?");
      assert.equal((await stored("T2")).ticketId, m.ticketId);
    });

    await tt.step("a repeated upsert is stored once", async () => {
      deliver(sock, waMessage({ id: "T1", jid: MARIA, message: { conversation: "Olá" } }));
      await settle(150);
      const rows = await t.deps.db.select().from(messages)
        .where(and(eq(messages.companyId, cid), eq(messages.wid, "T1")));
      assert.equal(rows.length, 1);
    });

    await tt.step("image: downloaded and stored as media", async () => {
      deliver(
        sock,
        waMessage({
          id: "IMG1",
          jid: MARIA,
          message: { imageMessage: { mimetype: "image/jpeg", caption: "foto", fileLength: 16 } },
        }),
      );
      const m = await stored("IMG1");
      assert.equal(m.mediaType, "image");
      assert.equal(m.body, "foto");
      assert.ok(m.mediaUrl);
      assert.equal(
        new TextDecoder().decode(await t.deps.media.read(m.mediaUrl)),
        "fake-media-bytes",
      );
    });

    await tt.step("location: body image|link|description", async () => {
      deliver(
        sock,
        waMessage({
          id: "LOC1",
          jid: MARIA,
          message: {
            locationMessage: {
              degreesLatitude: -23.5,
              degreesLongitude: -46.6,
              name: "Loja",
              address: "Rua X",
            },
          },
        }),
      );
      const m = await stored("LOC1");
      assert.equal(m.mediaType, "locationMessage");
      assert.equal(m.body, "|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|Loja - Rua X");
    });

    await tt.step("contact: the vCard", async () => {
      const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Pedro\nTEL;waid=5511944445555:+55 11 94444-5555\nEND:VCARD";
      deliver(
        sock,
        waMessage({ id: "VC1", jid: MARIA, message: { contactMessage: { displayName: "Pedro", vcard } } }),
      );
      const m = await stored("VC1");
      assert.equal(m.mediaType, "contactMessage");
      assert.equal(m.body, vcard);
    });

    await tt.step("reaction", async () => {
      deliver(
        sock,
        waMessage({ id: "R1", jid: MARIA, message: { reactionMessage: { key: { id: "T1" }, text: "👍" } } }),
      );
      const m = await stored("R1");
      assert.equal(m.mediaType, "reactionMessage");
      assert.equal(m.body, "👍");
    });

    await tt.step("edit (protocolMessage and messages.update) and revoke", async () => {
      deliver(
        sock,
        waMessage({
          id: "P1",
          jid: MARIA,
          message: {
            protocolMessage: {
              type: PType.MESSAGE_EDIT,
              key: { id: "T1" },
              editedMessage: { conversation: "Olá!!" },
            },
          },
        }),
      );
      await waitFor(async () => (await messageByWid(t, cid, "T1")).isEdited, "edited");
      assert.equal((await messageByWid(t, cid, "T1")).body, "Olá!!");
      assert.equal(await messageByWid(t, cid, "P1"), undefined, "the protocol message itself is not stored");
      sock.ev.emit("messages.update", [{
        key: { id: "T2", remoteJid: MARIA, fromMe: false },
        update: { message: { editedMessage: { message: { conversation: "tudo ótimo?" } } } },
      }]);
      await waitFor(async () => (await messageByWid(t, cid, "T2")).body === "tudo ótimo?", "edit via update");
      deliver(
        sock,
        waMessage({
          id: "P2",
          jid: MARIA,
          message: { protocolMessage: { type: PType.REVOKE, key: { id: "VC1" } } },
        }),
      );
      await waitFor(async () => (await messageByWid(t, cid, "VC1")).isDeleted, "revoked");
    });

    await tt.step("a message typed on the phone is stored fromMe and not echoed", async () => {
      const sentBefore = sock.sent.length;
      deliver(
        sock,
        waMessage({
          id: "ME1",
          jid: MARIA,
          fromMe: true,
          pushName: "Loja",
          message: { conversation: "Oi Maria" },
        }),
      );
      const m = await stored("ME1");
      assert.equal(m.fromMe, true);
      assert.equal(m.ticketId, (await stored("T1")).ticketId);
      assert.equal(sock.sent.length, sentBefore);
      const [maria] = (await contactsOf(t, cid)).filter((c) => c.number === "5511911112222");
      assert.equal(maria.name, "Maria", "our pushName is not the customer's name");
    });

    await tt.step("group: the group is the ticket's contact, the participant the sender", async () => {
      deliver(
        sock,
        waMessage({
          id: "G1",
          jid: "120363000000001@g.us",
          participant: "5511933334444@s.whatsapp.net",
          pushName: "João",
          message: { conversation: "bom dia grupo" },
        }),
      );
      const m = await stored("G1");
      const all = await contactsOf(t, cid);
      const group = all.find((c) => c.number === "120363000000001")!;
      const joao = all.find((c) => c.number === "5511933334444")!;
      assert.equal(group.isGroup, true);
      assert.equal(group.name, "Equipe Vendas");
      assert.equal(joao.name, "João");
      assert.equal(m.contactId, joao.id);
      assert.equal(m.participant, "5511933334444");
      const ticket = (await ticketsOf(t, cid)).find((x) => x.id === m.ticketId)!;
      assert.equal(ticket.contactId, group.id);
      assert.equal(ticket.isGroup, true);
    });

    await tt.step("@lid and phone number are one contact", async () => {
      const LID = "88877766655@lid", PN = "5511955556666@s.whatsapp.net";
      deliver(
        sock,
        waMessage({ id: "L1", jid: LID, jidAlt: PN, pushName: "Ana", message: { conversation: "oi" } }),
      );
      const a = await stored("L1");
      deliver(sock, waMessage({ id: "L2", jid: PN, message: { conversation: "sou eu" } }));
      deliver(sock, waMessage({ id: "L3", jid: LID, message: { conversation: "de novo" } }));
      const [b, c] = [await stored("L2"), await stored("L3")];
      const ana = (await contactsOf(t, cid)).filter((x) => x.number === "5511955556666" || x.lid === LID);
      assert.equal(ana.length, 1);
      assert.equal(ana[0].lid, LID);
      assert.equal(ana[0].name, "Ana");
      assert.deepEqual([b.ticketId, c.ticketId], [a.ticketId, a.ticketId]);

      // Seen first by the @lid id alone, the contact takes the phone number once it is known.
      deliver(sock, waMessage({ id: "L4", jid: "7770001@lid", message: { conversation: "oi" } }));
      const d = await stored("L4");
      deliver(
        sock,
        waMessage({
          id: "L5",
          jid: "7770001@lid",
          jidAlt: "5511977778888@s.whatsapp.net",
          message: { conversation: "." },
        }),
      );
      const e = await stored("L5");
      const bea = (await contactsOf(t, cid)).filter((x) =>
        x.lid === "7770001@lid" || x.number === "5511977778888"
      );
      assert.equal(bea.length, 1);
      assert.equal(bea[0].number, "5511977778888");
      assert.equal(d.ticketId, e.ticketId);
    });

    await tt.step("stubs, other protocol messages and status broadcasts are dropped", async () => {
      const before = (await t.deps.db.select().from(messages).where(eq(messages.companyId, cid))).length;
      deliver(
        sock,
        { key: { id: "S1", remoteJid: MARIA, fromMe: false }, messageStubType: 1 } as WAMessage,
        waMessage({
          id: "S2",
          jid: MARIA,
          message: { protocolMessage: { type: PType.EPHEMERAL_SETTING, ephemeralExpiration: 0 } },
        }),
        waMessage({
          id: "S3",
          jid: "status@broadcast",
          participant: MARIA,
          message: { conversation: "story" },
        }),
        waMessage({ id: "S4", jid: MARIA, message: { conversation: "marker" } }),
      );
      await stored("S4");
      const after = (await t.deps.db.select().from(messages).where(eq(messages.companyId, cid))).length;
      assert.equal(after, before + 1);
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});

Deno.test("[whatsapp] inbound: groups are dropped unless the connection allows them", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { company, sock } = await openSession(t, { allowGroup: false });
    deliver(
      sock,
      waMessage({
        id: "NG1",
        jid: "120363000000009@g.us",
        participant: "5511933334444@s.whatsapp.net",
        message: { conversation: "x" },
      }),
      waMessage({ id: "NG2", jid: "5511933334444@s.whatsapp.net", message: { conversation: "direct" } }),
    );
    await waitFor(() => messageByWid(t, company.id, "NG2"), "direct message");
    assert.equal(await messageByWid(t, company.id, "NG1"), undefined);
    assert.equal((await contactsOf(t, company.id)).some((c) => c.isGroup), false);
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});
