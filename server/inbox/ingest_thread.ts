/**
 * Where the inbound pipeline's write transactions run (bench/README.md D9). libsql is synchronous,
 * so on the main thread every statement and COMMIT of a batch (≈ 70 % of a message's CPU) stops
 * the event loop, and a 2-core machine runs on one. Once this process has written
 * `config.ingestThreadAfter` batches (an idle or quiet process never pays for a second
 * isolate), batches go to a Worker (ingest_worker.ts) with its own connection to the same file:
 * - the main thread holds its writer (`LocalClient.exclusive`) for the batch, so the two
 *   connections never write at once and the main thread never sleeps in SQLite's busy handler;
 * - WAL checkpoints stay with the checkpoint Worker; the ingest connection's automatic ones are
 *   off (one on that thread would hold a batch for 25–300 ms) unless that Worker cannot run;
 * - DTO reads, events and the HTTP answers stay on the main thread (they need the hub and caches).
 * In memory, on a libSQL server, or if the Worker fails, batches run on the main thread as before.
 */
import type { Deps } from "../deps.ts";
import type { LocalClient } from "@db/driver.ts";
import type { Settled } from "./batcher.ts";
import { storeBatch, type Stored, type StoreJob } from "./store.ts";
import { fromWire, type FromWorker, type ToWorker } from "./ingest_wire.ts";

/** The Worker stopped: the batch goes to the main thread (its committed messages answer as duplicates). */
class ThreadDown extends Error {}

type Pending = { resolve: (r: Settled<Stored>[]) => void; reject: (e: unknown) => void };

class IngestThread {
  readonly #worker: Worker;
  #ready = false;
  #dead = false;
  #settle!: (ok: boolean) => void;
  /** Resolves true once the Worker has its connection, false if it never will. */
  readonly started = new Promise<boolean>((r) => this.#settle = r);
  #seq = 0;
  readonly #pending = new Map<number, Pending>();

  constructor(private readonly local: LocalClient, url: string) {
    const autocheckpoint = !local.offThreadCheckpoints(() => this.#send({ kind: "autocheckpoint" }));
    this.#worker = new Worker(new URL("./ingest_worker.ts", import.meta.url).href, { type: "module" });
    this.#worker.onmessage = (e: MessageEvent<FromWorker>) => this.#receive(e.data);
    this.#worker.onerror = (e) => {
      e.preventDefault();
      console.error("[ingest] worker:", e.message);
      this.#down();
    };
    this.#send({ kind: "start", url, autocheckpoint });
  }

  get usable(): boolean {
    return this.#ready && !this.#dead;
  }

  /** One batch in one transaction on the Worker's connection, with the main writer held. */
  run(jobs: StoreJob[]): Promise<Settled<Stored>[]> {
    return this.local.exclusive(() =>
      new Promise<Settled<Stored>[]>((resolve, reject) => {
        if (!this.usable) return reject(new ThreadDown());
        const id = ++this.#seq;
        this.#pending.set(id, { resolve, reject });
        this.#send({ kind: "batch", id, jobs });
      })
    );
  }

  stop(): void {
    if (this.#dead) return;
    this.#send({ kind: "stop" });
    this.#dead = true;
    this.#settle(false);
    this.#failPending();
  }

  #send(m: ToWorker) {
    if (!this.#dead) this.#worker.postMessage(m);
  }

  #receive(m: FromWorker) {
    if (m.kind === "ready") {
      this.#ready = true;
      console.error("[ingest] inbound batches are written on the ingest Worker from now on");
      this.#settle(!this.#dead);
    } else if (m.kind === "failed") {
      console.error("[ingest] worker not started:", m.error.message);
      this.#down();
    } else {
      const p = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      if (!p) return;
      if (m.results) p.resolve(m.results.map((r) => r.ok ? r : { ok: false, error: fromWire(r.error) }));
      else p.reject(fromWire(m.error));
    }
  }

  #down() {
    this.#dead = true;
    this.#settle(false);
    this.#failPending();
    this.#worker.terminate();
  }

  #failPending() {
    for (const p of this.#pending.values()) p.reject(new ThreadDown());
    this.#pending.clear();
  }
}

type State = { batches: number; thread?: IngestThread; off: boolean; onThread: number };
const states = new WeakMap<Deps, State>();

/** Stores a batch: on the ingest Worker once it runs, else in a write transaction here. */
export async function storeBatchWrite(deps: Deps, jobs: StoreJob[]): Promise<Settled<Stored>[]> {
  const thread = threadFor(deps);
  if (thread) {
    try {
      const r = await thread.run(jobs);
      stateOf(deps).onThread++;
      return r;
    } catch (e) {
      if (!(e instanceof ThreadDown)) throw e;
    }
  }
  return await deps.database.write((tx) => storeBatch(tx, jobs));
}

function threadFor(deps: Deps): IngestThread | null {
  const s = stateOf(deps);
  if (s.off) return null;
  if (!s.thread && ++s.batches > deps.config.ingestThreadAfter) start(deps, s);
  // While it starts, batches stay here; once down, they stay here for good.
  return s.thread?.usable ? s.thread : null;
}

function stateOf(deps: Deps): State {
  let s = states.get(deps);
  if (!s) {
    const off = deps.config.ingestThreadAfter < 0 || !deps.database.local?.path;
    states.set(deps, s = { batches: 0, off, onThread: 0 });
  }
  return s;
}

function start(deps: Deps, s: State): void {
  try {
    s.thread = new IngestThread(deps.database.local!, deps.config.databaseUrl);
  } catch (e) {
    console.error("[ingest] worker not started:", e);
    s.off = true;
  }
}

/** Starts the Worker now (tests, benchmarks); true once it takes batches. */
export function startIngestThread(deps: Deps): Promise<boolean> {
  const s = stateOf(deps);
  if (s.off) return Promise.resolve(false);
  if (!s.thread) start(deps, s);
  return s.thread?.started ?? Promise.resolve(false);
}

/** How many batches the Worker has stored (tests and benchmarks). */
export function ingestThreadBatches(deps: Deps): number {
  return states.get(deps)?.onThread ?? 0;
}

/** Stops the Worker (closeDeps), before the database closes. */
export function stopIngestThread(deps: Deps): void {
  states.get(deps)?.thread?.stop();
}
