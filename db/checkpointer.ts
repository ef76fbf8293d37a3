/**
 * A Worker that checkpoints a local database's WAL on its own connection and thread; db/driver.ts
 * starts it once the process has been writing for a while. With SQLite's automatic checkpoint, the
 * commit that crosses 1,000 WAL pages copies them into the database file (and fsyncs) on the
 * committing connection — for us the main thread, which then serves nothing for 25–300 ms on the
 * large benchmark file (bench/README.md D8). PASSIVE never takes the write lock and never waits:
 * it copies what no reader still needs, and the next writer restarts the WAL once all is copied.
 */
/// <reference lib="deno.worker" />
import Database from "libsql";

export type CheckpointerStart = { path: string; everyMs: number };

let db: InstanceType<typeof Database> | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = (e: MessageEvent<CheckpointerStart | "stop">) => {
  if (e.data === "stop") {
    clearInterval(timer);
    try {
      db?.close();
    } catch { /* closing anyway */ }
    self.close();
    return;
  }
  try {
    db = new Database(e.data.path, { timeout: 1_000 });
  } catch (err) {
    self.postMessage({ failed: String(err) });
    self.close();
    return;
  }
  const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  timer = setInterval(() => {
    try {
      checkpoint.all();
    } catch (err) {
      // SQLITE_BUSY: another process is checkpointing; the next tick tries again.
      if ((err as { code?: string }).code !== "SQLITE_BUSY") console.error("[checkpointer]", err);
    }
  }, e.data.everyMs);
};
