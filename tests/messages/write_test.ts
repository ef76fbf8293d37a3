import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import { bytesOf, expectError, expectOk, type Json, PNG } from "../_helpers/http.ts";
import {
  deliveryJob,
  hookFor,
  hooksTo,
  insertContact,
  messageRow,
  outbound,
  ticketRow,
} from "../_helpers/inbox.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";

import { MARIA, type Msg, send, world } from "./_world.ts";

function multipart(fields: Record<string, string>, files: File[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files) form.append("medias", f);
  return form;
}

Deno.test("[messages] POST /messages/:ticketId with multipart medias", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { carla, ticketId } = await world(t, sink);

    await tt.step("an image is stored, served through its signed URL and delivered", async () => {
      const res = await t.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: carla.token,
        body: multipart({ body: "a foto" }, [new File([PNG], "foto.png", { type: "image/png" })]),
      });
      const [m] = await expectOk<Msg[]>(res, 201);
      assert.equal(m.mediaType, "image");
      assert.equal(m.body, "a foto");
      assert.equal(m.mediaName, "foto.png");
      assert.match(m.mediaUrl!, /^\/api\/media\/company\d+\/messages\/.+\?exp=\d+&sig=[0-9a-f]+$/);
      const file = await t.request(m.mediaUrl!);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get("content-type"), "image/png");
      assert.deepEqual(await bytesOf(file), PNG);
      const tampered = await t.request(m.mediaUrl!.replace(/sig=[0-9a-f]{4}/, "sig=0000"));
      await expectError(tampered, 403, "ERR_NO_PERMISSION");
      const hook = await hookFor(sink, MARIA, (b) => b === "a foto");
      const media = hook.json.media as { url: string; mimetype: string; filename: string };
      assert.equal(media.mimetype, "image/png");
      assert.equal(media.filename, "foto.png");
      const path = new URL(media.url).pathname + new URL(media.url).search;
      assert.deepEqual(await bytesOf(await t.request(path)), PNG);
    });

    await tt.step("several files: one message each, the text on the first", async () => {
      const [m1, m2] = await expectOk<Msg[]>(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: carla.token,
          body: multipart({ body: "docs" }, [
            new File([PNG], "a.png", { type: "image/png" }),
            new File(["%PDF-1.4"], "b.pdf", { type: "application/pdf" }),
          ]),
        }),
        201,
      );
      assert.equal(m1.body, "docs");
      assert.equal(m2.body, "");
      assert.equal(m2.mediaType, "application");
    });

    await tt.step("executables and HTML are refused with 415, and nothing is sent", async () => {
      const before = (await outbound(t, ticketId)).length;
      for (
        const f of [
          new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }),
          new File(["MZ"], "setup.exe", { type: "application/octet-stream" }),
          new File(["<script>alert(1)</script>"], "page.html", { type: "text/html" }),
          new File(["<script>alert(1)</script>"], "page.htm", { type: "text/plain" }),
        ]
      ) {
        await expectError(
          await t.request(`/api/messages/${ticketId}`, {
            method: "POST",
            token: carla.token,
            body: multipart({}, [f]),
          }),
          415,
          "ERR_UNSUPPORTED_MEDIA",
        );
      }
      await expectError(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: carla.token,
          body: multipart({ body: "ok + exe" }, [
            new File([PNG], "ok.png", { type: "image/png" }),
            new File(["MZ"], "x.exe", { type: "application/octet-stream" }),
          ]),
        }),
        415,
        "ERR_UNSUPPORTED_MEDIA",
      );
      assert.equal((await outbound(t, ticketId)).length, before);
    });

    await tt.step("a malformed multipart body is a validation error", async () => {
      await expectError(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: carla.token,
          headers: { "content-type": "multipart/form-data; boundary=xyz" },
          body: "not multipart at all",
        }),
        400,
        "ERR_VALIDATION",
      );
    });

    await tt.step("a private note with a file is stored and not delivered", async () => {
      const [note] = await expectOk<Msg[]>(
        await t.request(`/api/messages/${ticketId}`, {
          method: "POST",
          token: carla.token,
          body: multipart({ body: "comprovante", isPrivate: "true" }, [
            new File([PNG], "c.png", { type: "image/png" }),
          ]),
        }),
        201,
      );
      assert.equal(note.isPrivate, true);
      assert.equal(await deliveryJob(t, note.id), null);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[messages] POST /messages/edit/:id: own messages for 15 minutes", async (tt) => {
  let offset = 0;
  const t = await createTestApp({ clock: { now: () => new Date(Date.now() + offset) } });
  const sink = startWebhookSink();
  try {
    const { a, carla, bruno, outsider, ticketId, inboundId, b } = await world(t, sink);
    const mine = await expectOk<Msg>(await send(t, carla.token, ticketId, { body: "com erro" }), 201);
    const edit = (token: string, id: number, body: unknown) =>
      t.request(`/api/messages/edit/${id}`, { method: "POST", token, json: { body } });

    await tt.step("another company's message answers 404", async () => {
      await expectError(await edit(b.adminToken, mine.id, "x"), 404, "ERR_NOT_FOUND");
    });

    await tt.step("someone else's message, or the customer's, is 403", async () => {
      await expectError(await edit(bruno.token, mine.id, "x"), 403, "ERR_NO_PERMISSION");
      await expectError(await edit(a.adminToken, mine.id, "x"), 403, "ERR_NO_PERMISSION");
      await expectError(await edit(carla.token, inboundId, "x"), 403, "ERR_NO_PERMISSION");
      await expectError(await edit(outsider.token, mine.id, "x"), 403, "ERR_NO_PERMISSION");
      assert.equal((await messageRow(t, mine.id)).body, "com erro");
    });

    await tt.step("an empty body is a validation error", async () => {
      await expectError(await edit(carla.token, mine.id, "  "), 400, "ERR_VALIDATION");
    });

    await tt.step("the author edits it within 15 minutes", async () => {
      offset = 14 * 60_000;
      const token = (await login(t, carla)).token;
      const m = await expectOk<Msg>(await edit(token, mine.id, "corrigido"));
      assert.equal(m.body, "corrigido");
      assert.equal(m.isEdited, true);
      assert.equal((await messageRow(t, mine.id)).isEdited, true);
    });

    await tt.step("after 15 minutes it is 403", async () => {
      offset = 16 * 60_000;
      const token = (await login(t, carla)).token;
      await expectError(await edit(token, mine.id, "tarde demais"), 403, "ERR_NO_PERMISSION");
      assert.equal((await messageRow(t, mine.id)).body, "corrigido");
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[messages] DELETE /messages/:id: own messages only", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { carla, bruno, ticketId, inboundId, b } = await world(t, sink);
    const mine = await expectOk<Msg>(await send(t, carla.token, ticketId, { body: "apagar" }), 201);
    const del = (token: string, id: number) => t.request(`/api/messages/${id}`, { method: "DELETE", token });

    await tt.step("another company's message answers 404", async () => {
      await expectError(await del(b.adminToken, mine.id), 404, "ERR_NOT_FOUND");
    });

    await tt.step("someone else's message, or the customer's, is 403", async () => {
      await expectError(await del(bruno.token, mine.id), 403, "ERR_NO_PERMISSION");
      await expectError(await del(carla.token, inboundId), 403, "ERR_NO_PERMISSION");
      assert.equal((await messageRow(t, mine.id)).isDeleted, false);
    });

    await tt.step("the author deletes it: it stays, marked deleted", async () => {
      const m = await expectOk<Msg>(await del(carla.token, mine.id));
      assert.equal(m.isDeleted, true);
      assert.equal((await messageRow(t, mine.id)).isDeleted, true);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[messages] POST /message/forward", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { a, carla, outsider, ticketId, b, bIn } = await world(t, sink);
    const joao = await insertContact(t, a.company.id, { name: "João", number: "5511977776666" });
    const bContact = await insertContact(t, b.company.id, { number: "5521977776666" });
    const original = await expectOk<Msg>(
      await send(t, carla.token, ticketId, { body: "Tabela de preços" }),
      201,
    );
    const forward = (token: string, json: Json) =>
      t.request("/api/message/forward", { method: "POST", token, json });

    await tt.step("another company's message or contact answers 404", async () => {
      await expectError(
        await forward(carla.token, { messageId: bIn.messageId, contactId: joao.id }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await forward(carla.token, { messageId: original.id, contactId: bContact.id }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
    });

    await tt.step("a message of a ticket the user cannot see is 403", async () => {
      await expectError(
        await forward(outsider.token, { messageId: original.id, contactId: joao.id }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await tt.step("a private note is never forwarded to a customer", async () => {
      const note = await expectOk<Msg>(
        await send(t, carla.token, ticketId, { body: "só nós", isPrivate: true }),
        201,
      );
      await expectError(
        await forward(carla.token, { messageId: note.id, contactId: joao.id }),
        403,
        "ERR_NO_PERMISSION",
      );
      assert.equal(hooksTo(sink, joao.number).length, 0);
    });

    await tt.step("a missing messageId is a validation error", async () => {
      await expectError(await forward(carla.token, { contactId: joao.id }), 400, "ERR_VALIDATION");
    });

    await tt.step("forwarding opens the contact's ticket for the user and delivers it", async () => {
      const fwd = await expectOk<Msg>(
        await forward(carla.token, { messageId: original.id, contactId: joao.id, signMessage: true }),
        201,
      );
      assert.equal(fwd.isForwarded, true);
      assert.equal(fwd.body, "*Carla:*\nTabela de preços");
      const tk = await ticketRow(t, fwd.ticketId);
      assert.equal(tk.contactId, joao.id);
      assert.equal(tk.status, "open");
      assert.equal(tk.userId, carla.user.id);
      assert.equal(tk.whatsappId, a.conn.id);
      await hookFor(sink, joao.number, (b) => b === "*Carla:*\nTabela de preços");
      const rows = await t.deps.db.select().from(messages).where(eq(messages.ticketId, fwd.ticketId));
      assert.equal(rows.length, 1);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});
