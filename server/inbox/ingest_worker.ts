/**
 * The ingest Worker (ingest_thread.ts starts it): runs the inbound pipeline's write transactions
 * (store.ts) on its own connection to the database file, on the second core, while the main
 * thread keeps serving HTTP. It forms its own batches: whatever the main thread has posted while
 * a transaction ran becomes the next one, so it never waits for the main thread's event loop.
 * Each transaction takes the write lock shared with the main thread (db/write_lock.ts).
 */
/// <reference lib="deno.worker" />
import { openLocal } from "@db/client.ts";
import { SharedWriteLock } from "@db/write_lock.ts";
import { storeBatch, type Stored } from "./store.ts";
import { type FromWorker, type Item, toWire, type ToWorker } from "./ingest_wire.ts";

/**
 * At most this many messages per transaction: a backlog is written in several, so the first of it
 * is answered after one short transaction (≈ 30–40 ms), not one of 500 (≈ 200 ms); the commit is
 * already a small share of a message at this size.
 */
const MAX_BATCH = 100;

let opened: ReturnType<typeof openLocal> | undefined;
let lock: SharedWriteLock | undefined;
const queue: Item[] = [];
let draining = false;

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.kind === "jobs") {
    queue.push(...m.items);
    if (!draining) drain();
  } else if (m.kind === "start") {
    try {
      // Only the writer, and no checkpoint Worker of its own: the main thread's checkpoints.
      opened = openLocal(m.url, { checkpointEveryMs: 0, reader: false });
      lock = new SharedWriteLock(m.lock);
      if (!m.autocheckpoint) opened.local.execute("PRAGMA wal_autocheckpoint=0").catch(console.error);
      post({ kind: "ready" });
    } catch (err) {
      post({ kind: "failed", error: toWire(err) });
      self.close();
    }
  } else if (m.kind === "autocheckpoint") {
    opened?.local.execute("PRAGMA wal_autocheckpoint=1000").catch(console.error);
  } else if (m.kind === "stop") {
    opened?.local.close();
    self.close();
  }
};

const post = (m: FromWorker) => self.postMessage(m);

const withoutBody = (v: Stored): Stored => v?.ticket ? { ...v, message: { ...v.message, body: "" } } : v;

async function drain() {
  draining = true;
  try {
    while (queue.length) {
      // One task's turn, so the jobs already posted (queued messages) join this batch.
      await nextTask();
      const batch = queue.splice(0, MAX_BATCH);
      const ids = batch.map((b) => b.id);
      lock!.acquireSync();
      try {
        const results = await opened!.db.transaction((tx) => storeBatch(tx, batch.map((b) => b.job)));
        post({
          kind: "done",
          ids,
          // The stored row goes back without its body: the main thread still holds the job's
          // text and puts it back (a long body is not cloned back across threads per message).
          results: results.map((r) =>
            r.ok ? { ok: true, value: withoutBody(r.value) } : { ok: false, error: toWire(r.error) }
          ),
        });
      } catch (err) {
        post({ kind: "done", ids, error: toWire(err) });
      } finally {
        lock!.release();
      }
    }
  } finally {
    draining = false;
  }
}

/** A macrotask turn without a timer (nested 0 ms timers are clamped to 4 ms). */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
function nextTask(): Promise<void> {
  return new Promise((r) => {
    waiting.push(r);
    channel.port2.postMessage(null);
  });
}
