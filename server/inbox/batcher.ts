/**
 * Group commit (bench/README.md proposal 2): callers submit one job each and wait for its result;
 * the batcher writes everything queued as one batch, at most `max` at a time, then finishes it
 * (reads, events, answers). A batch starts on the next turn of the event loop (a 0 ms timer), not
 * on a microtask: SQLite calls are synchronous, so a batch never yields while it runs on this
 * thread, and only a turn of the loop lets the requests that have arrived meanwhile reach
 * `submit`. At low load a message is written alone (≈ 1 ms later); under load the batches grow
 * and one transaction, one commit and one round of DTO reads serve many messages.
 *
 * The two phases overlap across batches: once batch N is written, batch N+1's write may start
 * while N finishes (with the ingest Worker, D9, the write runs on the other core meanwhile).
 * Batches finish strictly in order, and at most one finishes behind the write in progress.
 */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

type Entry<J, R> = { job: J; resolve: (r: R) => void; reject: (e: unknown) => void };

export class Batcher<J, W, R> {
  #queue: Entry<J, R>[] = [];
  #running = false;
  #finishing: Promise<void> = Promise.resolve();

  constructor(
    /** Writes the batch; a throw fails the whole batch. */
    private readonly write: (jobs: J[]) => Promise<W>,
    /** Settles every job of a written batch, in order; a throw fails the whole batch. */
    private readonly finish: (jobs: J[], written: W) => Promise<Settled<R>[]>,
    private readonly max = 200,
  ) {}

  submit(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      if (!this.#running) {
        this.#running = true;
        setTimeout(() => this.#drain(), 0);
      }
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length) {
      const batch = this.#queue.splice(0, this.max);
      const jobs = batch.map((b) => b.job);
      const previous = this.#finishing;
      try {
        const written = await this.write(jobs);
        this.#finishing = previous.then(() => settleAll(batch, () => this.finish(jobs, written)));
      } catch (e) {
        // Failed writes are answered in order too.
        this.#finishing = previous.then(() => settleAll(batch, () => Promise.reject(e)));
      }
      // Let the requests that arrived during this batch join the next one; and never write a
      // third batch while the first is still finishing.
      await new Promise((r) => setTimeout(r, 0));
      await previous;
    }
    this.#running = false;
  }
}

/** Settles each waiter with its result of `run`, in order; if `run` throws, rejects them all. */
export async function settleAll<R>(
  waiters: { resolve: (r: R) => void; reject: (e: unknown) => void }[],
  run: () => Promise<Settled<R>[]>,
): Promise<void> {
  try {
    const out = await run();
    waiters.forEach((w, i) => {
      const r = out[i];
      if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  } catch (e) {
    for (const w of waiters) w.reject(e);
  }
}
