/**
 * Everything a request or job needs: the `Deps` type. server/compose.ts builds it (`createDeps`,
 * production and tests alike); this file only names the parts, so the lower floor that takes a
 * `Deps` imports no feature.
 */
import type { Config } from "./config.ts";
import type { Database, Db } from "@db/client.ts";
import type { Reads } from "@db/read_pool.ts";
import type { EventBus } from "./events/bus.ts";
import type { Hub } from "./realtime/hub.ts";
import type { Broker } from "./realtime/broker.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Clock } from "./lib/time.ts";
import type { SecretBox } from "./lib/crypto.ts";
import type { Tokens } from "./lib/tokens.ts";
import type { MediaStore } from "./media/store.ts";
import type { Storage } from "./lib/storage/storage.ts";
import type { Limiter, WindowCounter } from "./lib/rate_limit_redis.ts";
import type { Caches } from "./caches.ts";
import type { FetchGuard } from "./lib/safe_fetch.ts";
import type { Rpc } from "./fleet/rpc.ts";

export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  /** Heavy reads (dashboards, reports, exports): the read pool's Workers, or `db` without one. */
  reads: Reads;
  bus: EventBus;
  hub: Hub;
  broker: Broker;
  mailer: Mailer;
  clock: Clock;
  secrets: SecretBox;
  tokens: Tokens;
  /** Where files live: DATA_DIR or an S3-compatible bucket (lib/storage/). Features use `media`. */
  storage: Storage;
  media: MediaStore;
  loginLimiter: Limiter;
  /** Requests per API key and minute (api_keys/): Redis when configured, else this instance's memory. */
  apiKeyCounter: WindowCounter;
  /** The job queue's runner on this instance (jobs/worker.ts's JobWorker). */
  jobs: Jobs;
  /** Hot-path reads (settings, connection tokens, connections, session actors): server/caches.ts. */
  caches: Caches;
  /** The SSRF guard every server-side fetch of a URL goes through (lib/safe_fetch.ts). */
  fetchGuard: FetchGuard;
  /** Calls to a named instance (the owner of a WhatsApp session): server/fleet/rpc.ts. */
  rpc: Rpc;
};

/** A recurring job the lease holder runs (the list is server/job_list.ts, given by server/compose.ts). */
export type JobDef = { name: string; pattern: string; run(deps: Deps, now: Date): Promise<void> };

/** What the rest of the process uses of the job runner (jobs/worker.ts implements it). */
export type Jobs = {
  /** Whether this instance holds the scheduler lease (jobs/scheduler.ts sets it). */
  leader: boolean;
  /** The recurring jobs the scheduler runs while this instance leads. */
  readonly scheduled: readonly JobDef[];
  /** Runs the due queued jobs now (when leading). */
  kick(): void;
  /** Waits for the current run (tests, shutdown). */
  idle(): Promise<void>;
};
