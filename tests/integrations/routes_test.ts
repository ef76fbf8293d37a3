/**
 * /api/prompt and /api/queueIntegration (spec 2 §7): 401 without a session, 403 for profile
 * users and for plans without useOpenAi / useIntegrations, another company's id 404, the happy
 * paths (secrets sealed at rest and shown masked), testSession against a local Dialogflow, and
 * the selectors of queues and connections accepting them.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { prompts, queueIntegrations } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { serviceAccountJson, startProviders } from "./_providers.ts";

const call = (t: TestApp, token: string, method: string, path: string, json?: unknown) =>
  t.request(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });

Deno.test("[integrations] every route needs a session", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/prompt"],
      ["GET", "/api/prompt/1"],
      ["POST", "/api/prompt"],
      ["PUT", "/api/prompt/1"],
      ["DELETE", "/api/prompt/1"],
      ["GET", "/api/queueIntegration"],
      ["GET", "/api/queueIntegration/1"],
      ["POST", "/api/queueIntegration"],
      ["PUT", "/api/queueIntegration/1"],
      ["DELETE", "/api/queueIntegration/1"],
      ["POST", "/api/queueIntegration/testSession"],
      ["GET", "/api/messages/transcribeAudio/a.ogg"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("[integrations] prompts: admin CRUD, key sealed and masked; user 403; plan 403; other company 404", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const b = await createTenant(t, { webhook: null, user: false });
    const noAi = await createTenant(t, { webhook: null, user: false, plan: { useOpenAi: false } });
    const user = await userOf(t, a.company.id, { profile: "user" });
    const input = {
      name: "Atendente IA",
      prompt: "Você é a assistente da loja.",
      apiKey: "sk-secret-12345678",
      queueId: a.queues[0].id,
    };
    await expectError(await call(t, user.token, "POST", "/prompt", input), 403, "ERR_NO_PERMISSION");
    await expectError(await call(t, user.token, "GET", "/prompt"), 403, "ERR_NO_PERMISSION");
    await expectError(await call(t, noAi.adminToken, "GET", "/prompt"), 403, "ERR_PLAN_FEATURE");
    await expectError(
      await call(t, a.adminToken, "POST", "/prompt", { name: "", prompt: "" }),
      400,
      "ERR_VALIDATION",
    );
    // A queue of another company is refused like a missing one.
    await expectError(
      await call(t, a.adminToken, "POST", "/prompt", { ...input, queueId: b.queues[0]?.id ?? 999_999 }),
      404,
      "ERR_NOT_FOUND",
    );
    const created = await expectOk<Json & { id: number; apiKey: string; queue: { name: string } }>(
      await call(t, a.adminToken, "POST", "/prompt", input),
      201,
    );
    assert.equal(created.apiKey, "••••5678");
    assert.equal(created.queue.name, "Vendas");
    assert.equal(created.maxTokens, 100);
    assert.equal(created.temperature, 1);
    assert.equal(created.maxMessages, 10);
    const [row] = await t.deps.db.select().from(prompts).where(eq(prompts.id, created.id));
    assert.ok(row.apiKey?.startsWith("enc:v1:"), "sealed at rest");
    assert.equal(await t.deps.secrets.open(row.apiKey!), "sk-secret-12345678");

    // Multipart (the spec's client) with the masked key echoed back keeps the key.
    const form = new FormData();
    form.append("name", "Atendente IA 2");
    form.append("prompt", "Seja breve.");
    form.append("apiKey", created.apiKey);
    form.append("maxTokens", "200");
    form.append("temperature", "0.5");
    form.append("queueId", "");
    const updated = await expectOk<Json>(
      await t.request(`/api/prompt/${created.id}`, { method: "PUT", token: a.adminToken, body: form }),
    );
    assert.equal(updated.maxTokens, 200);
    assert.equal(updated.queueId, null);
    const [row2] = await t.deps.db.select().from(prompts).where(eq(prompts.id, created.id));
    assert.equal(await t.deps.secrets.open(row2.apiKey!), "sk-secret-12345678");

    // The attached file (spec 2 §5): jpeg, png, pdf, xls, xlsx or txt.
    const bad = new FormData();
    bad.append("name", "Atendente IA 2");
    bad.append("file", new File(["MZ"], "tool.exe", { type: "application/octet-stream" }));
    const refused = await expectError(
      await t.request(`/api/prompt/${created.id}`, { method: "PUT", token: a.adminToken, body: bad }),
      400,
      "ERR_VALIDATION",
    );
    assert.equal(refused.message, "Formato de archivo no válido. Use: JPG, PNG, PDF, Excel o TXT");
    const good = new FormData();
    good.append("file", new File(["Horário: 9h às 18h"], "faq.txt", { type: "text/plain" }));
    const withFile = await expectOk<Json>(
      await t.request(`/api/prompt/${created.id}`, { method: "PUT", token: a.adminToken, body: good }),
    );
    assert.match(String(withFile.fileNameIA), /faq\.txt$/);
    assert.ok(String(withFile.fileUrl).startsWith("/api/media/"));

    const list = await expectOk<{ prompts: Json[] }>(await call(t, a.adminToken, "GET", "/prompt"));
    assert.deepEqual(list.prompts.map((p) => p.name), ["Atendente IA 2"]);
    assert.equal(
      (await expectOk<{ prompts: Json[] }>(await call(t, b.adminToken, "GET", "/prompt"))).prompts.length,
      0,
    );
    await expectError(await call(t, b.adminToken, "GET", `/prompt/${created.id}`), 404, "ERR_NOT_FOUND");
    await expectError(
      await call(t, b.adminToken, "PUT", `/prompt/${created.id}`, { name: "x" }),
      404,
      "ERR_NOT_FOUND",
    );
    await expectError(await call(t, b.adminToken, "DELETE", `/prompt/${created.id}`), 404, "ERR_NOT_FOUND");
    await expectError(await call(t, user.token, "DELETE", `/prompt/${created.id}`), 403, "ERR_NO_PERMISSION");

    // The connection's prompt selector takes it; another company's connection cannot.
    await expectOk(await call(t, a.adminToken, "PUT", `/whatsapp/${a.conn.id}`, { promptId: created.id }));
    await expectError(
      await call(t, b.adminToken, "PUT", `/whatsapp/${b.conn.id}`, { promptId: created.id }),
      404,
      "ERR_NOT_FOUND",
    );
    await expectOk(await call(t, a.adminToken, "DELETE", `/prompt/${created.id}`));
    await expectError(await call(t, a.adminToken, "GET", `/prompt/${created.id}`), 404, "ERR_NOT_FOUND");
  } finally {
    await t.close();
  }
});

Deno.test("[integrations] queue integrations: CRUD per type, search, user 403, plan 403, other company 404, testSession", async () => {
  const p = startProviders();
  const t = await createTestApp({
    scheduler: false,
    env: { DIALOGFLOW_API_URL: p.url, GOOGLE_TOKEN_URL: `${p.url}/token` },
  });
  try {
    const a = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const b = await createTenant(t, { webhook: null, user: false });
    const noInt = await createTenant(t, { webhook: null, user: false, plan: { useIntegrations: false } });
    const user = await userOf(t, a.company.id, { profile: "user" });
    const typebot = { type: "typebot", name: "Qualificação", urlN8N: p.url, typebotSlug: "vendas" };
    await expectError(
      await call(t, user.token, "POST", "/queueIntegration", typebot),
      403,
      "ERR_NO_PERMISSION",
    );
    await expectError(await call(t, noInt.adminToken, "GET", "/queueIntegration"), 403, "ERR_PLAN_FEATURE");
    const short = await expectError(
      await call(t, a.adminToken, "POST", "/queueIntegration", { ...typebot, name: "Q" }),
      400,
      "ERR_VALIDATION",
    );
    assert.match(JSON.stringify(short.details), /Muy corto!/);
    const tb = await expectOk<Json & { id: number }>(
      await call(t, a.adminToken, "POST", "/queueIntegration", typebot),
      201,
    );
    assert.equal(tb.projectName, "Qualificação", "projectName is the name for typebot");
    assert.equal(tb.typebotDelayMessage, 1000);
    assert.equal(tb.typebotExpires, 1);
    const sa = await serviceAccountJson();
    const df = await expectOk<Json & { id: number; jsonContent: string }>(
      await call(t, a.adminToken, "POST", "/queueIntegration", {
        type: "dialogflow",
        name: "Agente",
        projectName: "atende-test",
        jsonContent: sa,
        language: "pt-BR",
      }),
      201,
    );
    assert.ok(df.jsonContent.startsWith("••••") && !df.jsonContent.includes("PRIVATE"));
    const [row] = await t.deps.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, df.id));
    assert.ok(row.jsonContent?.startsWith("enc:v1:"));
    const n8n = await expectOk<Json & { id: number }>(
      await call(t, a.adminToken, "POST", "/queueIntegration", {
        type: "n8n",
        name: "Fluxo n8n",
        urlN8N: `${p.url}/n8n`,
      }),
      201,
    );
    const found = await expectOk<{ queueIntegrations: Json[]; count: number; hasMore: boolean }>(
      await call(t, a.adminToken, "GET", "/queueIntegration?searchParam=n8n"),
    );
    assert.deepEqual(found.queueIntegrations.map((i) => i.id), [n8n.id]);
    const upd = await expectOk<Json>(
      await call(t, a.adminToken, "PUT", `/queueIntegration/${tb.id}`, {
        name: "Qualificação 2",
        typebotDelayMessage: 0,
      }),
    );
    assert.equal(upd.projectName, "Qualificação 2");
    assert.equal(upd.typebotDelayMessage, 0);
    for (const [m, path] of [["GET", ""], ["PUT", ""], ["DELETE", ""]] as const) {
      await expectError(
        await call(
          t,
          b.adminToken,
          m,
          `/queueIntegration/${tb.id}${path}`,
          m === "PUT" ? { name: "xx" } : undefined,
        ),
        404,
        "ERR_NOT_FOUND",
      );
    }
    await expectError(
      await call(t, user.token, "DELETE", `/queueIntegration/${tb.id}`),
      403,
      "ERR_NO_PERMISSION",
    );

    // testSession: one detectIntent against the (local) Dialogflow with these credentials.
    const ok = await expectOk<Json>(
      await call(t, a.adminToken, "POST", "/queueIntegration/testSession", {
        projectName: "atende-test",
        jsonContent: sa,
        language: "pt-BR",
      }),
    );
    assert.equal(ok.message, "Dialogflow ouviu: Olá");
    await expectError(
      await call(t, a.adminToken, "POST", "/queueIntegration/testSession", {
        projectName: "x",
        jsonContent: "{}",
      }),
      400,
      "ERR_VALIDATION",
    );
    await expectError(
      await call(t, user.token, "POST", "/queueIntegration/testSession", {
        projectName: "x",
        jsonContent: sa,
      }),
      403,
      "ERR_NO_PERMISSION",
    );

    // Queue and chatbot selectors take the company's integration; not another company's.
    await expectOk(await call(t, a.adminToken, "PUT", `/queue/${a.queues[0].id}`, { integrationId: tb.id }));
    await expectError(
      await call(t, b.adminToken, "PUT", `/whatsapp/${b.conn.id}`, { integrationId: tb.id }),
      404,
      "ERR_NOT_FOUND",
    );
    await expectOk(await call(t, a.adminToken, "DELETE", `/queueIntegration/${n8n.id}`));
  } finally {
    await t.close();
    await p.close();
  }
});
