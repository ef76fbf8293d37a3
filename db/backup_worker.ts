/**
 * A Worker that copies a live local database into one consistent file: `VACUUM INTO` on a
 * connection of its own, on its own thread. It reads one snapshot (WAL included: what was
 * committed when it began) as a plain reader, so the writer of the main thread never waits for it
 * and the main thread's event loop never runs it; then `PRAGMA quick_check` on the copy, so a
 * backup that is listed is one that opens. While it reads, no checkpoint can pass its snapshot and
 * the WAL grows; once it is done this connection runs the catch-up checkpoint (PASSIVE: it never
 * waits for the writer), so that work is not left to the main thread's next commit. The thread lowers
 * its own CPU priority (nice 19) and disk priority (idle class) first, where Linux lets it: the copy
 * is seconds of CPU and reads that must yield to the main thread's writes, not share with them.
 */
/// <reference lib="deno.worker" />
import Database from "libsql";

export type BackupRequest = { source: string; target: string };
export type BackupReply =
  | { ok: true; ms: number; checkpointed: boolean }
  | { ok: false; error: string };

self.onmessage = (e: MessageEvent<BackupRequest>) => {
  const started = performance.now();
  yieldToOthers();
  let src: InstanceType<typeof Database> | undefined;
  let copy: InstanceType<typeof Database> | undefined;
  try {
    src = new Database(e.data.source, { timeout: 10_000 });
    src.exec(`VACUUM INTO '${e.data.target.replaceAll("'", "''")}'`);
    const checkpointed = catchUp(src);
    copy = new Database(e.data.target, { timeout: 10_000 });
    const [check] = copy.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
    if (check?.quick_check !== "ok") throw new Error(`quick_check: ${check?.quick_check}`);
    self.postMessage({ ok: true, ms: performance.now() - started, checkpointed } satisfies BackupReply);
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) } satisfies BackupReply);
  } finally {
    for (const d of [copy, src]) {
      try {
        d?.close();
      } catch { /* closing anyway */ }
    }
    self.close();
  }
};

/** The WAL written during the copy, checkpointed here; false when another checkpointer was at it. */
function catchUp(db: InstanceType<typeof Database>): boolean {
  try {
    const [r] = db.prepare("PRAGMA wal_checkpoint(PASSIVE)").all() as { busy: number }[];
    return r?.busy === 0;
  } catch {
    return false; // SQLITE_BUSY: the checkpoint Worker (or another process) is doing it
  }
}

/**
 * nice 19 and the idle I/O class for this thread only (Linux: `setpriority` and `ioprio_set` with
 * a thread id touch that thread). Best effort: elsewhere, or without FFI, the copy runs as before.
 */
function yieldToOthers(): void {
  if (Deno.build.os !== "linux") return;
  try {
    const libc = Deno.dlopen("libc.so.6", {
      gettid: { parameters: [], result: "i32" },
      setpriority: { parameters: ["i32", "u32", "i32"], result: "i32" },
      syscall: { parameters: ["i64", "i64", "i64", "i64"], result: "i64" },
    });
    const tid = libc.symbols.gettid();
    libc.symbols.setpriority(0, /* PRIO_PROCESS */ tid, 19);
    if (Deno.build.arch === "x86_64") {
      // ioprio_set(IOPRIO_WHO_PROCESS, tid, IOPRIO_CLASS_IDLE << 13)
      libc.symbols.syscall(251n, 1n, BigInt(tid), 3n << 13n);
    }
    libc.close();
  } catch { /* no FFI here: normal priority */ }
}
