/**
 * `mediaUrl` in a JSON POST /messages/:ticketId (spec 1 §7): the server fetches the file from a
 * local HTTP server (the outside world in this test) and sends it like an upload; bad links and
 * failed downloads answer clearly and send nothing.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { bytesOf, expectError, expectOk, PNG } from "../_helpers/http.ts";
import { hookFor, outbound } from "../_helpers/inbox.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { MARIA, type Msg, send, world } from "./_world.ts";

/** A file host: /foto.png, /setup.exe (an executable) and 404 for anything else. */
function fileHost() {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/files/foto%20nova.png") {
      return new Response(PNG, { headers: { "content-type": "image/png" } });
    }
    if (path === "/setup.exe") {
      return new Response("MZ", { headers: { "content-type": "application/x-msdownload" } });
    }
    return new Response("no", { status: 404 });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

Deno.test("[messages] POST /messages/:ticketId with a JSON mediaUrl", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  const host = fileHost();
  try {
    const { carla, outsider, ticketId, a, bIn } = await world(t, sink);
    const image = `${host.url}/files/foto%20nova.png`;

    await tt.step("401 without a session", async () => {
      const res = await t.request(`/api/messages/${ticketId}`, { method: "POST", json: { mediaUrl: image } });
      await expectError(res, 401, "ERR_UNAUTHENTICATED");
    });

    await tt.step("another company's ticket is 404; a user who cannot see the ticket 403", async () => {
      const before = (await outbound(t, bIn.ticketId)).length;
      await expectError(
        await send(t, a.adminToken, bIn.ticketId, { mediaUrl: image }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      await expectError(
        await send(t, outsider.token, ticketId, { mediaUrl: image }),
        403,
        "ERR_NO_PERMISSION",
      );
      assert.equal((await outbound(t, bIn.ticketId)).length, before);
    });

    await tt.step("the file is fetched, stored and delivered like an upload, with the text", async () => {
      const m = await expectOk<Msg>(
        await send(t, carla.token, ticketId, { body: "a foto", mediaUrl: image, read: true, fromMe: true }),
        201,
      );
      assert.equal(m.mediaType, "image");
      assert.equal(m.body, "a foto");
      assert.equal(m.mediaName, "foto nova.png");
      assert.deepEqual(await bytesOf(await t.request(m.mediaUrl!)), PNG);
      const hook = await hookFor(sink, MARIA, (b) => b === "a foto");
      const media = hook.json.media as { mimetype: string; filename: string };
      assert.equal(media.mimetype, "image/png");
      assert.equal(media.filename, "foto nova.png");
    });

    await tt.step("an empty mediaUrl (the spec's client sends one with text) is plain text", async () => {
      const m = await expectOk<Msg>(
        await send(t, carla.token, ticketId, { body: "só texto", mediaUrl: "" }),
        201,
      );
      assert.equal(m.mediaType, "chat");
      assert.equal(m.mediaUrl, null);
    });

    await tt.step("bad links are 400, failed downloads 502, refused types 415; nothing is sent", async () => {
      const before = (await outbound(t, ticketId)).length;
      for (
        const bad of [
          "not a url",
          "ftp://example.com/a.png",
          "/relative/a.png",
          "http://user:pw@example.com/a.png",
        ]
      ) {
        const b = await expectError(
          await send(t, carla.token, ticketId, { body: "x", mediaUrl: bad }),
          400,
          "ERR_URL_NOT_ALLOWED",
        );
        assert.ok((b.details as { reason: string }).reason, bad);
      }
      const gone = await expectError(
        await send(t, carla.token, ticketId, { body: "x", mediaUrl: `${host.url}/gone.png` }),
        502,
        "ERR_WAPP_DOWNLOAD_MEDIA",
      );
      assert.deepEqual(gone.details, { status: 404 });
      await expectError(
        await send(t, carla.token, ticketId, { body: "x", mediaUrl: `${host.url}/setup.exe` }),
        415,
        "ERR_UNSUPPORTED_MEDIA",
      );
      assert.equal((await outbound(t, ticketId)).length, before);
    });
  } finally {
    await host.close();
    await sink.close();
    await t.close();
  }
});
