/** /flowbuilder… and /flowcampaign… routes: 401, cross-company 404, 403 for profile user, happy paths (spec 3 §7). */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { createQueue } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json, PNG } from "../_helpers/http.ts";
import { edge, node } from "./_graph.ts";

Deno.test("[flows] flow and phrase-campaign routes: auth, tenancy, roles, CRUD, graph save and uploads", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      t.request(path, { method, token, json });
    const foreign = await expectOk<Json>(
      await req("/api/flowbuilder", b.adminToken, "POST", { name: "B flow" }),
      201,
    );

    await tt.step("401 on every route without a token", async () => {
      await assertAllNeedAuth(t, [
        ["GET", "/api/flowbuilder"],
        ["POST", "/api/flowbuilder"],
        ["PUT", "/api/flowbuilder"],
        ["POST", "/api/flowbuilder/duplicate"],
        ["POST", "/api/flowbuilder/flow"],
        ["GET", "/api/flowbuilder/flow/1"],
        ["GET", "/api/flowbuilder/1"],
        ["DELETE", "/api/flowbuilder/1"],
        ["POST", "/api/flowbuilder/img"],
        ["POST", "/api/flowbuilder/audio"],
        ["POST", "/api/flowbuilder/content"],
        ["GET", "/api/flowbuilder/media?path=x"],
        ["GET", "/api/flowcampaign"],
        ["GET", "/api/flowcampaign/1"],
        ["POST", "/api/flowcampaign"],
        ["PUT", "/api/flowcampaign"],
        ["DELETE", "/api/flowcampaign/1"],
      ]);
    });

    await tt.step("403 for a profile user on every route", async () => {
      for (
        const [m, p, body] of [
          ["GET", "/api/flowbuilder"],
          ["POST", "/api/flowbuilder", { name: "Mine" }],
          ["PUT", "/api/flowbuilder", { flowId: foreign.id, name: "Mine" }],
          ["POST", "/api/flowbuilder/duplicate", { flowId: foreign.id }],
          ["POST", "/api/flowbuilder/flow", { idFlow: foreign.id, nodes: [], connections: [] }],
          ["GET", `/api/flowbuilder/flow/${foreign.id}`],
          ["GET", `/api/flowbuilder/${foreign.id}`],
          ["DELETE", `/api/flowbuilder/${foreign.id}`],
          ["GET", "/api/flowcampaign"],
          ["GET", "/api/flowcampaign/1"],
          ["POST", "/api/flowcampaign", { name: "x", flowId: foreign.id, phrase: "oi" }],
          ["PUT", "/api/flowcampaign", { id: 1, name: "x", flowId: foreign.id, phrase: "oi" }],
          ["DELETE", "/api/flowcampaign/1"],
        ] as [string, string, Json?][]
      ) await expectError(await req(p, a.userToken, m, body), 403, "ERR_NO_PERMISSION");
      const fd = new FormData();
      fd.append("medias", new File([PNG], "a.png", { type: "image/png" }));
      const res = await t.request("/api/flowbuilder/img", { method: "POST", token: a.userToken, body: fd });
      await expectError(res, 403, "ERR_NO_PERMISSION");
    });

    await tt.step("404 for another company's flow and campaign, on every route", async () => {
      const fid = foreign.id as number;
      for (
        const [m, p, body] of [
          ["PUT", "/api/flowbuilder", { flowId: fid, name: "Mine" }],
          ["POST", "/api/flowbuilder/duplicate", { flowId: fid }],
          ["POST", "/api/flowbuilder/flow", { idFlow: fid, nodes: [], connections: [] }],
          ["GET", `/api/flowbuilder/flow/${fid}`],
          ["GET", `/api/flowbuilder/${fid}`],
          ["DELETE", `/api/flowbuilder/${fid}`],
          ["POST", "/api/flowcampaign", { name: "x", flowId: fid, phrase: "oi" }],
          ["GET", `/api/flowbuilder/media?path=company${b.company.id}/flow/x.png`],
        ] as [string, string, Json?][]
      ) await expectError(await req(p, a.adminToken, m, body), 404, "ERR_NOT_FOUND");
      const bc = await expectOk<Json>(
        await req("/api/flowcampaign", b.adminToken, "POST", { name: "B", flowId: fid, phrase: "oi" }),
        201,
      );
      await expectError(await req(`/api/flowcampaign/${bc.id}`, a.adminToken), 404, "ERR_NOT_FOUND");
      await expectError(
        await req(`/api/flowcampaign/${bc.id}`, a.adminToken, "DELETE"),
        404,
        "ERR_NOT_FOUND",
      );
      const mine = await expectOk<Json>(
        await req("/api/flowbuilder", a.adminToken, "POST", { name: "Mine" }),
        201,
      );
      await expectError(
        await req("/api/flowcampaign", a.adminToken, "PUT", {
          id: bc.id,
          name: "x",
          flowId: mine.id,
          phrase: "oi",
        }),
        404,
        "ERR_NOT_FOUND",
      );
      // Another company's queue inside a ticket node.
      const bq = await createQueue(t, b.company.id, { name: "B queue" });
      await expectError(
        await req("/api/flowbuilder/flow", a.adminToken, "POST", {
          idFlow: mine.id,
          nodes: [node("s", "start"), node("t", "ticket", { id: bq.id, name: "B queue" })],
          connections: [edge("s", "t")],
        }),
        404,
        "ERR_NOT_FOUND",
      );
      assert.equal((await t.request(`/api/flowbuilder/${fid}`, { token: b.adminToken })).status, 200);
      await req(`/api/flowbuilder/${mine.id}`, a.adminToken, "DELETE");
    });

    let flowId = 0;
    await tt.step("list, create, rename, duplicate, delete", async () => {
      await expectError(
        await req("/api/flowbuilder", a.adminToken, "POST", { name: "x" }),
        400,
        "ERR_VALIDATION",
      );
      const f = await expectOk<Json>(
        await req("/api/flowbuilder", a.adminToken, "POST", { name: "Boas-vindas" }),
        201,
      );
      flowId = f.id as number;
      assert.equal(f.active, true);
      const renamed = await expectOk<Json>(
        await req("/api/flowbuilder", a.adminToken, "PUT", { flowId, name: "Boas vindas" }),
      );
      assert.equal(renamed.name, "Boas vindas");
      const copy = await expectOk<Json>(
        await req("/api/flowbuilder/duplicate", a.adminToken, "POST", { flowId }),
        201,
      );
      assert.equal(copy.name, "Boas vindas - copy");
      const list = await expectOk<{ flows: Json[]; hasMore: boolean }>(
        await req("/api/flowbuilder?searchParam=BOAS", a.adminToken),
      );
      assert.deepEqual(list.flows.map((x) => x.name), ["Boas vindas", "Boas vindas - copy"]);
      assert.equal(list.hasMore, false);
      assert.equal((await req(`/api/flowbuilder/${copy.id}`, a.adminToken, "DELETE")).status, 204);
      await expectError(await req(`/api/flowbuilder/${copy.id}`, a.adminToken), 404, "ERR_NOT_FOUND");
    });

    await tt.step("graph save: validation, then a round trip that loses nothing", async () => {
      const bad = [
        { nodes: [node("m", "message", { label: "oi" })], connections: [] }, // no start
        { nodes: [node("s", "start"), node("m", "message", { label: "" })], connections: [] },
        { nodes: [node("s", "start"), node("i", "interval", { sec: 121 })], connections: [] },
        {
          nodes: [
            node("s", "start"),
            node("r", "randomizer", { percent: 50 }),
            node("m", "message", { label: "a" }),
          ],
          connections: [edge("s", "r"), edge("r", "m", "a")], // exit b dangling
        },
        { nodes: [node("s", "start")], connections: [edge("s", "nope")] },
        { nodes: [node("s", "start"), node("x", "list", {})], connections: [] },
      ];
      for (const g of bad) {
        await expectError(
          await req("/api/flowbuilder/flow", a.adminToken, "POST", { idFlow: flowId, ...g }),
          400,
          "ERR_VALIDATION",
        );
      }
      const q = await createQueue(t, a.company.id, { name: "Vendas" });
      const graph = {
        nodes: [
          node("s", "start", {}, 0),
          node("m", "message", { label: "Olá {{firstName}}" }, 100),
          node("q", "question", { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } }, 200),
          node("menu", "menu", {
            message: "Escolha",
            arrayOption: [{ number: 1, value: "Vendas" }, { number: 2, value: "Sair" }],
          }, 300),
          node("t", "ticket", { id: q.id, name: "Vendas" }, 400),
          node("e", "message", { label: "Tchau {{nome}}" }, 400),
        ],
        connections: [
          edge("s", "m"),
          edge("m", "q"),
          edge("q", "menu"),
          edge("menu", "t", "a1"),
          edge("menu", "e", "a2"),
        ],
      };
      const saved = await expectOk<{ flow: Json }>(
        await req("/api/flowbuilder/flow", a.adminToken, "POST", { idFlow: flowId, ...graph }),
      );
      assert.deepEqual(saved.flow.variables, ["nome"]);
      const read = await expectOk<{ flow: { flow: Json } }>(
        await req(`/api/flowbuilder/flow/${flowId}`, a.adminToken),
      );
      assert.deepEqual(read.flow.flow, graph);
    });

    await tt.step(
      "403 ERR_PLAN_FEATURE: a Typebot or OpenAI node on a plan without the feature",
      async () => {
        const c = await createTenant(t, { plan: { useIntegrations: false, useOpenAi: false } });
        const f = await expectOk<Json>(
          await req("/api/flowbuilder", c.adminToken, "POST", { name: "Bot" }),
          201,
        );
        for (
          const [type, data] of [["typebot", { integrationId: 1 }], ["openai", { promptId: 1 }]] as const
        ) {
          await expectError(
            await req("/api/flowbuilder/flow", c.adminToken, "POST", {
              idFlow: f.id,
              nodes: [node("s", "start"), node("x", type, data)],
              connections: [edge("s", "x")],
            }),
            403,
            "ERR_PLAN_FEATURE",
          );
        }
      },
    );

    await tt.step("uploads: image, audio, content; wrong type 415, too big 413, no file 400", async () => {
      const send = (path: string, files: File[], token = a.adminToken) => {
        const fd = new FormData();
        for (const f of files) fd.append("medias", f);
        fd.append("fromMe", "true");
        return t.request(path, { method: "POST", token, body: fd });
      };
      const img = await expectOk<Json>(
        await send("/api/flowbuilder/img", [new File([PNG], "logo.png", { type: "image/png" })]),
      );
      assert.match(String(img.name), new RegExp(`^company${a.company.id}/flow/.+logo\\.png$`));
      const audio = await expectOk<Json>(
        await send("/api/flowbuilder/audio", [
          new File([new Uint8Array(10)], "a.mp3", { type: "audio/mpeg" }),
        ]),
      );
      assert.match(String(audio.name), /a\.mp3$/);
      const names = await expectOk<string[]>(
        await send("/api/flowbuilder/content", [
          new File([PNG], "x.png", { type: "image/png" }),
          new File([new Uint8Array(10)], "doc.pdf", { type: "application/pdf" }),
        ]),
      );
      assert.equal(names.length, 2);
      await expectError(
        await send("/api/flowbuilder/img", [new File(["x"], "x.gif", { type: "image/gif" })]),
        415,
        "ERR_UNSUPPORTED_MEDIA",
      );
      await expectError(
        await send("/api/flowbuilder/img", [
          new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }),
        ]),
        413,
        "ERR_PAYLOAD_TOO_LARGE",
      );
      await expectError(await send("/api/flowbuilder/img", []), 400, "ERR_VALIDATION");
      const url = await expectOk<Json>(
        await req(`/api/flowbuilder/media?path=${encodeURIComponent(String(img.name))}`, a.adminToken),
      );
      assert.equal((await t.request(String(url.url))).status, 200);
    });

    await tt.step("phrase campaigns: create, show, update, list, delete; validation", async () => {
      await expectError(
        await req("/api/flowcampaign", a.adminToken, "POST", { name: "", flowId, phrase: "promo" }),
        400,
        "ERR_VALIDATION",
      );
      const c = await expectOk<Json>(
        await req("/api/flowcampaign", a.adminToken, "POST", {
          name: "Promo",
          flowId,
          phrase: "promo",
          whatsappId: "",
        }),
        201,
      );
      assert.equal(c.status, true);
      assert.equal(c.whatsappId, null);
      const shown = await expectOk<{ details: Json }>(await req(`/api/flowcampaign/${c.id}`, a.adminToken));
      assert.equal(shown.details.phrase, "promo");
      const up = await expectOk<Json>(
        await req("/api/flowcampaign", a.adminToken, "PUT", {
          id: c.id,
          name: "Promo 2",
          flowId,
          phrase: "promo2",
          status: 0,
        }),
      );
      assert.equal(up.status, false);
      const list = await expectOk<Json[]>(await req("/api/flowcampaign", a.adminToken));
      assert.deepEqual(list.map((x) => x.name), ["Promo 2"]);
      assert.equal((await req(`/api/flowcampaign/${c.id}`, a.adminToken, "DELETE")).status, 204);
      assert.deepEqual(await expectOk<Json[]>(await req("/api/flowcampaign", a.adminToken)), []);
    });

    await tt.step("connections take flowIdWelcome / flowIdNotPhrase of the company only", async () => {
      const conn = await expectOk<Json>(
        await req("/api/whatsapp", a.adminToken, "POST", {
          name: "Site",
          channel: "api",
          webhookUrl: "http://127.0.0.1:9/x",
          flowIdWelcome: flowId,
        }),
        201,
      );
      assert.equal(conn.flowIdWelcome, flowId);
      await expectError(
        await req(`/api/whatsapp/${conn.id}`, a.adminToken, "PUT", { flowIdNotPhrase: foreign.id }),
        404,
        "ERR_NOT_FOUND",
      );
    });
  } finally {
    await t.close();
  }
});
