/**
 * The write lock the main thread shares with a Worker that writes through a connection of its
 * own (server/inbox/ingest_worker.ts). SQLite has one writer; two connections of one process
 * that both begin writing would meet in SQLite's busy handler, which sleeps — on the main
 * thread, that stops the event loop. So every write transaction of either thread first takes
 * this lock: a FIFO ticket lock in a SharedArrayBuffer. The main thread waits for it with
 * `Atomics.waitAsync` (its event loop goes on), the Worker with `Atomics.wait`.
 *
 * If the Worker dies, `disable()` opens the lock for good: the main thread is then the only
 * writer again, and its own FIFO (db/driver.ts) orders its writes.
 */
const NEXT = 0, SERVING = 1, DISABLED = 2;

export class SharedWriteLock {
  readonly #a: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(12)) {
    this.#a = new Int32Array(buffer);
  }

  get disabled(): boolean {
    return Atomics.load(this.#a, DISABLED) === 1;
  }

  /** Waits for this thread's turn without blocking the event loop. */
  async acquire(): Promise<void> {
    const mine = Atomics.add(this.#a, NEXT, 1);
    for (;;) {
      const serving = Atomics.load(this.#a, SERVING);
      if (serving === mine || this.disabled) return;
      const w = Atomics.waitAsync(this.#a, SERVING, serving);
      if (w.async) await w.value;
    }
  }

  /** Blocks this thread until its turn (Workers only: the main thread may not block). */
  acquireSync(): void {
    const mine = Atomics.add(this.#a, NEXT, 1);
    for (;;) {
      const serving = Atomics.load(this.#a, SERVING);
      if (serving === mine || this.disabled) return;
      Atomics.wait(this.#a, SERVING, serving);
    }
  }

  release(): void {
    Atomics.add(this.#a, SERVING, 1);
    Atomics.notify(this.#a, SERVING);
  }

  disable(): void {
    Atomics.store(this.#a, DISABLED, 1);
    Atomics.notify(this.#a, SERVING);
  }
}
