/**
 * croner is only a clock (DESIGN §8): every tick first renews the scheduler lease, and only the
 * holder runs the registered jobs and the job queue. Job state lives in the database, so a missed
 * tick is caught up by the next one.
 */
import { Cron } from "croner";
import type { Deps } from "../deps.ts";
import { acquireLease, releaseLease } from "./lease.ts";
import { JOBS } from "./registry.ts";

const LEASE = "scheduler";
const LEASE_TTL_MS = 30_000;

export type Scheduler = { stop(): Promise<void> };

export function startScheduler(deps: Deps): Scheduler {
  const holder = deps.config.instanceId;
  const renew = async () => {
    deps.jobs.leader = await acquireLease(deps.database, LEASE, holder, LEASE_TTL_MS, deps.clock.now());
    return deps.jobs.leader;
  };
  const opts = (name: string) => ({
    protect: true,
    catch: (err: unknown) => console.error(`[jobs] ${name} failed`, err),
  });
  const crons = [
    new Cron("*/10 * * * * *", opts("lease"), async () => void await renew()),
    new Cron("* * * * * *", opts("queue"), () => deps.jobs.kick()),
    ...JOBS.map((job) =>
      new Cron(job.pattern, opts(job.name), async () => {
        if (await renew()) await job.run(deps, deps.clock.now());
      })
    ),
  ];
  renew().then(() => deps.jobs.kick()).catch((err) => console.error("[jobs] lease", err));
  return {
    async stop() {
      for (const c of crons) c.stop();
      await deps.jobs.idle();
      deps.jobs.leader = false;
      await releaseLease(deps.database, LEASE, holder).catch(() => undefined);
    },
  };
}
