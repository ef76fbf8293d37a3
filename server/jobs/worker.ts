/**
 * Runs the job queue on the instance that holds the scheduler lease: every second from the
 * scheduler, and at once when this process enqueues something (`kick`), so a reply reaches its
 * webhook without waiting for the next tick.
 */
import type { Deps, JobDef, Jobs } from "../deps.ts";
import { runDueJobs } from "./queue.ts";

export class JobWorker implements Jobs {
  leader = false;
  #running: Promise<void> | null = null;
  #again = false;

  /** `scheduled`: the recurring jobs the scheduler (scheduler.ts) runs while this instance leads. */
  constructor(private deps: () => Deps, readonly scheduled: readonly JobDef[] = []) {}

  kick(): void {
    if (!this.leader) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await runDueJobs(this.deps()).catch((err) => console.error("[jobs] queue run failed", err));
      } while (this.#again);
    })().finally(() => this.#running = null);
  }

  /** Waits for the current run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }
}
