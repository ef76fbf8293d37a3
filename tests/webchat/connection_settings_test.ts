/**
 * The webchat channel's connection: its settings through the connections API (401, cross-company 404,
 * role 403, happy path; origins validated and normalised), a page on a non-allowed origin refused, and
 * the widget script. The visitor's side: visitor_test.ts.
 */
import { startTestServer } from "../_helpers/test_app.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { assert, OTHER_SITE, sessionRequest, SITE, webchatTenant } from "./_support.ts";

Deno.test("[webchat] connection settings through the connections API, refused origins, the widget script", async (tt) => {
  const s = await startTestServer();
  const t = s;
  try {
    const a = await webchatTenant(t, { color: "#ff0000", greeting: "Olá! Como podemos ajudar?" });
    const b = await webchatTenant(t);
    const key = a.conn.webchatKey;

    await tt.step(
      "connection: created with a public key and the settings given, defaults for the rest",
      () => {
        assert.match(key, /^[A-Za-z0-9]{24}$/);
        assert.equal(a.conn.channel, "webchat");
        assert.equal(a.conn.status, "CONNECTED");
        assert.deepEqual(a.conn.webchat, {
          color: "#ff0000",
          title: "",
          greeting: "Olá! Como podemos ajudar?",
          avatarUrl: null,
          position: "right",
          language: "auto",
          allowedOrigins: [SITE],
          offline: "collect",
          useBusinessHours: true,
        });
      },
    );

    await tt.step(
      "connection: 401 without a session, 403 for a profile user, 404 across companies",
      async () => {
        const put = (token: string | undefined, id: number, json: Json) =>
          t.request(`/api/whatsapp/${id}`, { method: "PUT", token, json });
        await expectError(
          await put(undefined, a.conn.id, { webchat: { color: "#000000" } }),
          401,
          "ERR_UNAUTHENTICATED",
        );
        await expectError(
          await put(a.userToken, a.conn.id, { webchat: { color: "#000000" } }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(
          await t.request("/api/whatsapp", {
            method: "POST",
            token: a.userToken,
            json: { name: "Chat", channel: "webchat" },
          }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(
          await put(b.adminToken, a.conn.id, { webchat: { color: "#000000" } }),
          404,
          "ERR_NO_WAPP_FOUND",
        );
      },
    );

    await tt.step("connection: origins are validated and normalised; settings update", async () => {
      await expectError(
        await t.request(`/api/whatsapp/${a.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { webchat: { allowedOrigins: ["javascript:alert(1)"] } },
        }),
        400,
        "ERR_VALIDATION",
      );
      const up = await expectOk<Json & { webchat: Json }>(
        await t.request(`/api/whatsapp/${a.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: {
            webchat: {
              ...a.conn.webchat,
              allowedOrigins: [SITE + "/any/path", "HTTPS://WWW.Example.test"],
              position: "left",
              language: "es",
            },
          },
        }),
      );
      assert.deepEqual(up.webchat.allowedOrigins, [SITE, "https://www.example.test"]);
      assert.equal(up.webchat.position, "left");
      assert.equal(up.webchatKey, key, "the public key never changes on update");
      // A PUT naming one setting changes only that one.
      const partial = await expectOk<Json & { webchat: Json }>(
        await t.request(`/api/whatsapp/${a.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { webchat: { position: "right", language: "auto" } },
        }),
      );
      assert.deepEqual(partial.webchat.allowedOrigins, [SITE, "https://www.example.test"]);
      assert.equal(partial.webchat.color, "#ff0000");
      // Other channels carry no widget settings.
      const api = await expectOk<Json>(
        await t.request("/api/whatsapp", {
          method: "POST",
          token: a.adminToken,
          json: {
            name: "Api",
            channel: "api",
            webhookUrl: "http://127.0.0.1:9/x",
            webchat: { color: "#000000" },
          },
        }),
        201,
      );
      assert.equal(api.webchat, null);
      assert.equal(api.webchatKey, null);
    });

    await tt.step(
      "session: a page on a non-allowed origin (or none) is refused without CORS headers",
      async () => {
        for (const origin of [OTHER_SITE, null, "http://shop.example.test:5001"]) {
          const res = await sessionRequest(t, key, origin);
          assert.equal(res.status, 403);
          assert.equal(res.headers.get("access-control-allow-origin"), null);
          await res.body?.cancel();
        }
        await expectError(await sessionRequest(t, "unknownKey123456", SITE), 404, "ERR_NOT_FOUND");
        // Preflight: allowed for the site only.
        const ok = await t.request(`/api/webchat/${key}/upload`, {
          method: "OPTIONS",
          headers: { origin: SITE },
        });
        assert.equal(ok.status, 204);
        assert.equal(ok.headers.get("access-control-allow-origin"), SITE);
        const bad = await t.request(`/api/webchat/${key}/upload`, {
          method: "OPTIONS",
          headers: { origin: OTHER_SITE },
        });
        assert.equal(bad.status, 403);
        assert.equal(bad.headers.get("access-control-allow-origin"), null);
        await bad.body?.cancel();
      },
    );

    await tt.step("the widget script: served for cross-origin <script> tags, small", async () => {
      const res = await t.request("/webchat.js");
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /^text\/javascript/);
      assert.equal(res.headers.get("cross-origin-resource-policy"), "cross-origin");
      const code = await res.text();
      assert.ok(code.includes("/webchat/ws"));
      assert.ok(code.length < 40_000, `webchat.js is ${code.length} bytes`);
    });
  } finally {
    await s.close();
  }
});
