/**
 * A backup taken while messages pour in restores to a database that has every message committed
 * before the backup began, and the server starts on it. The server is a real process (killed with
 * -9 after the backup, mid-load), the restore is server/tools/restore.ts as an operator runs it; under
 * TEST_STORAGE=s3 the backup is kept in a bucket and the tool downloads it from there.
 */
import assert from "node:assert/strict";
import Database from "libsql";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { call, type Instance, spawnInstance } from "../fleet/_fleet.ts";
import { startS3 } from "../_helpers/s3.ts";

const WRITERS = 6;

function messageWids(dbPath: string, companyId: number): Set<string> {
  const db = new Database(dbPath, { readonly: true });
  const rows = db.prepare("SELECT wid FROM messages WHERE company_id = ? AND wid IS NOT NULL").all(
    companyId,
  ) as {
    wid: string;
  }[];
  db.close();
  return new Set(rows.map((r) => r.wid));
}

async function restore(env: Record<string, string>, ...args: string[]): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../server/tools/restore.ts", import.meta.url).pathname, ...args],
    env: { ...env, APP_SECRET: "test-secret-test-secret-test-secret", NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, text);
  return text;
}

Deno.test("backup under write load, kill -9, restore: every message committed before the backup is back", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-backup-" });
  const t = await createTestApp({ dataDir, scheduler: false });
  const { company, conn } = await createTenant(t, { user: false, webhook: null });
  await t.close();
  const procs: Instance[] = [];
  // Under TEST_STORAGE=s3 the backups go to a bucket, and the restore tool downloads from it.
  const s3 = Deno.env.get("TEST_STORAGE") === "s3" ? await startS3() : null;
  const env = { DATA_DIR: dataDir, ...(s3 ? { STORAGE_URL: await s3.bucket() } : {}) };
  try {
    const inst = await spawnInstance({ ...env, LEASE_TTL_MS: "1500" });
    procs.push(inst);
    const op = await call(inst.url, "/api/auth/login", { json: OPERATOR });
    assert.equal(op.status, 200);

    const acked: string[] = [];
    let stop = false;
    let n = 0;
    // Resolved by the writers once that many messages are acknowledged (no timers).
    const waiting: { count: number; done: () => void }[] = [];
    const reached = (count: number) =>
      acked.length >= count ? Promise.resolve() : new Promise<void>((done) => waiting.push({ count, done }));
    const writer = async (w: number) => {
      while (!stop) {
        const externalId = `load-${w}-${++n}`;
        const r = await call(inst.url, "/api/channels/api/messages", {
          token: conn.token,
          json: { externalId, from: { number: `55119${String(w).padStart(8, "0")}` }, body: `message ${n}` },
        }).catch(() => null);
        if (r?.status === 200 || r?.status === 201) acked.push(externalId);
        for (const x of waiting.filter((x) => acked.length >= x.count)) x.done();
      }
    };
    const load = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await reached(150);

    // Everything acknowledged before the backup is asked for must be in it.
    const beforeBackup = [...acked];
    const backup = await call(inst.url, "/api/backups", { method: "POST", token: op.body.token });
    assert.equal(backup.status, 201, JSON.stringify(backup.body));
    const duringBackup = acked.length - beforeBackup.length;
    await reached(acked.length + 100);
    const beforeKill = [...acked];
    await inst.kill();
    stop = true;
    await Promise.all(load);

    // kill -9 lost nothing that was acknowledged.
    const live = messageWids(`${dataDir}/atende.db`, company.id);
    assert.deepEqual(beforeKill.filter((id) => !live.has(id)), []);

    const listed = await restore(env, "--list");
    assert.match(listed, new RegExp(backup.body.name));
    if (s3) assert.deepEqual([...Deno.readDirSync(`${dataDir}/backups`)].map((e) => e.name), []);
    const said = await restore(env, backup.body.name, "--force");
    assert.match(said, new RegExp(`downloading ${backup.body.name} from the ${s3 ? "s3" : "disk"} storage`));
    const restored = messageWids(`${dataDir}/atende.db`, company.id);
    assert.deepEqual(beforeBackup.filter((id) => !restored.has(id)), [], "committed before the backup");
    assert.ok(restored.size < live.size, "the restored database is the backup, not the live one");
    console.log(
      `backup ${backup.body.name} (${backup.body.size} bytes, ${backup.body.ms} ms): ` +
        `${beforeBackup.length} before, ${duringBackup} acknowledged while it ran, ${restored.size} restored`,
    );

    // The server starts on it and serves.
    const again = await spawnInstance({ ...env, LEASE_TTL_MS: "1500" });
    procs.push(again);
    const health = await call(again.url, "/api/health");
    assert.equal(health.status, 200);
    assert.equal(health.body.status, "ok");
    const after = await call(again.url, "/api/channels/api/messages", {
      token: conn.token,
      json: { externalId: "after-restore", from: { number: "5511900000099" }, body: "hello again" },
    });
    assert.ok(after.status === 200 || after.status === 201, JSON.stringify(after.body));
  } finally {
    for (const p of procs) await p.kill();
    await s3?.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
