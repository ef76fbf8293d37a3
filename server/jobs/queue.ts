/**
 * Durable work items in the `jobs` table (webhook deliveries, sends). Enqueue inside or after a
 * write; a worker claims due rows atomically (`pending` → `running`), runs the handler with no
 * transaction open (handlers do network I/O), then marks the row done or reschedules it with
 * exponential backoff. Handlers must be safe to run twice: a crash between the network call and
 * the `done` mark runs it again after the stale-lock timeout.
 */
import { staleAfter } from "./lease.ts";
import { sql } from "drizzle-orm";
import { jobs } from "@db/schema.ts";
import type { Tx } from "@db/client.ts";
import type { Deps } from "../deps.ts";

export type QueueHandler = (
  deps: Deps,
  payload: unknown,
  job: { id: number; attempts: number },
) => Promise<void>;
/** A rate a job keeps: jobs naming the same `key` start at least `gapMs` apart. */
export type PaceSlot = { key: string; gapMs: number };

export type QueuedJobDef = {
  name: string;
  handle: QueueHandler;
  /**
   * The rates this job keeps (a provider's limits per account, per chat…). A job whose slot is not
   * free yet goes back to the queue until it is, without counting as an attempt; within a key the
   * order key keeps the order. Kept in this process (the instance that runs the queue).
   */
  pace?: (payload: unknown) => PaceSlot[];
  /** Called once when the last attempt failed. */
  onGiveUp?: (deps: Deps, payload: unknown, error: string) => Promise<void>;
};

const handlers = new Map<string, QueuedJobDef>();
export const registerQueuedJob = (def: QueuedJobDef) => void handlers.set(def.name, def);

const STALE_MS = 5 * 60_000;
const BATCH = 20;

export async function enqueue(
  tx: Tx,
  job: {
    name: string;
    payload: unknown;
    companyId?: number;
    /** When it is due: the injected clock's now for "at once" (a test's clock may be far from real time). */
    runAt: Date;
    maxAttempts?: number;
    dedupeKey?: string;
    /** Jobs with the same key run strictly in enqueue order; a failing one holds back the rest. */
    orderKey?: string;
  },
): Promise<void> {
  await tx.insert(jobs).values({
    name: job.name,
    payload: job.payload,
    companyId: job.companyId,
    runAt: job.runAt.toISOString(),
    maxAttempts: job.maxAttempts ?? 8,
    dedupeKey: job.dedupeKey,
    orderKey: job.orderKey,
  }).onConflictDoNothing();
}

/** Backoff: 2, 4, 8 … seconds, capped at 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(600_000, 1000 * 2 ** attempts);

type Claimed = { id: number; name: string; payload: string; attempts: number; max_attempts: number };

/** Claims and runs due jobs until none are left (or `maxRounds`). Returns how many ran. */
export async function runDueJobs(deps: Deps, maxRounds = 50): Promise<number> {
  let ran = 0;
  for (let round = 0; round < maxRounds; round++) {
    const now = deps.clock.now();
    const at = now.toISOString();
    const stale = new Date(now.getTime() - staleAfter(deps.config, STALE_MS)).toISOString();
    // The scheduler lease holder may take over at once what a former holder left running: only
    // the holder runs the queue, so that holder has lost the lease (died, most likely).
    const orphan = deps.jobs.leader
      ? sql`OR (status = 'running' AND locked_by <> ${deps.config.instanceId})`
      : sql``;
    const claimed = await deps.database.write((tx) =>
      tx.all<Claimed>(sql`
        UPDATE jobs SET status = 'running', locked_by = ${deps.config.instanceId}, locked_at = ${at},
          attempts = attempts + 1, updated_at = ${at}
        WHERE id IN (
          SELECT id FROM jobs
          WHERE ((status = 'pending' AND run_at <= ${at}) OR (status = 'running' AND locked_at < ${stale}) ${orphan})
            -- FIFO per order key: only the oldest unfinished job of a key may run.
            AND (order_key IS NULL OR NOT EXISTS (
              SELECT 1 FROM jobs p WHERE p.order_key = jobs.order_key AND p.id < jobs.id
                AND p.status IN ('pending', 'running')))
          ORDER BY run_at, id LIMIT ${BATCH})
        RETURNING id, name, payload, attempts, max_attempts`)
    );
    if (!claimed.length) break;
    await Promise.all(claimed.map((j) => runOne(deps, j)));
    ran += claimed.length;
  }
  return ran;
}

/** Thrown by a handler when retrying cannot help (e.g. a refused webhook URL): the job fails at once. */
export class PermanentJobError extends Error {}

/**
 * Thrown by a handler the provider told when to come back (HTTP 429 `retry_after`): the next attempt
 * runs after `delayMs` instead of the backoff. It still counts as an attempt.
 */
export class RetryLaterError extends Error {
  constructor(message: string, readonly delayMs: number) {
    super(message);
  }
}

/** Per app (tests run several in one process): pace key → when its next job may start (ms). */
const paceSlots = new WeakMap<Deps, Map<string, number>>();

/**
 * Takes the job's pace slots, or says how long it must wait for them. Synchronous between the
 * check and the reservation, so jobs of one batch running side by side never share a slot.
 */
function takeSlots(deps: Deps, slots: PaceSlot[], now: number): number {
  let slotsOf = paceSlots.get(deps);
  if (!slotsOf) paceSlots.set(deps, slotsOf = new Map());
  const wait = Math.max(0, ...slots.map((s) => (slotsOf.get(s.key) ?? 0) - now));
  if (wait > 0) return wait;
  for (const s of slots) slotsOf.set(s.key, now + s.gapMs);
  return 0;
}

async function runOne(deps: Deps, j: Claimed): Promise<void> {
  const def = handlers.get(j.name);
  const payload = JSON.parse(j.payload);
  const wait = def?.pace ? takeSlots(deps, def.pace(payload), deps.clock.now().getTime()) : 0;
  if (wait > 0) {
    // Not its turn yet: back to the queue for when its slot frees, the attempt given back.
    const now = deps.clock.now();
    await deps.database.write((tx) =>
      tx.run(sql`
        UPDATE jobs SET status = 'pending', attempts = attempts - 1,
          run_at = ${new Date(now.getTime() + wait).toISOString()},
          locked_by = NULL, locked_at = NULL, updated_at = ${now.toISOString()}
        WHERE id = ${j.id}`)
    );
    return;
  }
  let error: string | null = null;
  let permanent = false;
  let delayMs: number | null = null;
  try {
    if (!def) throw new Error(`no handler for job ${j.name}`);
    await def.handle(deps, payload, { id: j.id, attempts: j.attempts });
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    permanent = err instanceof PermanentJobError;
    if (err instanceof RetryLaterError) delayMs = Math.max(0, err.delayMs);
  }
  const now = deps.clock.now();
  const giveUp = error !== null && (permanent || j.attempts >= j.max_attempts);
  const runAt = new Date(now.getTime() + (error === null ? 0 : delayMs ?? backoffMs(j.attempts)));
  await deps.database.write((tx) =>
    tx.run(sql`
      UPDATE jobs SET
        status = ${error === null ? "done" : giveUp ? "failed" : "pending"},
        last_error = ${error},
        run_at = ${runAt.toISOString()},
        locked_by = NULL, locked_at = NULL, updated_at = ${now.toISOString()}
      WHERE id = ${j.id}`)
  );
  if (giveUp && def?.onGiveUp) await def.onGiveUp(deps, payload, error!).catch(() => undefined);
}
