/**
 * Backups: which ones the thinning keeps (hourly, then daily), and the operator's routes — 401
 * without a session, 403 for a company admin and for a profile user, a backup made and listed, kept
 * on the storage (a bucket under TEST_STORAGE=s3) and thinned there.
 */
import assert from "node:assert/strict";
import Database from "libsql";
import { backupName, backupsToKeep, backupTime, pruneBackups, runBackup } from "@/backups/backup.ts";
import { downloadArtifact, listArtifacts, storeArtifact } from "@/lib/artifacts.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
// deno-lint-ignore no-explicit-any
type Json = any;
import { operatorToken } from "../billing/_support.ts";
import { ManualClock } from "../_helpers/clock.ts";

Deno.test("[backups] names carry their time; thinning keeps one an hour for a day, one a day for a month", () => {
  const at = new Date("2026-11-27T22:05:09.123Z");
  assert.equal(backupName(at), "atende-20261127T220509Z.db");
  assert.equal(backupTime(backupName(at))?.toISOString(), "2026-11-27T22:05:09.000Z");
  const now = new Date("2026-11-27T22:30:00Z");
  const names: string[] = [];
  // Every 20 minutes for 40 days.
  for (let m = 0; m < 40 * 24 * 3; m++) names.push(backupName(new Date(now.getTime() - m * 20 * 60_000)));
  const keep = backupsToKeep(names, now, 24, 30);
  const kept = [...keep].map((n) => backupTime(n)!.getTime());
  const hoursAgo = (h: number) => now.getTime() - h * 3_600_000;
  assert.equal(kept.filter((t) => t > hoursAgo(24)).length, 25, "one per hour bucket of the last day");
  assert.ok(kept.every((t) => t > hoursAgo(31 * 24)), "nothing older than the daily window");
  assert.ok(keep.has(names[0]), "the newest always");
  assert.equal(kept.filter((t) => t <= hoursAgo(24)).length, 29, "one per older day of the month");
  assert.deepEqual([...backupsToKeep([names[900]], now, 0, 0)], [names[900]], "the only one stays");
});

const streamOf = (text: string) => new Blob([text]).stream();

Deno.test("[backups] operator routes", async (t) => {
  const clock = new ManualClock("2026-11-27T22:00:00Z");
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const op = await operatorToken(app);
    const a = await createTenant(app);
    await t.step("401 / 403", async () => {
      await assertAllNeedAuth(app, [["GET", "/api/backups"], ["POST", "/api/backups"]]);
      for (const token of [a.adminToken, a.userToken]) {
        await expectError(await app.request("/api/backups", { token }), 403, "ERR_NO_PERMISSION");
        await expectError(
          await app.request("/api/backups", { method: "POST", token }),
          403,
          "ERR_NO_PERMISSION",
        );
      }
    });
    await t.step("a backup is a sound copy, listed newest first", async () => {
      const made = await expectOk<Json>(
        await app.request("/api/backups", { method: "POST", token: op }),
        201,
      );
      assert.equal(made.name, "atende-20261127T220000Z.db");
      // On the storage (DATA_DIR/backups, or the bucket under TEST_STORAGE=s3), read back from there.
      const local = `${app.dataDir}/downloaded.db`;
      assert.ok(await downloadArtifact(app.deps.storage, "backups", made.name, local));
      const copy = new Database(local, { readonly: true });
      const [row] = copy.prepare("SELECT count(*) AS n FROM companies WHERE id = ?").all(a.company.id) as {
        n: number;
      }[];
      copy.close();
      assert.equal(row.n, 1);
      clock.advance(3_600_000);
      const op2 = await operatorToken(app); // the access token of an hour ago has expired
      await expectOk<Json>(await app.request("/api/backups", { method: "POST", token: op2 }), 201);
      const list = await expectOk<Json>(await app.request("/api/backups", { token: op2 }));
      assert.equal(list.enabled, true);
      assert.deepEqual(list.backups.map((b: Json) => b.name), [
        "atende-20261127T230000Z.db",
        "atende-20261127T220000Z.db",
      ]);
      const log = await expectOk<Json>(
        await app.request("/api/audit-logs?action=backup.create", { token: op2 }),
      );
      assert.equal(log.count, 2);
      assert.equal(list.backups[0].createdAt, "2026-11-27T23:00:00.000Z");
    });
    await t.step("thinning deletes from the storage what it no longer keeps", async () => {
      // Two backups an hour for two days before now, written straight to the storage.
      const now = clock.now();
      for (let h = 1; h <= 48; h++) {
        for (const m of [0, 30]) {
          const at = new Date(now.getTime() - h * 3_600_000 + m * 60_000);
          await storeArtifact(app.deps.storage, "backups", backupName(at), streamOf("x"));
        }
      }
      const removed = await pruneBackups(app.deps, now);
      const left = (await listArtifacts(app.deps.storage, "backups")).map((b) => b.name);
      // 97 names (22:00 was made above too); kept: the newest of each hour bucket younger than a day
      // (27T00…27T23 and 26T23:30), then of each older day (25T23:30).
      assert.equal(removed.length + left.length, 97);
      assert.ok(removed.every((n) => !left.includes(n)));
      assert.equal(left.length, 26, left.join(" "));
      assert.ok(left.includes("atende-20261125T233000Z.db"));
    });
  } finally {
    await app.close();
  }
});

Deno.test("[backups] made in a scratch folder on another file system, moved to the storage", async () => {
  // /dev/shm is a tmpfs here (the data folder is not): on disk the move is the paced copy.
  const scratch = await Deno.makeTempDir({ dir: "/dev/shm", prefix: "atende-scratch-" }).catch(() =>
    Deno.makeTempDir({ prefix: "atende-scratch-" })
  );
  const app = await createTestApp({ scheduler: false, env: { BACKUP_SCRATCH_DIR: scratch } });
  try {
    const made = await runBackup(app.deps);
    assert.deepEqual([...Deno.readDirSync(`${scratch}/backups`)], [], "nothing left in the scratch folder");
    const listed = await listArtifacts(app.deps.storage, "backups");
    assert.deepEqual(listed, [{ name: made.name, size: made.size }]);
    const local = `${app.dataDir}/check.db`;
    assert.ok(await downloadArtifact(app.deps.storage, "backups", made.name, local));
    const copy = new Database(local, { readonly: true });
    const [check] = copy.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
    copy.close();
    assert.equal(check.quick_check, "ok");
  } finally {
    await app.close();
    await Deno.remove(scratch, { recursive: true });
  }
});
