/**
 * Where the inbound pipeline's write transactions run (bench/README.md D9). libsql is synchronous,
 * so on the main thread every statement and COMMIT of a batch (≈ 70 % of a message's CPU) stops
 * the event loop, and a 2-core machine ingests on one core. Once this process has written
 * `config.ingestThreadAfter` batches (an idle or quiet process never pays for a second isolate),
 * messages go to a Worker (ingest_worker.ts) with its own connection to the same file:
 * - each message is posted as it arrives (those of one event-loop turn together); the Worker
 *   forms its batches itself from whatever arrived while its last transaction ran;
 * - every write transaction of either thread takes the write lock they share (db/write_lock.ts),
 *   so the two connections never write at once and the main thread never sleeps in SQLite's
 *   busy handler;
 * - WAL checkpoints stay with the checkpoint Worker; the ingest connection's automatic ones are
 *   off (one on that thread would hold a batch for 25–300 ms) unless that Worker cannot run;
 * - the batch's DTO reads, events and answers stay on the main thread (`finish`, in order).
 * In memory, on a libSQL server, or if the Worker fails, batches run on the main thread.
 */
import type { Deps } from "../deps.ts";
import type { LocalClient } from "@db/driver.ts";
import type { SharedWriteLock } from "@db/write_lock.ts";
import { settleAll, type Settled } from "./batcher.ts";
import type { InboundResult, Stored, StoreJob } from "./store.ts";
import { fromWire, type FromWorker, type Item, type ToWorker } from "./ingest_wire.ts";

/** The Worker stopped: the message goes to the main thread (if it had committed, it answers as a duplicate). */
export class ThreadDown extends Error {}

/** Turns a written batch into answers (DTOs, events): pipeline.ts `finishBatch`. */
export type Finish = (
  deps: Deps,
  jobs: StoreJob[],
  written: Settled<Stored>[],
) => Promise<Settled<InboundResult>[]>;

type Pending = { job: StoreJob; resolve: (r: InboundResult) => void; reject: (e: unknown) => void };

class IngestThread {
  readonly #worker: Worker;
  readonly #lock: SharedWriteLock;
  #ready = false;
  #dead = false;
  #settle!: (ok: boolean) => void;
  /** Resolves true once the Worker has its connection, false if it never will. */
  readonly started = new Promise<boolean>((r) => this.#settle = r);
  #seq = 0;
  readonly #pending = new Map<number, Pending>();
  #outbox: Item[] = [];
  #finishing: Promise<void> = Promise.resolve();
  /** Batches the Worker has written (tests and benchmarks). */
  batches = 0;

  constructor(private readonly deps: Deps, local: LocalClient, private readonly finish: Finish) {
    const autocheckpoint = !local.offThreadCheckpoints(() => this.#send({ kind: "autocheckpoint" }));
    this.#lock = local.shareWriteLock();
    this.#worker = new Worker(new URL("./ingest_worker.ts", import.meta.url).href, { type: "module" });
    this.#worker.onmessage = (e: MessageEvent<FromWorker>) => this.#receive(e.data);
    this.#worker.onerror = (e) => {
      e.preventDefault();
      console.error("[ingest] worker:", e.message);
      this.#down();
    };
    this.#send({ kind: "start", url: deps.config.databaseUrl, autocheckpoint, lock: this.#lock.buffer });
  }

  get usable(): boolean {
    return this.#ready && !this.#dead;
  }

  /** Stores one message on the Worker; settles once its batch has finished here. */
  submit(job: StoreJob): Promise<InboundResult> {
    if (!this.usable) return Promise.reject(new ThreadDown());
    return new Promise<InboundResult>((resolve, reject) => {
      const id = ++this.#seq;
      this.#pending.set(id, { job, resolve, reject });
      if (!this.#outbox.length) setTimeout(() => this.#flush(), 0);
      this.#outbox.push({ id, job });
    });
  }

  stop(): void {
    if (this.#dead) return;
    this.#send({ kind: "stop" });
    this.#fail();
  }

  #flush() {
    const items = this.#outbox;
    this.#outbox = [];
    if (items.length) this.#send({ kind: "jobs", items });
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
    } else if (!this.#dead) {
      // (After a stop, its waiters were already sent to the main thread.)
      this.batches++;
      const entries = m.ids.map((id) => {
        const p = this.#pending.get(id)!;
        this.#pending.delete(id);
        return p;
      });
      const run = m.results
        ? () =>
          this.finish(
            this.deps,
            entries.map((e) => e.job),
            m.results.map((r, i): Settled<Stored> =>
              r.ok ? withBody(r.value, entries[i].job) : { ok: false, error: fromWire(r.error) }
            ),
          )
        : () => Promise.reject(fromWire(m.error));
      // Batches finish in the order the Worker wrote them.
      this.#finishing = this.#finishing.then(() => settleAll(entries, run));
    }
  }

  #down() {
    this.#fail();
    this.#worker.terminate();
  }

  #fail() {
    this.#dead = true;
    this.#settle(false);
    // The main thread is the only writer from now on.
    this.#lock.disable();
    this.#outbox = [];
    for (const p of this.#pending.values()) p.reject(new ThreadDown());
    this.#pending.clear();
  }
}

/** The Worker sends stored rows without their body (ingest_worker.ts): the job's own text goes back in. */
function withBody(v: Stored, job: StoreJob): Settled<Stored> {
  if (v?.ticket) v.message.body = job.msg.body;
  return { ok: true, value: v };
}

type State = { mainBatches: number; thread?: IngestThread; off: boolean };
const states = new WeakMap<Deps, State>();

function stateOf(deps: Deps): State {
  let s = states.get(deps);
  if (!s) {
    const off = deps.config.ingestThreadAfter < 0 || !deps.database.local?.path;
    states.set(deps, s = { mainBatches: 0, off });
  }
  return s;
}

function start(deps: Deps, s: State, finish: Finish): void {
  try {
    s.thread = new IngestThread(deps, deps.database.local!, finish);
  } catch (e) {
    console.error("[ingest] worker not started:", e);
    s.off = true;
  }
}

/** The ingest Worker when it takes messages, else null (the caller writes on this thread). */
export function usableIngestThread(deps: Deps): IngestThread | null {
  const t = states.get(deps)?.thread;
  return t?.usable ? t : null;
}

/** Counts a batch written on this thread; starts the Worker after `config.ingestThreadAfter` of them. */
export function countMainBatch(deps: Deps, finish: Finish): void {
  const s = stateOf(deps);
  if (!s.off && !s.thread && ++s.mainBatches > deps.config.ingestThreadAfter) start(deps, s, finish);
}

/** Starts the Worker now (tests, benchmarks); true once it takes messages. */
export function startIngestThread(deps: Deps, finish: Finish): Promise<boolean> {
  const s = stateOf(deps);
  if (s.off) return Promise.resolve(false);
  if (!s.thread) start(deps, s, finish);
  return s.thread?.started ?? Promise.resolve(false);
}

/** How many batches the Worker has written (tests and benchmarks). */
export function ingestThreadBatches(deps: Deps): number {
  return states.get(deps)?.thread?.batches ?? 0;
}

/** Stops the Worker (closeDeps), before the database closes. */
export function stopIngestThread(deps: Deps): void {
  states.get(deps)?.thread?.stop();
}
