/**
 * The local driver (db/driver.ts) against a real database file: result shapes Drizzle relies on,
 * statement reuse that still sees new commits, the writer's FIFO, per-connection pragmas, error
 * codes, that cached statements never pin the WAL, and the checkpoint worker.
 */
import assert from "node:assert/strict";
import { LibsqlError } from "@libsql/client";
import { createLocalClient } from "@db/driver.ts";
import { Connection } from "@db/connection.ts";

async function withClient(fn: (c: ReturnType<typeof createLocalClient>) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "atende-driver-" });
  const c = createLocalClient(`file:${dir}/t.db`);
  try {
    await c.execute("create table t (id integer primary key, name text unique, data blob, flag integer)");
    await fn(c);
  } finally {
    c.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("rows are positional and named, duplicate names keep the first; blobs and booleans convert", () =>
  withClient(async (c) => {
    await c.execute({
      sql: "insert into t (name, data, flag) values (?, ?, ?)",
      args: ["a", new Uint8Array([1, 2, 3]).buffer, true],
    });
    const rs = await c.execute("select t.id, t.name, x.name, t.data, t.flag from t join t x on x.id = t.id");
    assert.deepEqual(rs.columns, ["id", "name", "name", "data", "flag"]);
    const [row] = rs.rows;
    assert.equal(row.length, 5);
    assert.deepEqual(Array.prototype.slice.call(row).slice(0, 3), [1, "a", "a"]);
    assert.deepEqual(Object.keys(row), ["id", "name", "data", "flag"]);
    assert.deepEqual([...new Uint8Array(row.data as ArrayBuffer)], [1, 2, 3]);
    assert.equal(row.flag, 1);
    const ins = await c.execute({ sql: "insert into t (name) values (:n)", args: { n: "b" } });
    assert.equal(ins.rowsAffected, 1);
    assert.equal(ins.lastInsertRowid, 2n);
    const ret = await c.execute({ sql: "insert into t (name) values (?) returning id, name", args: ["c"] });
    assert.deepEqual({ ...ret.rows[0] }, { id: 3, name: "c" });
  }));

Deno.test("a reused read statement sees every later commit; cached reads do not pin the WAL", () =>
  withClient(async (c) => {
    const count = async () => (await c.execute("select count(*) n from t")).rows[0].n;
    assert.equal(await count(), 0);
    for (let i = 1; i <= 3; i++) {
      const tx = await c.transaction("write");
      await tx.execute({ sql: "insert into t (name) values (?)", args: [`n${i}`] });
      await tx.commit();
      assert.equal(await count(), i);
    }
    const [cp] = (await c.execute("pragma wal_checkpoint(TRUNCATE)")).rows;
    assert.equal(cp[0], 0, "checkpoint not blocked");
    assert.equal(await count(), 3);
  }));

Deno.test("both connections run with synchronous=NORMAL and the WAL", () =>
  withClient(async (c) => {
    assert.equal((await c.execute("select * from pragma_synchronous")).rows[0][0], 1); // reader
    assert.equal((await c.execute("pragma synchronous")).rows[0][0], 1); // writer (not a select)
    assert.equal((await c.execute("pragma journal_mode")).rows[0][0], "wal");
    assert.equal((await c.execute("pragma foreign_keys")).rows[0][0], 1);
  }));

Deno.test("transactions take the writer in FIFO order; a plain write outside waits its turn", () =>
  withClient(async (c) => {
    const order: string[] = [];
    const t1 = await c.transaction("write");
    const t2p = c.transaction("write").then(async (t2) => {
      order.push("t2");
      await t2.execute("insert into t (name) values ('t2')");
      await t2.commit();
    });
    const outside = c.execute("insert into t (name) values ('outside')").then(() => order.push("outside"));
    await t1.execute("insert into t (name) values ('t1')");
    // Uncommitted work is invisible to plain reads.
    assert.equal((await c.execute("select count(*) n from t")).rows[0].n, 0);
    order.push("t1");
    await t1.commit();
    await Promise.all([t2p, outside]);
    assert.deepEqual(order, ["t1", "t2", "outside"]);
    const names = (await c.execute("select name from t order by id")).rows.map((r) => r.name);
    assert.deepEqual(names, ["t1", "t2", "outside"]);
  }));

Deno.test("errors are LibsqlErrors with SQLite codes; a failed transaction rolls back and frees the writer", () =>
  withClient(async (c) => {
    await c.execute("insert into t (name) values ('dup')");
    await assert.rejects(
      c.execute("insert into t (name) values ('dup')"),
      (e) =>
        e instanceof LibsqlError && e.code === "SQLITE_CONSTRAINT" &&
        e.extendedCode === "SQLITE_CONSTRAINT_UNIQUE",
    );
    const tx = await c.transaction("write");
    await tx.execute("insert into t (name) values ('gone')");
    await assert.rejects(tx.execute("insert into t (name) values ('dup')"), LibsqlError);
    await tx.rollback();
    assert.equal((await c.execute("select count(*) n from t where name = 'gone'")).rows[0].n, 0);
    await assert.rejects(
      c.execute("select nope from t"),
      (e) => e instanceof LibsqlError && e.code === "SQLITE_ERROR",
    );
    const rs = await c.batch(["insert into t (name) values ('b1')", ["insert into t (name) values (?)", [
      "b2",
    ]]], "write");
    assert.equal(rs.length, 2);
    await assert.rejects(
      c.batch(["insert into t (name) values ('b3')", "insert into t (name) values ('dup')"]),
    );
    assert.equal((await c.execute("select count(*) n from t where name = 'b3'")).rows[0].n, 0);
  }));

Deno.test("once the process writes, a worker checkpoints: the writer never does, and the WAL stops growing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "atende-driver-" });
  const c = createLocalClient(`file:${dir}/t.db`, { checkpointerAfterWrites: 3, checkpointEveryMs: 10 });
  try {
    await c.execute("create table big (id integer primary key, v text)");
    const value = "x".repeat(3_000);
    const rows = Array.from({ length: 50 }, () => ({ sql: "insert into big (v) values (?)", args: [value] }));
    // Without checkpoints every batch (≈ 150 KB) would grow the WAL file; once the worker runs,
    // writers restart the WAL from the beginning and its size stays put.
    let size = 0, steady = 0, batches = 0;
    while (steady < 20 && batches < 400) {
      await c.batch(rows, "write");
      batches++;
      await new Promise((r) => setTimeout(r, 15));
      const now = (await Deno.stat(`${dir}/t.db-wal`)).size;
      steady = now > size ? 0 : steady + 1;
      size = now;
    }
    assert.ok(steady >= 20, `the WAL grew on every batch (${batches} batches, ${size} bytes)`);
    assert.equal(Number((await c.execute("select count(*) from big")).rows[0][0]), batches * 50);
    // The writer's own automatic checkpoint is off.
    assert.equal(Number((await c.execute("pragma wal_autocheckpoint")).rows[0][0]), 0);
  } finally {
    c.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a Worker's connection and the main writer take turns through the shared write lock, without busy errors", () =>
  withClient(async (c) => {
    const lock = c.shareWriteLock();
    const w = new Worker(new URL("./_lock_worker.ts", import.meta.url).href, { type: "module" });
    const done = new Promise<{ ok: boolean; error?: string }>((r) => w.onmessage = (e) => r(e.data));
    w.postMessage({ path: c.path, lock: lock.buffer, n: 40 });
    // Meanwhile the main thread writes too, and its event loop keeps running (timers fire).
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    for (let i = 0; i < 40; i++) {
      const tx = await c.transaction("write");
      await tx.execute({ sql: "insert into t (name) values (?)", args: [`m${i}`] });
      await tx.commit();
      await new Promise((r) => setTimeout(r, 1));
    }
    const r = await done;
    clearInterval(timer);
    w.terminate();
    assert.deepEqual(r, { ok: true });
    assert.ok(ticks > 10);
    assert.equal((await c.execute("select count(*) n from t")).rows[0].n, 80);
    // A disabled lock (its Worker died) never blocks the main thread again.
    lock.acquireSync();
    lock.disable();
    await c.execute("insert into t (name) values ('after')");
  }));

Deno.test("[platform] a closed connection refuses work instead of reaching the native engine", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // libsql aborts the whole process (a Rust panic, not an exception) on a closed handle; a late
    // timer or a transaction awaited across a shutdown must get an error instead.
    const conn = new Connection(`${dir}/c.db`, 1000, 1024);
    conn.execute("create table t (x)");
    conn.close();
    assert.equal(conn.inTransaction, false);
    assert.throws(
      () => conn.execute("select 1"),
      (e) => e instanceof LibsqlError && e.code === "CLIENT_CLOSED",
    );
    assert.throws(() => conn.exec("select 1"), (e) => e instanceof LibsqlError && e.code === "CLIENT_CLOSED");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
