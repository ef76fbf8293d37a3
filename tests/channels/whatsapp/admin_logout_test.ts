/** DELETE /api/whatsappsession/admin/:id (spec 2 §7): the operator disconnects any company's session. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { waAuth } from "@db/schema.ts";
import { createTestApp, OPERATOR } from "../../_helpers/test_app.ts";
import { login } from "../../_helpers/factories.ts";
import { useDbAuthState } from "@/channels/whatsapp/auth_state.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { connRow, expectStatus, runSessions, setupWa, waitFor } from "./_support.ts";

Deno.test("[whatsapp] admin logout: operator only, any company's connection", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { company, conn, token } = await setupWa(t);
    const { token: opToken } = await login(t, OPERATOR);
    const { fake } = await runSessions(t);
    const path = `/api/whatsappsession/admin/${conn.id}`;

    await tt.step("401 without a session; 403 for a company admin, even on its own connection", async () => {
      await expectStatus(await t.request(path, { method: "DELETE" }), 401, "ERR_UNAUTHENTICATED");
      await expectStatus(await t.request(path, { method: "DELETE", token }), 403, "ERR_NO_PERMISSION");
    });

    await tt.step("404 for a missing connection", async () => {
      await expectStatus(
        await t.request("/api/whatsappsession/admin/999999", { method: "DELETE", token: opToken }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
    });

    await tt.step("the operator logs another company's session out", async () => {
      await expectStatus(await t.request(`/api/whatsappsession/${conn.id}`, { method: "POST", token }), 200);
      const sock = fake.last();
      sock.linkAndOpen();
      await waitFor(async () => (await connRow(t, conn.id)).status === "CONNECTED", "CONNECTED");
      await (await useDbAuthState(t.deps.database, company.id, conn.id)).saveCreds();

      const b = await expectStatus(await t.request(path, { method: "DELETE", token: opToken }), 200);
      assert.equal(b.message, "Session disconnected.");
      assert.equal(sock.loggedOut, true);
      const row = await connRow(t, conn.id);
      assert.equal(row.status, "DISCONNECTED");
      assert.equal(row.companyId, company.id, "the connection stays with its company");
      assert.equal((await t.deps.db.select().from(waAuth).where(eq(waAuth.whatsappId, conn.id))).length, 0);
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});

Deno.test("[whatsapp] admin logout: in a process without sessions the auth is cleared directly", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { company, conn } = await setupWa(t, { status: "CONNECTED" });
    await (await useDbAuthState(t.deps.database, company.id, conn.id)).saveCreds();
    const { token: opToken } = await login(t, OPERATOR);
    await expectStatus(
      await t.request(`/api/whatsappsession/admin/${conn.id}`, { method: "DELETE", token: opToken }),
      200,
    );
    assert.equal((await connRow(t, conn.id)).status, "DISCONNECTED");
    assert.equal((await t.deps.db.select().from(waAuth).where(eq(waAuth.whatsappId, conn.id))).length, 0);
  } finally {
    await t.close();
  }
});
