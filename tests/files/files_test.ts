/**
 * File lists: /api/files routes (401, admin only, other company 404), uploads of several files, and a
 * list attached to a chatbot option sent to a customer through sendFileList (the runtime's entry point).
 */
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays, hookFor } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { sendFileList } from "@/files/service.ts";

type Option = { id: number; name: string; path: string; mediaType: string | null; url: string | null };
type FileList = Json & { id: number; name: string; message: string; options: Option[] };

const call = (t: TestApp, token: string, method: string, path: string, json?: unknown) =>
  t.request(`/api/files${path}`, { method, token, ...(json === undefined ? {} : { json }) });

function uploadForm(files: { name: string; type: string; body: string }[], ids: string[] = []) {
  const f = new FormData();
  f.append("typeArch", "fileList");
  files.forEach((x, i) => {
    f.append("files", new File([x.body], x.name, { type: x.type }));
    f.append("id", ids[i] ?? "");
    f.append("name", "");
  });
  return f;
}

Deno.test("[files] every route needs a session", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/files"],
      ["GET", "/api/files/list"],
      ["GET", "/api/files/1"],
      ["POST", "/api/files"],
      ["PUT", "/api/files/1"],
      ["DELETE", "/api/files/1"],
      ["POST", "/api/files/uploadList/1"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("[files] admins manage lists with several files; users 403; other company 404", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(t, { webhook: null, user: false }),
      b = await createTenant(t, { webhook: null, user: false });
    const user = await userOf(t, a.company.id, { profile: "user" });
    await expectError(
      await call(t, a.adminToken, "POST", "", { name: "ab", message: "x" }),
      400,
      "ERR_VALIDATION",
    );
    await expectError(
      await call(t, user.token, "POST", "", { name: "Prices", message: "x" }),
      403,
      "ERR_NO_PERMISSION",
    );
    const list = await expectOk<FileList>(
      await call(t, a.adminToken, "POST", "", { name: "Price list", message: "Here are our prices" }),
      201,
    );
    const up = await expectOk<FileList>(
      await t.request(`/api/files/uploadList/${list.id}`, {
        method: "POST",
        token: a.adminToken,
        body: uploadForm([
          { name: "prices.pdf", type: "application/pdf", body: "%PDF-1.4 prices" },
          { name: "menu.txt", type: "text/plain", body: "menu" },
        ]),
      }),
    );
    assert.deepEqual(up.options.map((o) => o.name), ["prices.pdf", "menu.txt"]);
    assert.ok(up.options.every((o) => o.url && o.path.startsWith(`company${a.company.id}/`)));
    assert.equal((await t.request(up.options[0].url!)).status, 200);

    // Rename one option, drop the other.
    const edited = await expectOk<FileList>(
      await call(t, a.adminToken, "PUT", `/${list.id}`, {
        message: "Updated prices",
        options: [{ id: up.options[0].id, name: "Prices 2026" }],
      }),
    );
    assert.deepEqual(edited.options.map((o) => o.name), ["Prices 2026"]);
    assert.equal(edited.message, "Updated prices");

    const paged = await expectOk<{ files: FileList[]; hasMore: boolean }>(
      await call(t, a.adminToken, "GET", "?searchParam=price"),
    );
    assert.equal(paged.files.length, 1);
    assert.deepEqual(await expectOk(await call(t, a.adminToken, "GET", "/list")), [{
      id: list.id,
      name: "Price list",
    }]);

    await expectError(await call(t, user.token, "GET", ""), 403, "ERR_NO_PERMISSION");
    await expectError(await call(t, user.token, "DELETE", `/${list.id}`), 403, "ERR_NO_PERMISSION");
    for (
      const [m, p, body] of [
        ["GET", `/${list.id}`, undefined],
        ["PUT", `/${list.id}`, { name: "Mine!" }],
        ["DELETE", `/${list.id}`, undefined],
      ] as const
    ) {
      await expectError(await call(t, b.adminToken, m, p, body), 404, "ERR_NOT_FOUND");
    }
    await expectError(
      await t.request(`/api/files/uploadList/${list.id}`, {
        method: "POST",
        token: b.adminToken,
        body: uploadForm([{ name: "x.txt", type: "text/plain", body: "x" }]),
      }),
      404,
      "ERR_NOT_FOUND",
    );
    // Another list's option id cannot be written through this list.
    const other = await expectOk<FileList>(
      await call(t, a.adminToken, "POST", "", { name: "Other", message: "o", options: [{ name: "slot" }] }),
      201,
    );
    await expectError(
      await t.request(`/api/files/uploadList/${list.id}`, {
        method: "POST",
        token: a.adminToken,
        body: uploadForm([{ name: "x.txt", type: "text/plain", body: "x" }], [String(other.options[0].id)]),
      }),
      404,
      "ERR_NOT_FOUND",
    );
    assert.equal((await call(t, a.adminToken, "DELETE", `/${list.id}`)).status, 204);
    await expectError(await call(t, a.adminToken, "GET", `/${list.id}`), 404, "ERR_NOT_FOUND");
  } finally {
    await t.close();
  }
});

Deno.test("[files] a file list attached to a chatbot option is sent to the customer", async () => {
  const sink = startWebhookSink();
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: sink, user: false, queues: [{ name: "Vendas" }] });
    const list = await expectOk<FileList>(
      await call(t, a.adminToken, "POST", "", { name: "Catalogue", message: "Our catalogue:" }),
      201,
    );
    await expectOk(
      await t.request(`/api/files/uploadList/${list.id}`, {
        method: "POST",
        token: a.adminToken,
        body: uploadForm([
          { name: "catalogue.pdf", type: "application/pdf", body: "%PDF-1.4 catalogue" },
          { name: "prices.txt", type: "text/plain", body: "prices" },
        ]),
      }),
    );
    // The chatbot option that points at it (configuration validated by the queues feature).
    await expectOk(
      await t.request(`/api/queue/${a.queues[0].id}`, {
        method: "PUT",
        token: a.adminToken,
        json: { chatbots: [{ name: "Catalogue", queueType: "file", optFileId: list.id }] },
      }),
    );
    const { ticketId } = await customerSays(t, a.conn, "5511977770001", "oi");
    // What the chatbot runtime does when the option is chosen.
    const sent = await sendFileList(t.deps, a.company.id, ticketId, list.id);
    assert.deepEqual(sent.map((m) => m.body), ["Our catalogue:", "catalogue.pdf", "prices.txt"]);
    await hookFor(sink, "5511977770001", (b) => b === "Our catalogue:");
    const pdf = await hookFor(sink, "5511977770001", (b) => b === "catalogue.pdf");
    const media = pdf.json.media as { url: string; mimetype: string };
    assert.equal(media.mimetype, "application/pdf");
    const file = await t.request(new URL(media.url).pathname + new URL(media.url).search);
    assert.equal(await file.text(), "%PDF-1.4 catalogue");
    await hookFor(sink, "5511977770001", (b) => b === "prices.txt");
  } finally {
    await t.close();
    await sink.close();
  }
});
