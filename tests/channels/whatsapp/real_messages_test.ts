/**
 * WAMessages as Baileys delivers them (fixtures/SOURCES.md: captured deliveries, and WAProto
 * shapes for the rarer types) through the session's inbound mapper; and read receipts when an
 * attendant opens the conversation.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { proto, type WAMessage } from "baileys";
import { messages, tickets } from "@db/schema.ts";
import { createTestApp } from "../../_helpers/test_app.ts";
import { settle } from "../../_helpers/ws_client.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { connRow, messageByWid, runSessions, setupWa, waitFor } from "./_support.ts";

type Named = Record<string, Record<string, unknown>>;
const load = async (name: string): Promise<Named> =>
  JSON.parse(await Deno.readTextFile(new URL(`./fixtures/${name}`, import.meta.url)));
/** As Baileys decodes them: protobuf objects with numeric enums. */
const decode = (o: Record<string, unknown>) => proto.WebMessageInfo.fromObject(o) as unknown as WAMessage;

Deno.test("[whatsapp] real WAMessages: edits, reactions and their removal, polls, orders, wrappers", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const wa = await setupWa(t, { allowGroup: true });
    const { fake, manager } = await runSessions(t);
    await manager.command(wa.conn, "start");
    const sock = fake.last();
    sock.open();
    await waitFor(async () => (await connRow(t, wa.conn.id)).status === "CONNECTED", "CONNECTED");
    const cid = wa.company.id;
    const captured = await load("baileys_captured.json");
    const shapes = await load("baileys_proto_shapes.json");
    const deliver = (...ms: Record<string, unknown>[]) =>
      sock.ev.emit("messages.upsert", { type: "notify", messages: ms.map(decode) });
    const stored = (wid: string) => waitFor(() => messageByWid(t, cid, wid), `message ${wid}`);
    const gone = async (wid: string) => {
      await settle(150);
      return !(await messageByWid(t, cid, wid));
    };

    await tt.step("text, then the customer edits it", async () => {
      deliver(captured.text);
      assert.equal((await stored("AC07DE0D18FA8254897A26C90B2FFD98")).body, "Mensaje");
      deliver(captured.edit);
      await waitFor(
        async () => (await messageByWid(t, cid, "AC07DE0D18FA8254897A26C90B2FFD98"))?.isEdited,
        "edited",
      );
      assert.equal((await messageByWid(t, cid, "AC07DE0D18FA8254897A26C90B2FFD98"))!.body, "Editado.");
    });

    await tt.step("a reaction points at the message it reacts to", async () => {
      deliver(captured.reaction);
      const r = await stored("AC4FAE3156F6766A5C19DE9896A728D1");
      assert.equal(r.mediaType, "reactionMessage");
      assert.equal(r.body, "❤️");
      const target = await messageByWid(t, cid, "AC07DE0D18FA8254897A26C90B2FFD98");
      assert.equal(r.quotedMsgId, target!.id);
    });

    await tt.step("locations (static and live) render as map links", async () => {
      deliver(captured.location, captured.liveLocation);
      const l = await stored("AC11AAC400F14FC9E2AA671EEA6C8EB2");
      assert.equal(l.mediaType, "locationMessage");
      assert.match(l.body, /\|https:\/\/maps\.google\.com\/maps\?q=8\.2570825%2C-62\.797469&z=17\|/);
      assert.equal((await stored("AC4E61B2CA235B020F9A1BE28017DF4C")).mediaType, "locationMessage");
    });

    await tt.step("a poll shows its question and options; an encrypted vote is not stored", async () => {
      deliver(captured.poll);
      assert.equal(
        (await stored("AC1AD49BBFFC4B9257052FB9FC788060")).body,
        "📊 Encuesta\n• Opción a\n• Opción B",
      );
      deliver(captured.pollVote);
      assert.ok(await gone("AC6710CD95104D348CC3DE9AF8AF642E"));
    });

    await tt.step("a reaction to the poll, then the customer takes it back (empty reaction)", async () => {
      deliver(captured.pollReaction);
      assert.equal((await stored("AC5B2C3D4E5F60718293A4B5C6D7E8F9")).body, "😂");
      deliver(shapes.reactionRemoved);
      assert.ok(await gone("AC5B2C3D4E5F60718293A4B5C6D7E8F9"), "the earlier reaction is removed");
      assert.ok(await gone("AC4FAE3156F6766A5C19DE9896A728D2"), "the removal itself is not a message");
    });

    await tt.step("a revoke marks the message deleted", async () => {
      deliver(captured.revoke);
      await waitFor(
        async () => (await messageByWid(t, cid, "AC07DE0D18FA8254897A26C90B2FFD98"))?.isDeleted,
        "deleted",
      );
    });

    await tt.step("events, native-flow answers, orders and products become readable text", async () => {
      deliver(shapes.event, shapes.nativeFlowAnswer, shapes.order, shapes.product);
      const ev = await stored("3EB0EVENT0001");
      assert.match(
        ev.body,
        /^📅 Visita técnica\nInstalação do roteador\n2026-01-03 16:00 UTC\nRua das Flores, 100$/,
      );
      const nfm = await stored("3EB0NFM0001");
      assert.equal(nfm.body, "Enviado\nnome: Maria\ncidade: Recife");
      const order = await stored("3EB0ORDER0001");
      assert.equal(order.body, "🛒 Pedido: 3 itens\nLoja Centro\nQuero retirar amanhã\nTotal: 89.70 BRL");
      const product = await stored("3EB0PRODUCT0001");
      assert.equal(product.body, "🛍️ Camiseta azul\nAlgodão, tamanho M\n49.90 BRL\nTem no tamanho G?");
    });

    await tt.step("view-once and ephemeral wrappers are unwrapped; pins are ignored", async () => {
      deliver(shapes.viewOnceText, shapes.ephemeralButtons, shapes.pin);
      assert.equal((await stored("3EB0VIEWONCE1")).body, "só uma vez");
      assert.equal((await stored("3EB0EPHEM1")).body, "2");
      assert.ok(await gone("3EB0PIN0001"));
    });

    await tt.step("accepting the conversation sends read receipts for the unread messages", async () => {
      const order = await stored("3EB0ORDER0001");
      const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, order.ticketId));
      const before = sock.reads.length;
      // A peek at the waiting ticket reads nothing; accepting it does.
      const peek = await t.request(`/api/tickets/u/${ticket.uuid}`, {
        headers: { authorization: `Bearer ${wa.token}` },
      });
      assert.equal(peek.status, 200, await peek.clone().text());
      await peek.body?.cancel();
      assert.equal(sock.reads.length, before);
      const res = await t.request(`/api/tickets/${ticket.id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${wa.token}`, "content-type": "application/json" },
        body: JSON.stringify({ status: "open" }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      await waitFor(() => sock.reads.length > before, "read receipts");
      const keys = sock.reads.slice(before);
      assert.ok(keys.some((k) => k.id === "3EB0ORDER0001" && k.remoteJid === "5511911112222@s.whatsapp.net"));
      const unread = await t.deps.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
      assert.ok(unread.every((m) => m.read));
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});
