import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contacts, jobs, messages, tickets } from "@db/schema.ts";
import { createCompany, login } from "../../_helpers/factories.ts";
import { sendOnTicket } from "@/messages/send.ts";
import { JPEG } from "./_graph_server.ts";
import {
  cloudImage,
  cloudPayload,
  cloudStatus,
  cloudText,
  deliver,
  deliverAndRun,
  IG_ID,
  messagingPayload,
  messengerText,
  metaConnection,
  PAGE_ID,
  sign,
  startMeta,
} from "./_support.ts";
import { metaVerifyToken } from "@/channels/meta/routes.ts";

const CUSTOMER = "5511988887777";

Deno.test("[meta] webhook verification answers hub.challenge only for the platform's verify token", async (tt) => {
  const m = await startMeta();
  const { t } = m;
  try {
    const token = await metaVerifyToken(t.deps);
    await tt.step("right token: the challenge as text/plain", async () => {
      const res = await t.request(
        `/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      );
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
      assert.equal(await res.text(), "1158201444");
    });
    await tt.step("wrong token or mode: 403", async () => {
      const wrong = await t.request(
        `/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`,
      );
      assert.equal(wrong.status, 403);
      await wrong.body?.cancel();
      const mode = await t.request(
        `/api/webhooks/meta?hub.mode=unsubscribe&hub.verify_token=${token}&hub.challenge=1`,
      );
      assert.equal(mode.status, 403);
      await mode.body?.cancel();
    });
    await tt.step(
      "the operator reads the verify token and callback URL from /api/settingsFacebook",
      async () => {
        const op = await login(t, { email: "op@atende.test", password: "Operator#2026" });
        const res = await t.request("/api/settingsFacebook", { token: op.token });
        const b = await res.json();
        assert.equal(res.status, 200);
        assert.equal(b.webhookVerifyToken, token);
        assert.match(b.webhookUrl, /\/api\/webhooks\/meta$/);
      },
    );
  } finally {
    await m.close();
  }
});

Deno.test("[meta] unsigned or wrongly signed webhooks are refused with 401 and nothing is stored", async (tt) => {
  const m = await startMeta();
  const { t } = m;
  try {
    const { company } = await createCompany(t);
    await metaConnection(t, company.id, "whatsappapi");
    const payload = cloudPayload({ messages: [cloudText("wamid.FORGED", CUSTOMER, "forged")] });
    const cases: [string, string | null][] = [
      ["no signature", null],
      ["garbage", "sha256=deadbeef"],
      ["another secret", await sign(JSON.stringify(payload), "not-the-app-secret")],
      ["sha1 prefix", (await sign(JSON.stringify(payload))).replace("sha256=", "sha1=")],
    ];
    for (const [name, sig] of cases) {
      await tt.step(name, async () => {
        const res = await deliver(t, payload, sig);
        assert.equal(res.status, 401);
        assert.equal((await res.json()).error, "ERR_UNAUTHENTICATED");
      });
    }
    await tt.step("a signature over other bytes (body altered after signing)", async () => {
      const sig = await sign(JSON.stringify(payload));
      const res = await t.request("/api/webhooks/meta", {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": sig },
        body: JSON.stringify(payload) + " ",
      });
      assert.equal(res.status, 401);
      await res.body?.cancel();
    });
    assert.equal((await t.deps.db.select().from(jobs)).length, 0);
    assert.equal((await t.deps.db.select().from(messages)).length, 0);
    assert.equal(
      (await t.deps.db.select().from(contacts).where(eq(contacts.companyId, company.id))).length,
      0,
    );
  } finally {
    await m.close();
  }
});

Deno.test("[meta] Cloud API: text, image, duplicate delivery, edit and read status", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company, admin } = await createCompany(t);
    const conn = await metaConnection(t, company.id, "whatsappapi");
    graph.tokens.add("EAAG-whatsappapi-token");
    let ticketId = 0;

    await tt.step("a text opens a pending ticket with the message and the profile name", async () => {
      await deliverAndRun(
        t,
        cloudPayload({ messages: [cloudText("wamid.IN-1", CUSTOMER, "Olá, tudo bem?")] }),
      );
      const [msg] = await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.IN-1"));
      assert.equal(msg.body, "Olá, tudo bem?");
      assert.equal(msg.fromMe, false);
      assert.equal(msg.channel, "whatsappapi");
      const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
      assert.equal(ticket.status, "pending");
      assert.equal(ticket.whatsappId, conn.id);
      assert.equal(ticket.companyId, company.id);
      const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
      assert.equal(contact.number, CUSTOMER);
      assert.equal(contact.name, "Maria Silva");
      ticketId = ticket.id;
    });

    await tt.step("the same webhook delivered twice stores the message once", async () => {
      await deliverAndRun(
        t,
        cloudPayload({ messages: [cloudText("wamid.IN-1", CUSTOMER, "Olá, tudo bem?")] }),
      );
      const rows = await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.IN-1"));
      assert.equal(rows.length, 1);
    });

    await tt.step("an image is downloaded with the token and served by a signed URL", async () => {
      await deliverAndRun(
        t,
        cloudPayload({ messages: [cloudImage("wamid.IN-2", CUSTOMER, "MEDIA-77", "the receipt")] }),
      );
      const [msg] = await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.IN-2"));
      assert.equal(msg.mediaType, "image");
      assert.equal(msg.body, "the receipt");
      assert.ok(msg.mediaUrl);
      const metaReq = graph.requests.find((r) => r.path === "/MEDIA-77");
      assert.equal(metaReq?.authorization, "Bearer EAAG-whatsappapi-token");
      const ticket = (await t.deps.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0];
      const tok = (await login(t, admin)).token;
      const list = await (await t.request(`/api/messages/${ticket.uuid}`, { token: tok })).json();
      const dto = list.messages.find((x: { id: number }) => x.id === msg.id);
      assert.match(dto.mediaUrl, /^\/api\/media\/.+\?exp=\d+&sig=/);
      const file = await t.request(dto.mediaUrl);
      assert.equal(file.status, 200);
      assert.deepEqual(new Uint8Array(await file.arrayBuffer()), JPEG);
    });

    await tt.step("an edit updates the stored text", async () => {
      await deliverAndRun(
        t,
        cloudPayload({
          messages: [{
            from: CUSTOMER,
            id: "wamid.EDIT-1",
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: "edit",
            edit: { original_message_id: "wamid.IN-1", message: { type: "text", text: { body: "Olá!" } } },
          }],
        }),
      );
      const [msg] = await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.IN-1"));
      assert.equal(msg.body, "Olá!");
      assert.equal(msg.isEdited, true);
    });

    await tt.step("statuses sent/delivered/read move our message's ack to 3", async () => {
      const sent = await sendOnTicket(t.deps, company.id, ticketId, { body: "Tudo ótimo!" });
      const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, sent.id));
      assert.match(row.wid ?? "", /^wamid\.OUT-/);
      assert.equal(row.ack, 1);
      await deliverAndRun(t, cloudPayload({ statuses: [cloudStatus(row.wid!, "delivered", CUSTOMER)] }));
      await deliverAndRun(t, cloudPayload({ statuses: [cloudStatus(row.wid!, "read", CUSTOMER)] }));
      await deliverAndRun(t, cloudPayload({ statuses: [cloudStatus(row.wid!, "delivered", CUSTOMER)] }));
      const [after] = await t.deps.db.select().from(messages).where(eq(messages.id, sent.id));
      assert.equal(after.ack, 3);
    });

    await tt.step("a phone number id no connection claims is ignored", async () => {
      await deliverAndRun(
        t,
        cloudPayload({ phoneId: "999", messages: [cloudText("wamid.LOST", CUSTOMER, "x")] }),
      );
      assert.equal((await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.LOST"))).length, 0);
    });
  } finally {
    await m.close();
  }
});

Deno.test("[meta] Messenger and Instagram messages reach their connection's tickets", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company } = await createCompany(t);
    const fb = await metaConnection(t, company.id, "facebook");
    const ig = await metaConnection(t, company.id, "instagram");

    await tt.step("Messenger text: a ticket on the Page's connection, named from the profile", async () => {
      await deliverAndRun(t, messengerText("facebook", "m_IN-1", "PSID-1", "Oi, vocês entregam?"));
      const [msg] = await t.deps.db.select().from(messages).where(eq(messages.wid, "m_IN-1"));
      assert.equal(msg.body, "Oi, vocês entregam?");
      const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
      assert.equal(ticket.whatsappId, fb.id);
      assert.equal(ticket.channel, "facebook");
      const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
      assert.equal(contact.number, "PSID-1");
      assert.equal(contact.name, "Paula Souza");
      assert.ok(
        graph.requests.some((r) => r.path === "/PSID-1" && r.authorization === "Bearer EAAG-facebook-token"),
      );
    });

    await tt.step("Instagram text with an image attachment", async () => {
      await deliverAndRun(
        t,
        messagingPayload("instagram", {
          sender: { id: "IGSID-9" },
          message: {
            mid: "ig_IN-1",
            text: "olha isso",
            attachments: [{ type: "image", payload: { url: `${graph.url}/cdn/photo.jpg` } }],
          },
        }),
      );
      const [msg] = await t.deps.db.select().from(messages).where(eq(messages.wid, "ig_IN-1"));
      assert.equal(msg.body, "olha isso");
      assert.equal(msg.mediaType, "image");
      assert.ok(msg.mediaUrl?.endsWith("photo.jpg"));
      const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
      assert.equal(ticket.whatsappId, ig.id);
      // CDN downloads never carry our token.
      assert.equal(graph.requests.find((r) => r.path === "/cdn/photo.jpg")?.authorization, null);
    });

    await tt.step("echoes of our own app are skipped; Messenger edits apply", async () => {
      await deliverAndRun(
        t,
        messagingPayload("facebook", {
          sender: { id: PAGE_ID },
          recipient: { id: "PSID-1" },
          message: { mid: "m_ECHO", text: "sent by us", is_echo: true, app_id: 987654321 },
        }),
      );
      assert.equal((await t.deps.db.select().from(messages).where(eq(messages.wid, "m_ECHO"))).length, 0);
      await deliverAndRun(
        t,
        messagingPayload("facebook", {
          sender: { id: "PSID-1" },
          message_edit: { mid: "m_IN-1", text: "Oi, entregam hoje?", num_edit: 1 },
        }),
      );
      const [msg] = await t.deps.db.select().from(messages).where(eq(messages.wid, "m_IN-1"));
      assert.equal(msg.body, "Oi, entregam hoje?");
    });

    await tt.step(
      "Messenger deliveries (mids) and reads (watermark) move our reply to ack 2, then 3",
      async () => {
        const [inbound] = await t.deps.db.select().from(messages).where(eq(messages.wid, "m_IN-1"));
        const sent = await sendOnTicket(t.deps, company.id, inbound.ticketId, { body: "Entregamos!" });
        const ack = async () => (await t.deps.db.select().from(messages).where(eq(messages.id, sent.id)))[0];
        const row = await ack();
        assert.match(row.wid ?? "", /^m_OUT-\d+$/);
        assert.equal(row.ack, 1);
        const delivery = { mids: [row.wid], watermark: Date.now() };
        await deliverAndRun(t, messagingPayload("facebook", { sender: { id: "PSID-1" }, delivery }));
        assert.equal((await ack()).ack, 2);
        const read = { watermark: Date.now() + 1000 };
        await deliverAndRun(t, messagingPayload("facebook", { sender: { id: "PSID-1" }, read }));
        assert.equal((await ack()).ack, 3);
      },
    );

    await tt.step("an entry for a Page no connection claims is ignored", async () => {
      const other = messengerText("facebook", "m_LOST", "PSID-2", "hi");
      other.entry[0].id = "404404";
      await deliverAndRun(t, other);
      assert.equal(
        (await t.deps.db.select().from(messages).where(and(eq(messages.wid, "m_LOST")))).length,
        0,
      );
      assert.equal(IG_ID, ig.instagramUserId);
    });
  } finally {
    await m.close();
  }
});
