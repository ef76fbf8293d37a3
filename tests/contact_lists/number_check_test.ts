/**
 * The number check of a contact list (isWhatsappValid) through a connected WhatsApp session — the
 * fake Baileys socket of tests/channels/whatsapp answers onWhatsApp — as a durable job: each
 * verdict as a ContactListItem update, progress frames, a retry after a dropped session; and a
 * company without a channel that can tell, whose items stay unchecked. Routes: 401, 404, 403.
 */
import assert from "node:assert/strict";
import { startTestServer, type TestServer } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { upload } from "../campaigns/_support.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { connectedWhatsapp } from "../campaigns/_whatsapp.ts";

const XLS = new URL("../spreadsheet/fixtures/contacts.xls", import.meta.url);
const xlsFile = () =>
  new File([Deno.readFileSync(XLS)], "contatos.xls", { type: "application/vnd.ms-excel" });

async function newList(srv: TestServer, token: string, name: string) {
  return await expectOk<Json>(
    await srv.request("/api/contact-lists", { method: "POST", token, json: { name } }),
    201,
  );
}

Deno.test("[contact_lists] number check on import through the WhatsApp connection", async (t) => {
  const srv = await startTestServer({ scheduler: false });
  try {
    const a = await createTenant(srv, { plan: { useWhatsapp: true } });
    const none = await createTenant(srv);
    const { sock } = await connectedWhatsapp(srv, a.company.id);
    sock.unknownNumbers.add("5511988000004").add("5511988000009");
    const list = await newList(srv, a.adminToken, "Importada");
    const path = `/api/contact-lists/${list.id}`;

    await t.step("401 on the new routes", async () => {
      await assertAllNeedAuth(srv, [["GET", `${path}/number-check`], ["POST", `${path}/number-check`]]);
    });

    await t.step("an .xls import queues the check; every item gets its verdict live", async () => {
      const ws = await connectWs(srv.wsUrl, a.adminToken);
      const report = await expectOk<Json>(await upload(srv, `${path}/upload`, a.adminToken, xlsFile()));
      assert.equal(report.created, 200);
      assert.equal(report.numberCheck, "queued");
      const before = await expectOk<Json>(await srv.request(`${path}/number-check`, { token: a.adminToken }));
      assert.deepEqual(before, {
        available: true,
        connectionName: "Celular",
        valid: 0,
        invalid: 0,
        unchecked: 200,
      });

      await runDueJobs(srv.deps);
      const done = await ws.next(
        (f) =>
          f.event === `company-${a.company.id}-ContactListItem` &&
          (f.data as Json).action === "numberCheck" &&
          (f.data as Json).done === true,
        20_000,
      );
      assert.deepEqual(
        { ...(done.data as Json) },
        { action: "numberCheck", contactListId: list.id, valid: 198, invalid: 2, unchecked: 0, done: true },
      );
      const updates = ws.frames.filter((f) =>
        f.event === `company-${a.company.id}-ContactListItem` && (f.data as Json).action === "update"
      );
      assert.equal(updates.length, 200, "one ContactListItem update per verdict");
      const bad = updates.map((f) => (f.data as Json).record as Json).filter((r) =>
        r.isWhatsappValid === false
      );
      assert.deepEqual(bad.map((r) => r.number).sort(), ["5511988000004", "5511988000009"]);
      assert.equal(new Set(sock.numberChecks).size, 200, "each number asked once");
      const status = await expectOk<Json>(await srv.request(`${path}/number-check`, { token: a.adminToken }));
      assert.deepEqual(status, {
        available: true,
        connectionName: "Celular",
        valid: 198,
        invalid: 2,
        unchecked: 0,
      });
      const items = await expectOk<Json>(
        await srv.request(`/api/contact-list-items?contactListId=${list.id}&searchParam=5511988000004`, {
          token: a.adminToken,
        }),
      );
      assert.equal((items.contacts as Json[])[0].isWhatsappValid, false);
      await ws.close();
    });

    await t.step("a session that drops mid-check: the job retries and finishes later", async () => {
      const l2 = await newList(srv, a.adminToken, "Segunda");
      sock.failChecks = true;
      const r = await expectOk<Json>(
        await upload(srv, `/api/contact-lists/${l2.id}/upload`, a.adminToken, xlsFile()),
      );
      assert.equal(r.numberCheck, "queued");
      await runDueJobs(srv.deps, 1);
      const mid = await expectOk<Json>(
        await srv.request(`/api/contact-lists/${l2.id}/number-check`, { token: a.adminToken }),
      );
      assert.equal(mid.unchecked, 200, "nothing recorded while the channel fails");
      sock.failChecks = false;
      // The retry is due after its backoff: the clock is moved instead of waiting for it.
      const realNow = srv.deps.clock.now;
      srv.deps.clock.now = () => new Date(Date.now() + 60_000);
      try {
        await runDueJobs(srv.deps);
      } finally {
        srv.deps.clock.now = realNow;
      }
      const after = await expectOk<Json>(
        await srv.request(`/api/contact-lists/${l2.id}/number-check`, { token: a.adminToken }),
      );
      assert.deepEqual([after.valid, after.invalid, after.unchecked], [198, 2, 0]);
    });

    await t.step("an item added by hand or given a new number is checked too; POST answers 202", async () => {
      const count = async () => {
        const s = await expectOk<Json>(await srv.request(`${path}/number-check`, { token: a.adminToken }));
        return [s.valid, s.invalid, s.unchecked];
      };
      const item = await expectOk<Json>(
        await srv.request("/api/contact-list-items", {
          method: "POST",
          token: a.adminToken,
          json: { contactListId: list.id, name: "Manual", number: "5511977770000" },
        }),
        201,
      );
      assert.equal(item.isWhatsappValid, null);
      assert.deepEqual(await count(), [198, 2, 1]);
      await runDueJobs(srv.deps);
      assert.deepEqual(await count(), [199, 2, 0]);
      sock.unknownNumbers.add("5511977770001");
      await expectOk<Json>(
        await srv.request(`/api/contact-list-items/${item.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { number: "5511977770001" },
        }),
      );
      assert.deepEqual(await count(), [198, 2, 1]);
      await runDueJobs(srv.deps);
      assert.deepEqual(await count(), [198, 3, 0]);
      const r = await expectOk<Json>(
        await srv.request(`${path}/number-check`, { method: "POST", token: a.adminToken }),
        202,
      );
      assert.deepEqual([r.available, r.unchecked], [true, 0]);
    });

    await t.step("no channel that can tell: items stay unchecked and the status says so", async () => {
      const l = await newList(srv, none.adminToken, "Sem canal");
      const r = await expectOk<Json>(
        await upload(srv, `/api/contact-lists/${l.id}/upload`, none.adminToken, xlsFile()),
      );
      assert.equal(r.numberCheck, "unavailable");
      await runDueJobs(srv.deps);
      const s = await expectOk<Json>(
        await srv.request(`/api/contact-lists/${l.id}/number-check`, { token: none.adminToken }),
      );
      assert.deepEqual(s, { available: false, connectionName: null, valid: 0, invalid: 0, unchecked: 200 });
      const p = await expectOk<Json>(
        await srv.request(`/api/contact-lists/${l.id}/number-check`, {
          method: "POST",
          token: none.adminToken,
        }),
        202,
      );
      assert.equal(p.available, false);
    });

    await t.step("another company's list 404; a user 403; a plan without campaigns 403", async () => {
      for (const method of ["GET", "POST"]) {
        await expectError(
          await srv.request(`${path}/number-check`, { method, token: none.adminToken }),
          404,
          "ERR_NOT_FOUND",
        );
        await expectError(
          await srv.request(`${path}/number-check`, { method, token: a.userToken }),
          403,
          "ERR_NO_PERMISSION",
        );
      }
      const noPlan = await createTenant(srv, { plan: { useCampaigns: false } });
      await expectError(
        await srv.request(`${path}/number-check`, { token: noPlan.adminToken }),
        403,
        "ERR_PLAN_FEATURE",
      );
    });
  } finally {
    await stopWhatsappSessions(srv.deps);
    await srv.close();
  }
});
