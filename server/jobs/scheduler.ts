/**
 * croner is only a clock (DESIGN §8): every tick first renews the scheduler lease, and only the
 * holder runs the registered jobs and the job queue. Job state lives in the database, so a missed
 * tick is caught up by the next one.
 */
import { Cron } from "croner";
import type { Deps } from "../deps.ts";
import { acquireLease, releaseLease } from "./lease.ts";

const LEASE = "scheduler";

export type Scheduler = { stop(): Promise<void> };

export function startScheduler(deps: Deps): Scheduler {
  const holder = deps.config.instanceId;
  const renew = async () => {
    const ttl = deps.config.leaseTtlMs;
    deps.jobs.leader = await acquireLease(deps.database, LEASE, holder, ttl, deps.clock.now());
    return deps.jobs.leader;
  };
  const opts = (name: string) => ({
    protect: true,
    catch: (err: unknown) => console.error(`[jobs] ${name} failed`, err),
  });
  // Renewed every third of its time to live (LEASE_TTL_MS), so a live leader never lapses.
  const renewal = setInterval(
    () => renew().catch((err) => console.error("[jobs] lease", err)),
    Math.max(100, Math.floor(deps.config.leaseTtlMs / 3)),
  );
  const crons = [
    new Cron("* * * * * *", opts("queue"), () => deps.jobs.kick()),
    ...deps.jobs.scheduled.map((job) =>
      new Cron(job.pattern, opts(job.name), async () => {
        if (await renew()) await job.run(deps, deps.clock.now());
      })
    ),
  ];
  renew().then(() => deps.jobs.kick()).catch((err) => console.error("[jobs] lease", err));
  return {
    async stop() {
      clearInterval(renewal);
      for (const c of crons) c.stop();
      await deps.jobs.idle();
      deps.jobs.leader = false;
      await releaseLease(deps.database, LEASE, holder).catch(() => undefined);
    },
  };
}
