/**
 * croner is only a clock (DESIGN §8): every tick first renews the scheduler lease, and only the
 * holder runs the registered jobs. Job state lives in the database, so a missed tick is caught
 * up by the next one.
 */
import { Cron } from "croner";
import type { Deps } from "../deps.ts";
import { acquireLease, releaseLease } from "./lease.ts";
import { JOBS } from "./registry.ts";

const LEASE = "scheduler";
const LEASE_TTL_MS = 30_000;

export type Scheduler = { stop(): void };

export function startScheduler(deps: Deps): Scheduler {
  const holder = deps.config.instanceId;
  const crons = JOBS.map((job) =>
    new Cron(
      job.pattern,
      { protect: true, catch: (err) => console.error(`[jobs] ${job.name} failed`, err) },
      async () => {
        if (!(await acquireLease(deps.database, LEASE, holder, LEASE_TTL_MS, deps.clock.now()))) return;
        await job.run(deps, deps.clock.now());
      },
    )
  );
  return {
    stop() {
      for (const c of crons) c.stop();
      releaseLease(deps.database, LEASE, holder).catch(() => undefined);
    },
  };
}
