/**
 * How a backup keeps out of ingest's way (the timing itself is bench/backup.ts): while the copy
 * runs the main thread's writer runs no automatic checkpoint, and the copy is written back to the
 * disk in bounded steps as it grows (server/backups/copy_sync.ts), the whole of it by those syncs.
 */
import assert from "node:assert/strict";
import Database from "libsql";
import { runBackup } from "@/backups/backup.ts";
import { type CopySyncStats, syncWhileGrowing } from "@/backups/copy_sync.ts";
import { downloadArtifact } from "@/lib/artifacts.ts";
import { createLocalClient } from "@db/driver.ts";
import type { ResultSet } from "@libsql/client";
import { createTestApp } from "../_helpers/test_app.ts";

const MiB = 2 ** 20;

async function autocheckpoint(execute: (sql: string) => Promise<ResultSet>): Promise<number> {
  const { rows } = await execute("PRAGMA wal_autocheckpoint");
  return Number(rows[0][0]);
}

Deno.test("[backups] the writer runs no checkpoint while the copy runs; the copy is written back by its own syncs", async () => {
  const app = await createTestApp({ scheduler: false });
  try {
    const exec = (sql: string) => app.deps.database.client.execute(sql);
    // About 12 MiB, so the copy is several sync steps long.
    await exec("CREATE TABLE filler (b BLOB)");
    await exec(
      "INSERT INTO filler SELECT randomblob(4000) FROM " +
        "(WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3000) SELECT n FROM c)",
    );
    // A fresh app has written little: its checkpoints are still SQLite's own, on the writer.
    assert.equal(await autocheckpoint(exec), 1000);
    let during = -1;
    let copied: { syncs: CopySyncStats; checkpointed: boolean } | undefined;
    const made = await runBackup(app.deps, undefined, {
      copying: async () => during = await autocheckpoint(exec),
      copied: (r) => copied = r,
    });
    assert.equal(during, 0, "no automatic checkpoint on the main thread's writer during the copy");
    // The checkpoint Worker was started for it and keeps the checkpoints off the main thread.
    assert.equal(await autocheckpoint(exec), 0);
    assert.ok(copied, "the copy's syncs are reported");
    assert.ok(made.size > 12 * MiB, `size ${made.size}`);
    assert.equal(
      copied.syncs.steps.reduce((a, b) => a + b, 0),
      made.size,
      "every byte of the copy was written back by a sync before it was moved in",
    );
    assert.equal(typeof copied.checkpointed, "boolean");

    const local = `${app.dataDir}/check.db`;
    assert.ok(await downloadArtifact(app.deps.storage, "backups", made.name, local));
    const copy = new Database(local, { readonly: true });
    const [row] = copy.prepare("SELECT count(*) AS n FROM filler").all() as { n: number }[];
    copy.close();
    assert.equal(row.n, 3000);
  } finally {
    await app.close();
  }
});

Deno.test("[backups] with SQLite's own checkpoints, a hold turns the writer's off and the last release brings them back", async () => {
  const dir = await Deno.makeTempDir({ prefix: "atende-ckpt-" });
  const client = createLocalClient(`file:${dir}/x.db`, { checkpointEveryMs: 0 });
  try {
    const exec = (sql: string) => client.execute(sql);
    assert.equal(await autocheckpoint(exec), 1000);
    const first = client.holdWriterCheckpoints();
    const second = client.holdWriterCheckpoints();
    assert.equal(await autocheckpoint(exec), 0);
    first();
    first();
    assert.equal(await autocheckpoint(exec), 0, "still held by the second");
    second();
    assert.equal(await autocheckpoint(exec), 1000);
  } finally {
    client.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[backups] a growing file is synced once per step it grows, and what is left at the stop", async () => {
  const dir = await Deno.makeTempDir({ prefix: "atende-sync-" });
  const path = `${dir}/copy.db`;
  try {
    const sync = syncWhileGrowing(path, { stepBytes: 4 * MiB, everyMs: 0 });
    await sync.check(); // not created yet: nothing to do
    const file = await Deno.open(path, { write: true, create: true });
    const chunk = new Uint8Array(MiB).fill(7);
    for (let i = 0; i < 10; i++) {
      let off = 0;
      while (off < chunk.length) off += await file.write(chunk.subarray(off));
      await sync.check();
    }
    file.close();
    const stats = await sync.stop();
    assert.deepEqual(stats.steps, [4 * MiB, 4 * MiB, 2 * MiB]);
    assert.equal(stats.syncs, 3);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
