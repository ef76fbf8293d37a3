import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { createCompany, login } from "../../_helpers/factories.ts";
import type { TestApp } from "../../_helpers/test_app.ts";
import { JPEG } from "./_graph_server.ts";
import {
  cloudPayload,
  cloudText,
  deliverAndRun,
  messengerText,
  metaConnection,
  PHONE_ID,
  startMeta,
} from "./_support.ts";

const CUSTOMER = "5511977776666";

/** The admin accepts the ticket of the last inbound message, so replies are allowed. */
async function acceptTicket(t: TestApp, token: string, wid: string): Promise<number> {
  const [msg] = await t.deps.db.select().from(messages).where(eq(messages.wid, wid));
  const res = await t.request(`/api/tickets/${msg.ticketId}`, {
    method: "PUT",
    token,
    json: { status: "open" },
  });
  assert.equal(res.status, 200, await res.clone().text());
  await res.body?.cancel();
  return msg.ticketId;
}

function imageForm(body: string): FormData {
  const form = new FormData();
  form.set("body", body);
  form.append("medias", new File([JPEG], "photo.jpg", { type: "image/jpeg" }));
  return form;
}

Deno.test("[meta] replies go out with Graph's exact payloads (Cloud API, Messenger, Instagram)", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company, admin } = await createCompany(t);
    const tok = (await login(t, admin)).token;
    await metaConnection(t, company.id, "whatsappapi");
    await metaConnection(t, company.id, "facebook");
    await metaConnection(t, company.id, "instagram");
    await deliverAndRun(t, cloudPayload({ messages: [cloudText("wamid.A", CUSTOMER, "oi")] }));
    await deliverAndRun(t, messengerText("facebook", "m_A", "PSID-7", "oi"));
    await deliverAndRun(t, messengerText("instagram", "ig_A", "IGSID-7", "oi"));
    const cloudTicket = await acceptTicket(t, tok, "wamid.A");
    const fbTicket = await acceptTicket(t, tok, "m_A");
    const igTicket = await acceptTicket(t, tok, "ig_A");

    await tt.step("Cloud API text", async () => {
      const res = await t.request(`/api/messages/${cloudTicket}`, {
        method: "POST",
        token: tok,
        json: { body: "Olá!" },
      });
      assert.equal(res.status, 201, await res.clone().text());
      const sent = await res.json();
      const req = graph.sends().at(-1)!;
      assert.equal(req.path, `/${PHONE_ID}/messages`);
      assert.match(req.version, /^v\d+\.0$/);
      assert.equal(req.authorization, "Bearer EAAG-whatsappapi-token");
      assert.deepEqual(req.json, {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: CUSTOMER,
        type: "text",
        text: { preview_url: false, body: "Olá!" },
      });
      const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, sent.id));
      assert.match(row.wid ?? "", /^wamid\.OUT-\d+$/);
      assert.equal(row.ack, 1);
    });

    await tt.step("Cloud API contact card: a `contacts` message, not the vCard's text", async () => {
      // The vCard the web composer's contact picker builds (toVCard in contact_share_dialog.tsx).
      const vCard = [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "N:;Joana Prado;;;",
        "FN:Joana Prado",
        "TEL;type=CELL;waid=5511955554444:+5511955554444",
        "EMAIL:joana@example.com",
        "END:VCARD",
      ].join("\n");
      const res = await t.request(`/api/messages/${cloudTicket}`, {
        method: "POST",
        token: tok,
        json: { body: "", vCard },
      });
      assert.equal(res.status, 201, await res.clone().text());
      const sent = await res.json();
      assert.deepEqual(graph.sends().at(-1)!.json, {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: CUSTOMER,
        type: "contacts",
        contacts: [{
          name: { formatted_name: "Joana Prado", first_name: "Joana Prado" },
          phones: [{ phone: "+5511955554444", type: "CELL", wa_id: "5511955554444" }],
          emails: [{ email: "joana@example.com" }],
        }],
      });
      const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, sent.id));
      assert.equal(row.mediaType, "contactMessage");
      assert.equal(row.body, vCard, "stored as the vCard, shown as a card on our side");
    });

    await tt.step("Cloud API image: uploaded to /media, then sent by id with its caption", async () => {
      const res = await t.request(`/api/messages/${cloudTicket}`, {
        method: "POST",
        token: tok,
        body: imageForm("a foto"),
      });
      assert.equal(res.status, 201, await res.clone().text());
      await res.body?.cancel();
      const upload = graph.requests.filter((r) => r.path === `/${PHONE_ID}/media`).at(-1)!;
      assert.deepEqual(upload.form, { messaging_product: "whatsapp", type: "image/jpeg" });
      assert.equal(upload.files?.file.size, JPEG.length);
      assert.equal(upload.authorization, "Bearer EAAG-whatsappapi-token");
      const send = graph.sends().at(-1)!;
      const imageId = (send.json!.image as { id: string }).id;
      assert.match(imageId, /^MEDIA-UP-\d+$/);
      assert.deepEqual(send.json, {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: CUSTOMER,
        type: "image",
        image: { id: imageId, caption: "a foto" },
      });
    });

    await tt.step("Messenger text", async () => {
      const res = await t.request(`/api/messages/${fbTicket}`, {
        method: "POST",
        token: tok,
        json: { body: "Entregamos sim" },
      });
      assert.equal(res.status, 201, await res.clone().text());
      await res.body?.cancel();
      const req = graph.sends().at(-1)!;
      assert.equal(req.path, "/me/messages");
      assert.equal(req.authorization, "Bearer EAAG-facebook-token");
      assert.deepEqual(req.json, {
        recipient: { id: "PSID-7" },
        messaging_type: "RESPONSE",
        message: { text: "Entregamos sim" },
      });
    });

    await tt.step("Messenger image: filedata multipart, then the text", async () => {
      const before = graph.sends().length;
      const res = await t.request(`/api/messages/${fbTicket}`, {
        method: "POST",
        token: tok,
        body: imageForm("veja"),
      });
      assert.equal(res.status, 201, await res.clone().text());
      await res.body?.cancel();
      const [media, text] = graph.sends().slice(before);
      assert.deepEqual(media.form, {
        recipient: JSON.stringify({ id: "PSID-7" }),
        messaging_type: "RESPONSE",
        message: JSON.stringify({ attachment: { type: "image", payload: { is_reusable: false } } }),
      });
      assert.equal(media.files?.filedata.type, "image/jpeg");
      assert.deepEqual(text.json, {
        recipient: { id: "PSID-7" },
        messaging_type: "RESPONSE",
        message: { text: "veja" },
      });
    });

    await tt.step("Instagram image: a signed link to our media", async () => {
      const res = await t.request(`/api/messages/${igTicket}`, {
        method: "POST",
        token: tok,
        body: imageForm(""),
      });
      assert.equal(res.status, 201, await res.clone().text());
      await res.body?.cancel();
      const req = graph.sends().at(-1)!;
      assert.equal(req.authorization, "Bearer EAAG-instagram-token");
      const att =
        (req.json!.message as { attachment: { type: string; payload: { url: string } } }).attachment;
      assert.equal(att.type, "image");
      const url = new URL(att.payload.url);
      assert.equal(url.origin, t.deps.config.publicUrl);
      const file = await t.request(url.pathname + url.search);
      assert.deepEqual(new Uint8Array(await file.arrayBuffer()), JPEG);
    });

    await tt.step("a provider error is ERR_SENDING_WAPP_MSG with Meta's message", async () => {
      graph.failNextSend = { status: 400, message: "(#100) Invalid parameter", code: 100 };
      const res = await t.request(`/api/messages/${cloudTicket}`, {
        method: "POST",
        token: tok,
        json: { body: "x" },
      });
      assert.equal(res.status, 502);
      const b = await res.json();
      assert.equal(b.error, "ERR_SENDING_WAPP_MSG");
      assert.equal(b.details.message, "(#100) Invalid parameter");
      assert.equal(b.details.code, 100);
    });
  } finally {
    await m.close();
  }
});

Deno.test("[meta] a reply more than 24 hours after the customer's last message is refused and not sent", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company, admin } = await createCompany(t);
    const tok = (await login(t, admin)).token;
    await metaConnection(t, company.id, "whatsappapi");
    const old = new Date(Date.now() - 25 * 3600_000);
    await deliverAndRun(t, cloudPayload({ messages: [cloudText("wamid.OLD", CUSTOMER, "oi", old)] }));
    const ticketId = await acceptTicket(t, tok, "wamid.OLD");

    await tt.step("25 h later: 400 ERR_OUTSIDE_24H_WINDOW, nothing stored, nothing sent", async () => {
      const sendsBefore = graph.sends().length;
      const res = await t.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: tok,
        json: { body: "ainda aí?" },
      });
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error, "ERR_OUTSIDE_24H_WINDOW");
      assert.equal(graph.sends().length, sendsBefore);
      const rows = await t.deps.db.select().from(messages).where(eq(messages.ticketId, ticketId));
      assert.deepEqual(rows.map((r) => r.wid), ["wamid.OLD"]);
    });

    await tt.step("private notes are never blocked by the window", async () => {
      const res = await t.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: tok,
        json: { body: "nota", isPrivate: true },
      });
      assert.equal(res.status, 201, await res.clone().text());
      await res.body?.cancel();
    });

    await tt.step("a new customer message opens the window again", async () => {
      await deliverAndRun(t, cloudPayload({ messages: [cloudText("wamid.NEW", CUSTOMER, "voltei")] }));
      const res = await t.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: tok,
        json: { body: "oi!" },
      });
      assert.equal(res.status, 201, await res.clone().text());
      await res.body?.cancel();
    });
  } finally {
    await m.close();
  }
});
