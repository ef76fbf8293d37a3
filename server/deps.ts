/** Everything a request or job needs, built once by `createDeps` (production and tests alike). */
import type { Config } from "./config.ts";
import type { Database, Db } from "@db/client.ts";
import { openDatabase } from "@db/client.ts";
import { EventBus } from "./events/bus.ts";
import { Hub } from "./realtime/hub.ts";
import { type Broker, localBroker, redisBroker } from "./realtime/broker.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { type Clock, systemClock } from "./lib/time.ts";
import { SecretBox } from "./lib/crypto.ts";
import { createTokens, type Tokens } from "./auth/tokens.ts";
import { createMediaStore, type MediaStore } from "./media/store.ts";
import { RateLimiter } from "./lib/rate_limit.ts";
import { type Limiter, redisLimiter } from "./lib/rate_limit_redis.ts";
import { wireListeners } from "./events/listeners.ts";
import { JobWorker } from "./jobs/worker.ts";
import { type Caches, createCaches, listenForInvalidations } from "./caches.ts";
import { stopIngestThread } from "./inbox/ingest_thread.ts";
import { createFetchGuard, type FetchGuard, type Resolver } from "./lib/safe_fetch.ts";
import { stopPresence } from "./realtime/presence.ts";
import { localRpc, redisRpc, type Rpc } from "./fleet/rpc.ts";

export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  bus: EventBus;
  hub: Hub;
  broker: Broker;
  mailer: Mailer;
  clock: Clock;
  secrets: SecretBox;
  tokens: Tokens;
  media: MediaStore;
  loginLimiter: Limiter;
  jobs: JobWorker;
  /** Hot-path reads (settings, connection tokens, connections, session actors): server/caches.ts. */
  caches: Caches;
  /** The SSRF guard every server-side fetch of a URL goes through (lib/safe_fetch.ts). */
  fetchGuard: FetchGuard;
  /** Calls to a named instance (the owner of a WhatsApp session): server/fleet/rpc.ts. */
  rpc: Rpc;
};

export async function createDeps(
  config: Config,
  opts: { clock?: Clock; resolve?: Resolver } = {},
): Promise<Deps> {
  const database = await openDatabase(config.databaseUrl, {
    syncUrl: config.databaseSyncUrl,
    authToken: config.databaseAuthToken,
    syncIntervalS: config.databaseSyncInterval,
    forceClient: config.databaseForceClient,
  });
  const broker = config.redisUrl ? await redisBroker(config.redisUrl) : localBroker();
  const rpc = config.redisUrl
    ? await redisRpc(config.redisUrl, config.instanceId)
    : localRpc(config.instanceId);
  // deno-lint-ignore prefer-const
  let deps: Deps;
  deps = {
    config,
    database,
    db: database.db,
    bus: new EventBus(),
    hub: new Hub(broker, {
      maxBufferedBytes: config.realtime.maxBufferedBytes,
      maxLagMs: config.realtime.maxLagMs,
    }),
    broker,
    mailer: createMailer(config),
    clock: opts.clock ?? systemClock,
    secrets: await SecretBox.create(config.appSecret),
    tokens: await createTokens(config.appSecret),
    media: await createMediaStore(config),
    // 10 failed logins per e-mail+address in 15 minutes, shared by every instance: in Redis when
    // there is one (the fleet), else in the database.
    loginLimiter: config.redisUrl
      ? await redisLimiter(config.redisUrl, "login", 10, 15 * 60_000)
      : new RateLimiter(database, 10, 15 * 60_000, () => deps.clock.now()),
    jobs: new JobWorker(() => deps),
    caches: createCaches(database.db),
    fetchGuard: createFetchGuard({
      allowPrivateUrls: config.allowPrivateUrls,
      trustedUrls: Object.values(config.providers),
      resolve: opts.resolve,
    }),
    rpc,
  };
  listenForInvalidations(broker, deps.caches);
  wireListeners(deps);
  return deps;
}

export async function closeDeps(deps: Deps): Promise<void> {
  deps.hub.closeAll();
  stopPresence(deps);
  await deps.bus.drain();
  await deps.broker.close();
  await deps.rpc.close();
  await deps.loginLimiter.close?.();
  stopIngestThread(deps);
  deps.database.close();
}
