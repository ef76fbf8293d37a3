/** Every scheduled job of the process. Each feature adds its definitions here. */
import type { Deps } from "../deps.ts";
import { purgeExpiredAuth } from "../auth/cleanup.ts";
import { runTicketTimers } from "../timers/tick.ts";

export type JobDef = { name: string; pattern: string; run(deps: Deps, now: Date): Promise<void> };

export const JOBS: JobDef[] = [
  { name: "auth.purge_expired", pattern: "17 * * * *", run: purgeExpiredAuth },
  {
    name: "tickets.timers",
    pattern: "*/5 * * * * *",
    run: async (deps, now) => void await runTicketTimers(deps, now),
  },
];
