/**
 * Bodies are read in one guarded place (server/lib/body.ts): deep trees are refused before any
 * recursive validation, and a body a route cannot read answers 400, never 500, whatever its type.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { jsonDepth, MAX_JSON_DEPTH } from "@/lib/body.ts";

/** A chatbot tree `levels` deep, one option per level. */
function deepTree(levels: number): Json[] {
  let node: Json = { name: "Folha", queueType: "text" };
  for (let i = 1; i < levels; i++) node = { name: `Nível ${i}`, greetingMessage: "Escolha", options: [node] };
  return [node];
}

Deno.test("[hardening] jsonDepth counts nesting outside strings only", () => {
  assert.equal(jsonDepth(`{"a":[1,{"b":"[[[{{{"}]}`), 3);
  assert.equal(jsonDepth(`"\\"[[["`), 0);
  assert.equal(jsonDepth("[".repeat(5000) + "]".repeat(5000), 100), 101);
});

Deno.test("[hardening] deep chatbot trees answer 400 before validation recurses", async (t) => {
  const app = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(app);
    const q = await createQueue(app, a.company.id);
    const [root] = await expectOk<Json[]>(
      await app.request(`/api/queue/${q.id}`, {
        method: "PUT",
        token: a.adminToken,
        json: { chatbots: [{ name: "Raiz", greetingMessage: "Oi", options: [{ name: "Filha" }] }] },
      }).then(async (r) => {
        assert.equal(r.status, 200, await r.clone().text());
        return app.request(`/api/chatbot?queueId=${q.id}`, { token: a.adminToken });
      }),
    );
    const deep = deepTree(1200);
    const cases: [string, string, Json][] = [
      ["POST", "/api/queue", { name: "Profunda", color: "#123456", chatbots: deep }],
      ["PUT", `/api/queue/${q.id}`, { chatbots: deep }],
      ["POST", "/api/chatbot", { queueId: q.id, name: "Profunda", greetingMessage: "x", options: deep }],
      ["PUT", `/api/chatbot/${root.id}`, { greetingMessage: "x", options: deep }],
    ];
    await t.step("1,200 levels: 400 ERR_VALIDATION on every tree route", async () => {
      for (const [method, path, json] of cases) {
        const b = await expectError(
          await app.request(path, { method, token: a.adminToken, json }),
          400,
          "ERR_VALIDATION",
        );
        assert.match(String(b.message), /nested deeper/);
      }
    });
    await t.step("within the JSON bound but past 20 levels: the tree rule answers", async () => {
      const b = await expectError(
        await app.request(`/api/queue/${q.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { chatbots: deepTree(25) },
        }),
        400,
        "ERR_VALIDATION",
      );
      assert.match(JSON.stringify(b.details), /at most 20 levels/);
      assert.ok(2 * 25 + 2 < MAX_JSON_DEPTH);
    });
    await t.step("nothing was written", async () => {
      const list = await expectOk<Json[]>(
        await app.request(`/api/chatbot?queueId=${q.id}`, { token: a.adminToken }),
      );
      assert.equal(JSON.stringify(list).includes("Nível"), false);
    });
    await t.step("a JSON body past the size cap answers 413", async () => {
      const big = { name: "Grande", color: "#654321", greetingMessage: "x".repeat(3 * 1024 * 1024) };
      await expectError(
        await app.request("/api/queue", { method: "POST", token: a.adminToken, json: big }),
        413,
        "ERR_PAYLOAD_TOO_LARGE",
      );
    });
  } finally {
    await app.close();
  }
});

Deno.test("[hardening] malformed bodies of any content type answer 400, never 500", async (t) => {
  const app = await createTestApp({ scheduler: false });
  try {
    const inbox = await createTenant(app, { webhook: null, user: false });
    const token = inbox.adminToken;
    const bodies: [string, BodyInit][] = [
      ["text/plain", "not json at all"],
      ["application/json", '{"number": "55119'],
      ["application/x-www-form-urlencoded", "%%%=&&=%zz"],
      [
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      ],
      ["multipart/form-data", "no boundary at all"],
      ["application/octet-stream", new Uint8Array([0, 255, 1, 254, 2])],
    ];
    await t.step("POST /whatsappsession/{id} (was an unguarded JSON.parse)", async () => {
      for (const [type, body] of bodies) {
        const res = await app.request(`/api/whatsappsession/${inbox.conn.id}`, {
          method: "POST",
          token,
          headers: { "content-type": type },
          body,
        });
        assert.equal(res.status, 400, `${type}: ${res.status} ${await res.clone().text()}`);
        assert.equal((await res.json()).error, "ERR_VALIDATION");
      }
    });
    await t.step("multipart routes, JSON routes and the send API", async () => {
      const routes: [string, string, Record<string, string>][] = [
        ["POST", `/api/users/${inbox.admin.user.id}/media-upload`, { authorization: `Bearer ${token}` }],
        ["POST", "/api/contacts/upload", { authorization: `Bearer ${token}` }],
        ["POST", "/api/queue", { authorization: `Bearer ${token}` }],
        ["POST", "/api/messages/send", { authorization: `Bearer ${inbox.conn.token}` }],
        ["POST", "/api/channels/api/messages", { authorization: `Bearer ${inbox.conn.token}` }],
      ];
      for (const [method, path, headers] of routes) {
        for (const [type, body] of bodies) {
          const res = await app.request(path, {
            method,
            headers: { ...headers, "content-type": type },
            body,
          });
          assert.ok(
            res.status >= 400 && res.status < 500,
            `${path} ${type}: ${res.status} ${await res.clone().text()}`,
          );
        }
      }
    });
  } finally {
    await app.close();
  }
});
