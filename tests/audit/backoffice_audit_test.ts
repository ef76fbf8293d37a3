/** The operator's changes to plans and companies are in the audit log. */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { operatorToken } from "../billing/_support.ts";
import { createTenant } from "../_helpers/tenant.ts";

type Log = {
  action: string;
  entityId: string | null;
  summary: string | null;
  diff: Record<string, unknown> | null;
};

Deno.test("[audit] plans and companies changed by the operator are audited", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const op = await operatorToken(t);
    const a = await createTenant(t);
    const logs = async (action: string, token = op) =>
      (await expectOk<{ logs: Log[] }>(await t.request(`/api/audit-logs?action=${action}`, { token }))).logs;

    const plan = await expectOk<Json & { id: number }>(
      await t.request("/api/plans", {
        method: "POST",
        token: op,
        json: { name: "Gold", users: 5, connections: 2, queues: 3, amount: "99.90", useCampaigns: true },
      }),
      201,
    );
    await expectOk(
      await t.request(`/api/plans/${plan.id}`, { method: "PUT", token: op, json: { users: 8 } }),
    );
    const created = (await logs("plan.create")).find((l) => l.entityId === String(plan.id));
    assert.equal(created?.summary, "Gold");
    const updated = (await logs("plan.update")).find((l) => l.entityId === String(plan.id));
    assert.deepEqual(updated?.diff?.users, [5, 8]);

    await expectOk(
      await t.request(`/api/companies/${a.company.id}`, {
        method: "PUT",
        token: op,
        json: { status: false },
      }),
    );
    const change = (await logs("company.update")).find((l) => l.entityId === String(a.company.id));
    assert.deepEqual(change?.diff?.status, [true, false]);
    // The tenant's admins see what the operator did to their company.
    await expectOk(
      await t.request(`/api/companies/${a.company.id}`, { method: "PUT", token: op, json: { status: true } }),
    );
    assert.ok((await logs("company.update", a.adminToken)).some((l) => l.entityId === String(a.company.id)));
  } finally {
    await t.close();
  }
});
