/**
 * The ingest Worker (ingest_thread.ts starts it): runs the inbound pipeline's write transactions
 * (store.ts) on its own connection to the database file, on the second core, while the main
 * thread keeps serving HTTP. The main thread holds its writer for the duration of each batch,
 * so the two connections never write at once.
 */
/// <reference lib="deno.worker" />
import { openLocal } from "@db/client.ts";
import { storeBatch } from "./store.ts";
import { toWire, type ToWorker } from "./ingest_wire.ts";

let opened: ReturnType<typeof openLocal> | undefined;

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.kind === "start") {
    try {
      // No checkpoint Worker of its own and no reader use; the main thread's Worker checkpoints.
      opened = openLocal(m.url, { checkpointEveryMs: 0, readerCacheKiB: 1_000 });
      if (!m.autocheckpoint) await opened.local.execute("PRAGMA wal_autocheckpoint=0");
      self.postMessage({ kind: "ready" });
    } catch (err) {
      self.postMessage({ kind: "failed", error: toWire(err) });
      self.close();
    }
  } else if (m.kind === "autocheckpoint") {
    await opened?.local.execute("PRAGMA wal_autocheckpoint=1000");
  } else if (m.kind === "batch") {
    try {
      const results = await opened!.db.transaction((tx) => storeBatch(tx, m.jobs));
      self.postMessage({
        kind: "done",
        id: m.id,
        results: results.map((r) => r.ok ? r : { ok: false, error: toWire(r.error) }),
      });
    } catch (err) {
      self.postMessage({ kind: "done", id: m.id, error: toWire(err) });
    }
  } else if (m.kind === "stop") {
    opened?.local.close();
    self.close();
  }
};
