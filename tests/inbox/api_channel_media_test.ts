/**
 * The api channel's inbound media: base64 and URL stored and served through the signed URL, and
 * the company's download limit however the file comes.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant, setCompanySetting, userOf } from "../_helpers/tenant.ts";
import { bytesOf, expectError, expectOk, type Json, PNG } from "../_helpers/http.ts";
import { customerSays, inboundRaw, messageRow, nextExternalId, ticketRow } from "../_helpers/inbox.ts";
import { encodeBase64 } from "@/lib/base64.ts";

const MARIA = { number: "5511988887777", name: "Maria" };

type Msg = Json & { id: number; body: string; mediaUrl: string | null; mediaType: string; ack: number };

Deno.test("[inbox] api channel media: base64 and URL are stored and served through the signed URL", async (tt) => {
  const t = await createTestApp();
  const files = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/photo.png") return new Response(PNG, { headers: { "content-type": "image/png" } });
    return new Response("missing", { status: 404 });
  });
  const base = `http://127.0.0.1:${files.addr.port}`;
  try {
    const w = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const agent = await userOf(t, w.company.id, { queueIds: [w.queues[0].id] });

    const check = async (messageId: number, caption: string) => {
      const row = await messageRow(t, messageId);
      assert.equal(row.mediaType, "image");
      assert.equal(row.mediaName, "foto.png");
      assert.match(row.mediaUrl!, new RegExp(`^company${w.company.id}/messages/`));
      const tk = await ticketRow(t, row.ticketId);
      const page = await expectOk<{ messages: Msg[] }>(
        await t.request(`/api/messages/${tk.uuid}`, { token: agent.token }),
      );
      const m = page.messages.find((x) => x.id === messageId)!;
      assert.equal(m.body, caption);
      assert.match(m.mediaUrl!, /^\/api\/media\/.+\?exp=\d+&sig=[0-9a-f]+$/);
      const file = await t.request(m.mediaUrl!);
      assert.equal(file.status, 200);
      assert.deepEqual(await bytesOf(file), PNG);
      const unsigned = await t.request(m.mediaUrl!.split("?")[0]);
      await expectError(unsigned, 403, "ERR_NO_PERMISSION");
    };

    await tt.step("base64", async () => {
      const r = await customerSays(t, w.conn, MARIA, "minha foto", {
        media: { base64: encodeBase64(PNG), mimetype: "image/png", filename: "foto.png" },
      });
      await check(r.messageId, "minha foto");
    });

    await tt.step("url", async () => {
      const r = await customerSays(t, w.conn, MARIA, "", {
        media: { url: `${base}/photo.png`, mimetype: "image/png", filename: "foto.png" },
      });
      await check(r.messageId, "");
      assert.equal((await ticketRow(t, r.ticketId)).lastMessage, "foto.png");
    });

    await tt.step("a URL that fails keeps the message: stored at once, its media pending", async () => {
      const externalId = nextExternalId();
      const res = await expectOk<Json>(
        await inboundRaw(t, w.conn.token, {
          externalId,
          from: MARIA,
          body: "x",
          media: { url: `${base}/gone.png`, mimetype: "image/png", filename: "gone.png" },
        }),
      );
      assert.equal(res.mediaStatus, "pending");
      const [stored] = await t.deps.db.select().from(messages).where(eq(messages.wid, externalId));
      assert.equal(stored.body, "x");
      assert.equal(stored.mediaType, "image");
      assert.equal(stored.mediaStatus, "pending");
      assert.equal(stored.mediaLink, `${base}/gone.png`);
      assert.equal(stored.mediaUrl, null);
    });

    await tt.step("both or neither of url and base64 is a validation error", async () => {
      await expectError(
        await inboundRaw(t, w.conn.token, {
          externalId: nextExternalId(),
          from: MARIA,
          media: { url: `${base}/photo.png`, base64: "AAAA", mimetype: "image/png", filename: "a.png" },
        }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await inboundRaw(t, w.conn.token, {
          externalId: nextExternalId(),
          from: MARIA,
          media: { mimetype: "image/png", filename: "a.png" },
        }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await files.shutdown();
    await t.close();
  }
});

Deno.test("[inbox] api channel media: a file above downloadLimit is 413, however it comes", async (tt) => {
  const t = await createTestApp();
  const big = new Uint8Array(1024 * 1024 + 10).fill(7);
  const files = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/sized.bin") return new Response(big);
    // No content-length: the body is streamed in chunks and never ends, so only a reader that
    // stops at the limit answers (one that buffers first waits for its 30 s timeout).
    return new Response(new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(64 * 1024)) }));
  });
  const base = `http://127.0.0.1:${files.addr.port}`;
  try {
    // The operator's limit, in MB (the settings API offers 32 and up; 1 keeps the test small).
    await setCompanySetting(t, 1, "downloadLimit", "1");
    const w = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const post = (media: Json) =>
      inboundRaw(t, w.conn.token, {
        externalId: nextExternalId(),
        from: MARIA,
        body: "arquivo",
        media: { mimetype: "application/octet-stream", filename: "big.bin", ...media },
      });

    await tt.step("base64", async () => {
      await expectError(await post({ base64: encodeBase64(big) }), 413, "ERR_PAYLOAD_TOO_LARGE");
    });
    await tt.step("url with a content-length", async () => {
      await expectError(await post({ url: `${base}/sized.bin` }), 413, "ERR_PAYLOAD_TOO_LARGE");
    });
    await tt.step("url streamed without a content-length", async () => {
      await expectError(await post({ url: `${base}/stream.bin` }), 413, "ERR_PAYLOAD_TOO_LARGE");
    });
    await tt.step("nothing was stored, and a file under the limit passes", async () => {
      const small = await customerSays(t, w.conn, MARIA, "pequeno", {
        media: { base64: encodeBase64(big.slice(0, 1000)), mimetype: "application/pdf", filename: "ok.pdf" },
      });
      const tk = await ticketRow(t, small.ticketId);
      assert.equal(tk.unreadMessages, 1, "the refused messages were not stored");
      assert.equal((await messageRow(t, small.messageId)).mediaType, "application");
      const stored = await Array.fromAsync(t.deps.storage.list(`media/company${w.company.id}/messages/`));
      assert.equal(stored.length, 1, "no refused file was written");
    });
  } finally {
    await files.shutdown();
    await t.close();
  }
});
