/**
 * Group commit (bench/README.md proposal 2): callers submit one job each and wait for its result;
 * the batcher runs everything queued as one batch, at most `max` at a time. No timer: the first
 * job of an idle batcher starts a batch at once (on the next microtask, so jobs submitted in the
 * same turn join it), and jobs that arrive while a batch is being written form the next one. At
 * low load a message is written alone and as fast as before; under load the batches grow and one
 * transaction, one commit and one round of DTO reads serve many messages.
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
        queueMicrotask(() => this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length) {
      const batch = this.#queue.splice(0, this.max);
      try {
        const out = await this.run(batch.map((b) => b.job));
        batch.forEach((b, i) => {
          const r = out[i];
          if (r.ok) b.resolve(r.value);
          else b.reject(r.error);
        });
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    this.#running = false;
  }
}
