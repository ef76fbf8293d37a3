/** company-{id}-contact frames reach the company's sockets only, numbers masked under LGPD. */
import assert from "node:assert/strict";
import { startTestServer } from "../_helpers/test_app.ts";
import { createTenant, setCompanySetting } from "../_helpers/tenant.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";

Deno.test("[contacts] contact events reach the same company only", async (t) => {
  const srv = await startTestServer();
  const a = await createTenant(srv);
  const b = await createTenant(srv);
  const wsA = await connectWs(srv.wsUrl, a.userToken);
  const wsB = await connectWs(srv.wsUrl, b.userToken);
  try {
    const event = `company-${a.company.id}-contact`;
    let id = 0;

    await t.step("create → {action:create, contact} on A's socket, nothing on B's", async () => {
      const c = await expectOk<Json>(
        await srv.request("/api/contacts", {
          method: "POST",
          token: a.adminToken,
          json: { name: "Live", number: "5511955554444" },
        }),
        201,
      );
      id = c.id as number;
      const f = await wsA.next((f) => f.event === event && f.data?.action === "create");
      assert.equal((f.data!.contact as Json).id, id);
      assert.equal((f.data!.contact as Json).number, "5511955554444");
      await settle();
      assert.ok(!wsB.frames.some((f) => String(f.event ?? "").endsWith("-contact")));
    });

    await t.step("with lgpdHideNumber on, the broadcast payload carries the masked number", async () => {
      await setCompanySetting(srv, a.company.id, "lgpdHideNumber", "enabled");
      await expectOk(
        await srv.request(`/api/contacts/block/${id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { active: false },
        }),
      );
      const f = await wsA.next((f) => f.event === event && f.data?.action === "update");
      assert.equal((f.data!.contact as Json).number, "***********44");
      assert.equal((f.data!.contact as Json).active, false);
    });

    await t.step("delete → {action:delete, contactId}", async () => {
      const res = await srv.request(`/api/contacts/${id}`, { method: "DELETE", token: a.adminToken });
      assert.equal(res.status, 204);
      const f = await wsA.next((f) => f.event === event && f.data?.action === "delete");
      assert.equal(f.data!.contactId, id);
    });
  } finally {
    await wsA.close();
    await wsB.close();
    await srv.close();
  }
});
