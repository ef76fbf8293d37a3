/// <reference lib="deno.worker" />
/** Test Worker for driver_test.ts: writes through its own connection under the shared write lock. */
import Database from "libsql";
import { SharedWriteLock } from "@db/write_lock.ts";

self.onmessage = (e: MessageEvent<{ path: string; lock: SharedArrayBuffer; n: number }>) => {
  const db = new Database(e.data.path, { timeout: 0 }); // a busy database would fail at once
  const lock = new SharedWriteLock(e.data.lock);
  try {
    for (let i = 0; i < e.data.n; i++) {
      lock.acquireSync();
      try {
        db.exec("BEGIN IMMEDIATE");
        db.prepare("insert into t (name) values (?)").run(`w${i}`);
        const until = performance.now() + 3; // hold the writer a while
        while (performance.now() < until) { /* busy */ }
        db.exec("COMMIT");
      } finally {
        lock.release();
      }
    }
    self.postMessage({ ok: true });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) });
  } finally {
    db.close();
  }
};
