/**
 * Routes this feature adds: GET /queue/refs (the dialog's selectors), GET/PUT
 * /companies/{id}/schedules and POST/DELETE /whatsapp/{id}/media-upload — 401, cross-company 404,
 * 403 per restricted role, happy path; and the greeting media going out with the greeting.
 */
import assert from "node:assert/strict";
import { prompts, queueIntegrations } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays, outbound } from "../_helpers/inbox.ts";
import { expectError, expectOk, PNG } from "../_helpers/http.ts";

const HOURS = [{
  weekday: "Segunda-feira",
  weekdayEn: "monday",
  startTimeA: "09:00",
  endTimeA: "12:00",
  startTimeB: "",
  endTimeB: "",
}];

const upload = (t: Awaited<ReturnType<typeof createTestApp>>, token: string, id: number) => {
  const form = new FormData();
  form.append("file", new File([PNG], "hello.png", { type: "image/png" }));
  return t.request(`/api/whatsapp/${id}/media-upload`, { method: "POST", token, body: form });
};

Deno.test("[automation] 401 without a token", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/queue/refs"],
      ["GET", "/api/companies/1/schedules"],
      ["PUT", "/api/companies/1/schedules"],
      ["POST", "/api/whatsapp/1/media-upload"],
      ["DELETE", "/api/whatsapp/1/media-upload"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("[automation] queue refs: admins read the company's integrations, prompts and files", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const b = await createTenant(t, { webhook: null, user: false });
    await t.deps.database.write(async (tx) => {
      await tx.insert(queueIntegrations).values({ companyId: a.company.id, type: "typebot", name: "Bot A" });
      await tx.insert(queueIntegrations).values({ companyId: b.company.id, type: "n8n", name: "Bot B" });
      await tx.insert(prompts).values({ companyId: a.company.id, name: "Vendedor", prompt: "…" });
    });
    const refs = await expectOk<{ integrations: { name: string }[]; prompts: { name: string }[]; files: [] }>(
      await t.request("/api/queue/refs", { token: a.adminToken }),
    );
    assert.deepEqual(refs.integrations.map((x) => x.name), ["Bot A"]);
    assert.deepEqual(refs.prompts.map((x) => x.name), ["Vendedor"]);
    assert.deepEqual(refs.files, []);
    const user = await userOf(t, a.company.id);
    await expectError(await t.request("/api/queue/refs", { token: user.token }), 403, "ERR_NO_PERMISSION");
  } finally {
    await t.close();
  }
});

Deno.test("[automation] company schedules: own company only, admins write", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const b = await createTenant(t, { webhook: null, user: false });
    const put = (token: string, id: number, json: unknown) =>
      t.request(`/api/companies/${id}/schedules`, { method: "PUT", token, json });
    const saved = await expectOk<{ schedules: unknown[] }>(
      await put(a.adminToken, a.company.id, { schedules: HOURS }),
    );
    assert.deepEqual(saved.schedules, HOURS);
    const read = await expectOk<{ schedules: unknown[]; timezone: string }>(
      await t.request(`/api/companies/${a.company.id}/schedules`, { token: a.adminToken }),
    );
    assert.deepEqual(read.schedules, HOURS);
    assert.equal(read.timezone, "America/Sao_Paulo");
    await expectError(await put(a.adminToken, b.company.id, HOURS), 404, "ERR_NOT_FOUND");
    await expectError(
      await t.request(`/api/companies/${b.company.id}/schedules`, { token: a.adminToken }),
      404,
      "ERR_NOT_FOUND",
    );
    const user = await userOf(t, a.company.id);
    await expectError(await put(user.token, a.company.id, HOURS), 403, "ERR_NO_PERMISSION");
    await expectError(
      await put(a.adminToken, a.company.id, [{ ...HOURS[0], startTimeA: "25:00" }]),
      400,
      "ERR_VALIDATION",
    );
  } finally {
    await t.close();
  }
});

Deno.test("[automation] greeting media: upload, sent with the greeting, removed", async () => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, {
      webhook: null,
      user: false,
      queues: [{ name: "Único" }],
      conn: { greetingMessage: "Olá!" },
    });
    const b = await createTenant(t, { webhook: null, user: false });
    await expectError(await upload(t, a.adminToken, b.conn.id), 404, "ERR_NO_WAPP_FOUND");
    const denied = await userOf(t, a.company.id, { allowConnections: "disabled" });
    await expectError(await upload(t, denied.token, a.conn.id), 403, "ERR_NO_PERMISSION");
    const conn = await expectOk<{ greetingMediaAttachment: string }>(
      await upload(t, a.adminToken, a.conn.id),
    );
    assert.match(conn.greetingMediaAttachment, new RegExp(`^company${a.company.id}/greeting/${a.conn.id}/`));
    const { ticketId } = await customerSays(t, a.conn, "5511987650000", "oi");
    const sent = await outbound(t, ticketId);
    assert.deepEqual(sent.map((m) => [m.body, m.mediaType]), [["Olá!", "chat"], ["", "image"]]);
    const cleared = await expectOk<{ greetingMediaAttachment: string | null }>(
      await t.request(`/api/whatsapp/${a.conn.id}/media-upload`, { method: "DELETE", token: a.adminToken }),
    );
    assert.equal(cleared.greetingMediaAttachment, null);
    assert.equal(await t.deps.media.stat(conn.greetingMediaAttachment), null);
  } finally {
    await t.close();
  }
});

Deno.test("[automation] settings: a message cannot be emptied while its toggle asks for it", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const put = (key: string, value: string) =>
      t.request(`/api/settings/${key}`, { method: "PUT", token: a.adminToken, json: { value } });
    await expectOk(await put("sendMsgTransfTicket", "enabled"));
    await expectOk(await put("transferMessage", "Transferido para {{queue}}"));
    await expectError(await put("transferMessage", "  "), 400, "ERR_VALIDATION");
    await expectOk(await put("sendMsgTransfTicket", "disabled"));
    await expectOk(await put("transferMessage", ""));
    await expectOk(await put("acceptCallWhatsapp", "disabled"));
    await expectError(await put("AcceptCallWhatsappMessage", ""), 400, "ERR_VALIDATION");
  } finally {
    await t.close();
  }
});
