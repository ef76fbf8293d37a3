/**
 * The webchat visitor: the session and socket (origin enforced, token isolation, rate limits, uploads),
 * the inbound pipeline and the attendant's replies, both ways through the inbox. The connection's
 * settings: connection_settings_test.ts.
 */
import { and, eq } from "drizzle-orm";
import { contactCustomFields, contacts, messages, tickets } from "@db/schema.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { expectError, expectOk, type Json, PNG } from "../_helpers/http.ts";
import {
  assert,
  openSession,
  OTHER_SITE,
  sessionRequest,
  SITE,
  visitorSocket,
  webchatTenant,
} from "./_support.ts";

Deno.test("[webchat] visitor routes and socket, both ways through the inbox", async (tt) => {
  const s = await startTestServer();
  const t = s;
  try {
    const a = await webchatTenant(t, { color: "#ff0000", greeting: "Olá! Como podemos ajudar?" });
    const b = await webchatTenant(t);
    const key = a.conn.webchatKey;

    const first = await openSession(t, key);
    await tt.step(
      "session: settings for the widget, CORS for the site, a token found again later",
      async () => {
        const res = await sessionRequest(t, key, SITE, first.token);
        assert.equal(res.headers.get("access-control-allow-origin"), SITE);
        const again = await res.json();
        assert.equal(again.visitorId, first.visitorId);
        assert.equal(again.token, first.token);
        assert.equal(first.config.color, "#ff0000");
        assert.equal(first.config.title, "Site");
        assert.equal(first.online, false, "nobody is online yet");
        // A token of another connection opens a fresh visitor here.
        const other = await openSession(t, b.conn.webchatKey, first.token);
        assert.notEqual(other.visitorId, first.visitorId);
      },
    );

    await tt.step("socket: refused for a non-allowed origin or an unknown token", async () => {
      await assert.rejects(visitorSocket(s.url, key, first.token, OTHER_SITE));
      await assert.rejects(visitorSocket(s.url, key, "x".repeat(40)));
      await assert.rejects(visitorSocket(s.url, b.conn.webchatKey, first.token));
    });

    const staff = await connectWs(s.wsUrl, a.adminToken);
    staff.send({ type: "joinNotification" });
    const visitor = await visitorSocket(s.url, key, first.token);
    let ticketId = 0;
    await tt.step(
      "visitor → inbox: the same pipeline (contact, pending ticket, message, live event)",
      async () => {
        visitor.send({ type: "message", body: "Oi, preciso de ajuda", clientId: "client-0001" });
        const echo = await visitor.next((f) => f.type === "message");
        assert.equal((echo.message as Json).fromMe, true);
        assert.equal(echo.clientId, "client-0001");
        const live = await staff.next((f) => f.event === `company-${a.company.id}-appMessage`);
        const msg = (live.data as Json).message as Json;
        assert.equal(msg.body, "Oi, preciso de ajuda");
        const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, msg.id as number));
        const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
        ticketId = ticket.id;
        assert.equal(ticket.channel, "webchat");
        assert.equal(ticket.status, "pending");
        assert.equal(ticket.whatsappId, a.conn.id);
        const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
        assert.equal(contact.number, first.visitorId);
        // The same client id again (a resend after a dropped socket) is not a second message.
        visitor.send({ type: "message", body: "Oi, preciso de ajuda", clientId: "client-0001" });
        await visitor.next((f) => f.type === "message" && f.clientId === "client-0001" && f !== echo);
        const rows = await t.deps.db.select().from(messages).where(eq(messages.ticketId, ticketId));
        assert.equal(rows.length, 1);
      },
    );

    await tt.step("typing both ways", async () => {
      visitor.send({ type: "typing", typing: true });
      const f = await staff.next((f) => f.event === `company-${a.company.id}-typing`);
      assert.deepEqual(f.data, { ticketId, typing: true });
      staff.send({ type: "typing", ticketId, typing: true });
      assert.deepEqual((await visitor.next((f) => f.type === "typing")).typing, true);
    });

    await tt.step(
      "attendant → visitor: the reply goes out through the adapter to the visitor's socket; edits and deletes follow",
      async () => {
        await expectOk(
          await t.request(`/api/tickets/${ticketId}`, {
            method: "PUT",
            token: a.adminToken,
            json: { status: "open" },
          }),
        );
        const sent = await expectOk<Json>(
          await t.request(`/api/messages/${ticketId}`, {
            method: "POST",
            token: a.adminToken,
            json: { body: "Olá! Em que posso ajudar?" },
          }),
          201,
        );
        const got = await visitor.next((f) =>
          f.type === "message" && (f.message as Json).body === "Olá! Em que posso ajudar?"
        );
        assert.equal((got.message as Json).fromMe, false);
        const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, sent.id as number));
        assert.equal(row.ack, 1);
        // A private note never reaches the visitor.
        await expectOk(
          await t.request(`/api/messages/${ticketId}`, {
            method: "POST",
            token: a.adminToken,
            json: { body: "nota interna", isPrivate: true },
          }),
          201,
        );
        // The attendant corrects the reply and deletes a wrong one: the open widget follows.
        await expectOk(
          await t.request(`/api/messages/edit/${sent.id}`, {
            method: "POST",
            token: a.adminToken,
            json: { body: "Olá! Como posso ajudar?" },
          }),
        );
        const edited = await visitor.next((f) => f.type === "edit");
        assert.deepEqual(
          [(edited.message as Json).id, (edited.message as Json).body, (edited.message as Json).fromMe],
          [sent.id, "Olá! Como posso ajudar?", false],
        );
        const wrong = await expectOk<Json>(
          await t.request(`/api/messages/${ticketId}`, {
            method: "POST",
            token: a.adminToken,
            json: { body: "mensagem errada" },
          }),
          201,
        );
        await visitor.next((f) => f.type === "message" && (f.message as Json).body === "mensagem errada");
        await expectOk(
          await t.request(`/api/messages/${wrong.id}`, { method: "DELETE", token: a.adminToken }),
        );
        const gone = await visitor.next((f) => f.type === "delete");
        assert.equal(gone.id, wrong.id);
        assert.ok(
          !visitor.frames.some((f) => JSON.stringify(f).includes("nota interna")),
          "the private note never reached the widget",
        );
      },
    );

    await tt.step(
      "upload: an image from the visitor, origin-checked, token-checked, size-limited",
      async () => {
        const form = () => {
          const f = new FormData();
          f.set("file", new File([PNG], "foto.png", { type: "image/png" }));
          f.set("body", "veja a foto");
          return f;
        };
        const up = (headers: Record<string, string>, body: FormData = form()) =>
          t.request(`/api/webchat/${key}/upload`, { method: "POST", headers, body });
        await expectError(
          await up({ origin: OTHER_SITE, "x-webchat-token": first.token }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(await up({ origin: SITE }), 401, "ERR_UNAUTHENTICATED");
        const big = new FormData();
        big.set("file", new File([new Uint8Array(11 * 1024 * 1024)], "big.bin"));
        const tooBig = await up({ origin: SITE, "x-webchat-token": first.token }, big);
        assert.equal(tooBig.status, 413);
        await tooBig.body?.cancel();
        const res = await up({ origin: SITE, "x-webchat-token": first.token });
        assert.equal(res.headers.get("access-control-allow-origin"), SITE);
        const { message } = await expectOk<{ message: Json }>(res);
        assert.equal(message.mediaType, "image");
        assert.match(String(message.mediaUrl), /^\/api\/media\/.+sig=/);
        const img = await t.request(String(message.mediaUrl));
        assert.equal(img.headers.get("content-type"), "image/png");
        await img.body?.cancel();
        const live = await staff.next((f) =>
          f.event === `company-${a.company.id}-appMessage` &&
          ((f.data as Json).message as Json).mediaType === "image"
        );
        assert.equal(((live.data as Json).message as Json).ticketId, ticketId);
      },
    );

    await tt.step("history after a reload: the visitor's own messages, never private notes", async () => {
      const again = await openSession(t, key, first.token);
      const bodies = again.messages.map((m) => m.body);
      // The corrected reply as corrected; the deleted one is gone.
      assert.deepEqual(bodies, ["Oi, preciso de ajuda", "Olá! Como posso ajudar?", "veja a foto"]);
      assert.ok(again.messages[2].mediaUrl);
    });

    await tt.step("token isolation: another visitor never reads nor receives this conversation", async () => {
      const second = await openSession(t, key);
      assert.notEqual(second.visitorId, first.visitorId);
      assert.deepEqual(second.messages, []);
      const other = await visitorSocket(s.url, key, second.token);
      await expectOk(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: a.adminToken,
          json: { body: "só para o primeiro" },
        }),
        201,
      );
      await visitor.next((f) => f.type === "message" && (f.message as Json).body === "só para o primeiro");
      other.send({ type: "ping" });
      await other.next((f) => f.type === "pong");
      assert.ok(!other.frames.some((f) => f.type === "message"), "the second visitor got nothing");
      await other.close();
    });

    await tt.step("offline: the visitor leaves an e-mail and a phone; they land on its contact", async () => {
      visitor.send({ type: "contact", email: "bad" });
      assert.equal((await visitor.next((f) => f.type === "error")).code, "ERR_VALIDATION");
      visitor.send({ type: "contact", email: "ana@example.com", phone: "+55 11 98888-7777" });
      await visitor.next((f) => f.type === "contactSaved");
      const [c] = await t.deps.db.select().from(contacts)
        .where(and(eq(contacts.companyId, a.company.id), eq(contacts.number, first.visitorId)));
      assert.equal(c.email, "ana@example.com");
      const fields = await t.deps.db.select().from(contactCustomFields).where(
        eq(contactCustomFields.contactId, c.id),
      );
      assert.deepEqual(fields.map((f) => [f.name, f.value]), [["phone", "+55 11 98888-7777"]]);
      assert.equal((await openSession(t, key, first.token)).contactLeft, true);
    });

    await tt.step(
      "online: with an attendant connected and no business hours, the widget says online",
      async () => {
        const again = await openSession(t, key, first.token);
        assert.equal(again.online, true);
      },
    );

    await tt.step("rate limit: a socket flooding frames is refused past its burst", async () => {
      for (let i = 0; i < 15; i++) visitor.send({ type: "typing", typing: i % 2 === 0 });
      const err = await visitor.next((f) => f.type === "error" && f.code === "ERR_RATE_LIMITED");
      assert.ok(err);
    });

    await staff.close();
    await visitor.close();
  } finally {
    await s.close();
  }
});
