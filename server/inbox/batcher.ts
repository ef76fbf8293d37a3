/**
 * Group commit (bench/README.md proposal 2): callers submit one job each and wait for its result;
 * the batcher runs everything queued as one batch, at most `max` at a time. A batch starts on the
 * next turn of the event loop (a 0 ms timer), not on a microtask: SQLite calls are synchronous,
 * so a batch never yields while it runs, and only a turn of the loop lets the requests that have
 * arrived meanwhile reach `submit`. At low load a message is written alone (≈ 1 ms later); under
 * load the batches grow and one transaction, one commit and one round of DTO reads serve many
 * messages.
 */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

export class Batcher<J, R> {
  #queue: { job: J; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  #running = false;

  constructor(
    /** Settles every job of the batch, in order; a throw fails the whole batch. */
    private readonly run: (jobs: J[]) => Promise<Settled<R>[]>,
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
      await settleAll(batch, () => this.run(batch.map((b) => b.job)));
      // Let the requests that arrived during this batch join the next one.
      await new Promise((r) => setTimeout(r, 0));
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
