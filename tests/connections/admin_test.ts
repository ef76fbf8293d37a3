/**
 * GET /api/whatsapp/all (adminConnectionsRoutes): operator only, every company, no secrets.
 * Mounted in server/app.ts before /api/whatsapp (whose /:id would catch "all").
 */
import assert from "node:assert/strict";
import { whatsapps } from "@db/schema.ts";
import { createTestApp, OPERATOR, type TestApp } from "../_helpers/test_app.ts";
import { createCompany, login } from "../_helpers/factories.ts";

/** GET through the real app. */
function mount(t: TestApp) {
  return (path: string, token?: string) => t.request(path, { token });
}

async function addConnection(t: TestApp, companyId: number, name: string, status: string) {
  await t.deps.database.write((tx) =>
    tx.insert(whatsapps).values({
      companyId,
      name,
      status,
      channel: "api",
      webhookUrl: "https://hooks.example.com/in",
      token: `tok${crypto.randomUUID().replaceAll("-", "").slice(0, 27)}`,
      qrcode: "data:image/png;base64,AAAA",
      session: "secret-session",
    })
  );
}

Deno.test("[connections] GET /api/whatsapp/all: 401 without a session, 403 for a company admin", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const get = mount(t);
    const none = await get("/api/whatsapp/all?session=0");
    assert.equal(none.status, 401);
    assert.equal((await none.json()).error, "ERR_UNAUTHENTICATED");
    const { admin } = await createCompany(t);
    const { token } = await login(t, admin);
    const denied = await get("/api/whatsapp/all?session=0", token);
    assert.equal(denied.status, 403);
    assert.equal((await denied.json()).error, "ERR_NO_PERMISSION");
  } finally {
    await t.close();
  }
});

Deno.test("[connections] GET /api/whatsapp/all: the operator sees every company's connections without secrets", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const get = mount(t);
    const a = await createCompany(t, { name: "Acme Ltda" });
    const b = await createCompany(t, { name: "Bravo SA" });
    await addConnection(t, a.company.id, "Acme main", "CONNECTED");
    await addConnection(t, a.company.id, "Acme backup", "DISCONNECTED");
    await addConnection(t, b.company.id, "Bravo line", "qrcode");
    const { token } = await login(t, OPERATOR);
    const res = await get("/api/whatsapp/all/?session=0", token);
    assert.equal(res.status, 200);
    const rows = await res.json() as Record<string, unknown>[];
    const mine = rows.filter((r) => r.companyId === a.company.id || r.companyId === b.company.id);
    assert.deepEqual(
      mine.map((r) => [(r.company as { name: string }).name, r.name, r.status]),
      [["Acme Ltda", "Acme backup", "DISCONNECTED"], ["Acme Ltda", "Acme main", "CONNECTED"], [
        "Bravo SA",
        "Bravo line",
        "qrcode",
      ]],
    );
    for (const r of rows) {
      for (
        const secret of ["token", "session", "qrcode", "metaAccessToken", "webhookUrl", "metaPhoneNumberId"]
      ) {
        assert.ok(!(secret in r), `${secret} must not be listed`);
      }
    }
  } finally {
    await t.close();
  }
});
