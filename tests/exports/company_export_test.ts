/**
 * A company's export: every row of every exported table and every media file of the company is in
 * the zip, nothing of another company is, and no secret is; the admin asks and downloads through
 * a signed link, the operator does it for any company; the routes' 401 / 403 / 404 set.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { campaigns, schedules, settings, tags, ticketNotes } from "@db/schema.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { DATASETS } from "@/exports/datasets.ts";
import { listArtifacts } from "@/lib/artifacts.ts";
import { runRetention } from "@/retention/run.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { operatorToken } from "../billing/_support.ts";
import { ManualClock } from "../_helpers/clock.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
const dec = new TextDecoder();

/** A company's world: conversations, a note, a tag, a schedule, a campaign, a sealed setting, media files. */
async function seed(t: TestApp, marker: string) {
  const tenant = await createTenant(t, { name: `Company ${marker}`, webhook: null });
  const companyId = tenant.company.id;
  const inbound = [];
  for (let i = 0; i < 3; i++) {
    inbound.push(
      await customerSays(t, tenant.conn, `55119${marker.charCodeAt(0)}000${i}`, `${marker} says, "hi" ${i}`),
    );
  }
  const [m] = inbound;
  const [ticket] = await t.deps.db.all<{ contact_id: number }>(
    sql`SELECT contact_id FROM tickets WHERE id = ${m.ticketId}`,
  );
  const files = [`media/photo-${marker}.jpg`, `uploads/deep/doc-${marker}.pdf`];
  for (const f of files) {
    await t.deps.storage.put(`media/company${companyId}/${f}`, `${marker} file ${f}`);
  }
  await t.deps.database.write(async (tx) => {
    await tx.insert(tags).values({ companyId, name: `${marker}-tag`, color: "#fff" });
    await tx.insert(ticketNotes).values({
      companyId,
      ticketId: m.ticketId,
      contactId: ticket.contact_id,
      userId: tenant.admin.user.id,
      note: `${marker} note`,
    });
    await tx.insert(schedules).values({
      companyId,
      body: `${marker} scheduled`,
      sendAt: "2030-01-01T00:00:00.000Z",
      contactId: ticket.contact_id,
    });
    await tx.insert(campaigns).values({ companyId, name: `${marker} campaign` });
    await tx.insert(settings).values({ companyId, key: "openAiKey", value: "enc:v1:sealed-secret" });
  });
  return { tenant, companyId, files };
}

Deno.test("[exports] a company's zip holds all of its rows and files, nothing of another, no secret", async (t) => {
  const clock = new ManualClock();
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await seed(app, "Alpha");
    const b = await seed(app, "Bravo");
    const op = await operatorToken(app);

    await t.step("401 / 403 / 404", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/company-exports"],
        ["POST", "/api/company-exports"],
        ["GET", `/api/companies/${a.companyId}/exports`],
        ["POST", `/api/companies/${a.companyId}/exports`],
      ]);
      const user = a.tenant.userToken;
      await expectError(await app.request("/api/company-exports", { token: user }), 403, "ERR_NO_PERMISSION");
      await expectError(
        await app.request("/api/company-exports", { method: "POST", token: user }),
        403,
        "ERR_NO_PERMISSION",
      );
      for (const token of [a.tenant.adminToken, user]) {
        await expectError(
          await app.request(`/api/companies/${b.companyId}/exports`, { method: "POST", token }),
          403,
          "ERR_NO_PERMISSION",
        );
      }
      await expectError(
        await app.request("/api/companies/999999/exports", { method: "POST", token: op }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    let zip: Record<string, Uint8Array> = {};
    await t.step(
      "the admin asks, the job builds it with progress, the signed link downloads it",
      async () => {
        const asked = await expectOk<Json>(
          await app.request("/api/company-exports", { method: "POST", token: a.tenant.adminToken }),
          202,
        );
        assert.equal(asked.status, "pending");
        assert.equal(asked.url, null);
        // Asking again while it is pending answers the same export.
        const again = await expectOk<Json>(
          await app.request("/api/company-exports", { method: "POST", token: a.tenant.adminToken }),
          202,
        );
        assert.equal(again.id, asked.id);
        await runDueJobs(app.deps);
        const { exports } = await expectOk<Json>(
          await app.request("/api/company-exports", { token: a.tenant.adminToken }),
        );
        const done = exports.find((e: Json) => e.id === asked.id);
        assert.equal(done.status, "done");
        assert.equal(done.done, done.total);
        assert.ok(done.total > 10);
        // Another company's admin does not see it; a link with a wrong signature is a 404.
        const other = await expectOk<Json>(
          await app.request("/api/company-exports", { token: b.tenant.adminToken }),
        );
        assert.deepEqual(other.exports, []);
        // (The first hex digit is changed to another one: replacing it with "0" was a no-op one time in 16.)
        const wrong = done.url.replace(/sig=(\w)/, (_: string, d: string) => `sig=${d === "0" ? "1" : "0"}`);
        await expectError(await app.request(wrong), 404, "ERR_NOT_FOUND");
        const res = await app.request(done.url);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("content-type"), "application/zip");
        zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
        // The link lapses after an hour.
        clock.advance(3601_000);
        await expectError(await app.request(done.url), 404, "ERR_NOT_FOUND");
      },
    );

    await t.step("every row of every table and every file of the company; nothing of the other", async () => {
      const manifest = JSON.parse(dec.decode(zip["manifest.json"]));
      assert.equal(manifest.company.id, a.companyId);
      for (const d of DATASETS) {
        const rows: Json[] = JSON.parse(dec.decode(zip[`data/${d.table}.json`]));
        const db = await app.deps.db.all<Json>(
          sql`SELECT * FROM ${sql.raw(d.table)} WHERE company_id = ${a.companyId} ORDER BY rowid`,
        );
        assert.equal(rows.length, db.length, `${d.table}: row count`);
        assert.ok(rows.every((r) => r.company_id === a.companyId), `${d.table}: only the company's rows`);
        if (db[0] && "id" in db[0]) {
          assert.deepEqual(rows.map((r) => r.id), db.map((r) => r.id), `${d.table}: every id`);
        }
        const csvLines = dec.decode(zip[`data/${d.table}.csv`]).split("\r\n").filter(Boolean);
        assert.ok(csvLines.length >= db.length + 1, `${d.table}: csv rows`);
      }
      assert.ok(JSON.parse(dec.decode(zip["data/messages.json"])).length >= 3);
      const media = Object.keys(zip).filter((n) => n.startsWith("media/")).sort();
      assert.deepEqual(media, a.files.map((f) => `media/${f}`).sort());
      for (const f of a.files) assert.equal(dec.decode(zip[`media/${f}`]), `Alpha file ${f}`);
      const everything = Object.values(zip).map((x) => dec.decode(x)).join("\n");
      assert.ok(everything.includes("Alpha says"), "the company's messages");
      assert.ok(!everything.includes("Bravo"), "nothing of the other company");
    });

    await t.step("no secrets: password hashes, connection tokens and sealed settings stay out", () => {
      const users: Json[] = JSON.parse(dec.decode(zip["data/users.json"]));
      assert.ok(users.length >= 2 && users.every((u) => !("password_hash" in u)));
      const conns: Json[] = JSON.parse(dec.decode(zip["data/whatsapps.json"]));
      assert.ok(conns.length === 1 && !("token" in conns[0]) && !("session" in conns[0]));
      const sets: Json[] = JSON.parse(dec.decode(zip["data/settings.json"]));
      assert.equal(sets.find((s) => s.key === "openAiKey").value, null);
      const everything = Object.values(zip).map((x) => dec.decode(x)).join("\n");
      assert.ok(!everything.includes("sealed-secret"));
      assert.ok(!everything.includes(a.tenant.conn.token));
    });

    await t.step("the operator exports any company; audited in that company's log", async () => {
      const op2 = await operatorToken(app);
      const asked = await expectOk<Json>(
        await app.request(`/api/companies/${b.companyId}/exports`, { method: "POST", token: op2 }),
        202,
      );
      assert.equal(asked.byOperator, true);
      await runDueJobs(app.deps);
      const list = await expectOk<Json>(
        await app.request(`/api/companies/${b.companyId}/exports`, { token: op2 }),
      );
      assert.equal(list.exports[0].status, "done");
      const bZip = unzipSync(new Uint8Array(await (await app.request(list.exports[0].url)).arrayBuffer()));
      const everything = Object.values(bZip).map((x) => dec.decode(x)).join("\n");
      assert.ok(everything.includes("Bravo says") && !everything.includes("Alpha"));
      const adminB = (await expectOk<Json>(
        await app.request("/api/auth/login", {
          method: "POST",
          json: { email: b.tenant.admin.email, password: b.tenant.admin.password },
        }),
      )).token;
      const log = await expectOk<Json>(
        await app.request("/api/audit-logs?action=export.company", { token: adminB }),
      );
      assert.equal(log.count, 1);
    });

    await t.step("a week later the retention job removes the zips; the rows stay, expired", async () => {
      const zips = async () => (await listArtifacts(app.deps.storage, "exports")).map((z) => z.name);
      assert.equal((await zips()).length, 2, "both zips are on the storage (a bucket under TEST_STORAGE=s3)");
      clock.advance(8 * 86_400_000);
      await runRetention(app.deps);
      assert.deepEqual(await zips(), []);
      const list = await expectOk<Json>(
        await app.request(`/api/companies/${b.companyId}/exports`, { token: await operatorToken(app) }),
      );
      assert.equal(list.exports[0].status, "expired");
      assert.equal(list.exports[0].url, null);
    });
  } finally {
    await app.close();
  }
});
