/**
 * The composition root: builds the `Deps` (production and tests alike), registers every listener in
 * one ordered list, hands the scheduler every recurring job (job_list.ts) and registers the channel
 * adapters (channels/adapters.ts). Nothing else registers
 * a listener or a job, so the lower floor (lib/, events/, realtime/, jobs/, …) imports no feature.
 */
import type { Config } from "./config.ts";
import type { Deps } from "./deps.ts";
import { openDatabase } from "@db/client.ts";
import { EventBus } from "./events/bus.ts";
import { Hub } from "./realtime/hub.ts";
import { localBroker, redisBroker } from "./realtime/broker.ts";
import { createMailer } from "./mail/mailer.ts";
import { type Clock, systemClock } from "./lib/time.ts";
import { SecretBox } from "./lib/crypto.ts";
import { createTokens } from "./lib/tokens.ts";
import { createMediaStore } from "./media/store.ts";
import { createStorage } from "./lib/storage/storage.ts";
import { MemoryWindowCounter, RateLimiter } from "./lib/rate_limit.ts";
import { redisLimiter, redisWindowCounter } from "./lib/rate_limit_redis.ts";
import { JobWorker } from "./jobs/worker.ts";
import { createCaches, listenForInvalidations } from "./caches.ts";
import { createFetchGuard, type Resolver } from "./lib/safe_fetch.ts";
import { localRpc, redisRpc } from "./fleet/rpc.ts";
import { JOBS } from "./job_list.ts";
import { ReadPool } from "@db/read_pool.ts";
import { registerAdapter } from "./channels/registry.ts";
import { CHANNEL_ADAPTERS } from "./channels/adapters.ts";
import { canViewTicket } from "./tickets/policy.ts";
import { SettingsCache } from "./settings/cache.ts";
import { stopIngestThread } from "./inbox/ingest_thread.ts";
import { stopPresence } from "./users/presence.ts";
import { wireCampaignListeners } from "./campaigns/listeners.ts";
import { wireTimerListeners } from "./timers/listeners.ts";
import { wireBillingListeners } from "./billing/listeners.ts";
import { wireKanbanListeners } from "./kanban/listeners.ts";
import { wireChatListeners } from "./chats/listeners.ts";
import { wireAnnouncementListeners } from "./announcements/listeners.ts";
import { wireContactListeners } from "./contacts/listeners.ts";
import { wireIntegrationListeners } from "./integrations/listeners.ts";
import { wireWebchatListeners } from "./webchat/listeners.ts";
import { wireFlowListeners } from "./flows/listeners.ts";
import { wireChannelListeners } from "./channels/listeners.ts";
import { wireAuthListeners } from "./auth/listeners.ts";
import { wireUserListeners } from "./users/listeners.ts";
import { wireConnectionListeners } from "./connections/listeners.ts";
import { wireRealtimeListeners } from "./realtime/listeners.ts";
import { wireAutomationListeners } from "./automation/listeners.ts";
import { wirePushListeners } from "./push/listeners.ts";
import { wireWebhookListeners } from "./webhooks/listeners.ts";
import { wireAiAssistListeners } from "./ai_assist/listeners.ts";
import { wireDashboardListeners } from "./dashboard/listeners.ts";

// The channels' adapters, once per process (the registry is the process's, like the modules).
for (const a of CHANNEL_ADAPTERS) registerAdapter(a);

/**
 * Every subscriber, in registration order. Handlers of one event start in this order: a feature's
 * own reaction (timers, integrations' hand-over, kanban, webchat) before the caches' eviction
 * (auth, users, connections), before the socket fan-out (realtime), before the automation runner,
 * and the event webhooks last (nothing waits on them).
 * ARCHITECTURE.md ("Events: who reacts") lists the same table; tests/hardening/event_wiring_test.ts
 * keeps the two equal.
 */
export const LISTENERS: readonly ((deps: Deps) => void)[] = [
  wireCampaignListeners,
  wireTimerListeners,
  wireBillingListeners,
  wireKanbanListeners,
  wireChatListeners,
  wireAnnouncementListeners,
  wireContactListeners,
  wireIntegrationListeners,
  wireWebchatListeners,
  wireFlowListeners,
  wireChannelListeners,
  wireAuthListeners,
  wireUserListeners,
  wireConnectionListeners,
  wireRealtimeListeners,
  wireAutomationListeners,
  wirePushListeners,
  wireWebhookListeners,
  wireAiAssistListeners,
  wireDashboardListeners,
];

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
  const storage = createStorage(config);
  // deno-lint-ignore prefer-const
  let deps: Deps;
  deps = {
    config,
    database,
    db: database.db,
    reads: database.local?.path && config.readWorkers > 0
      ? new ReadPool(database.local.path, config.readWorkers)
      : database.db,
    bus: new EventBus(),
    hub: new Hub(broker, canViewTicket, {
      maxBufferedBytes: config.realtime.maxBufferedBytes,
      maxLagMs: config.realtime.maxLagMs,
      maxSocketLagMs: config.realtime.maxSocketLagMs,
    }),
    broker,
    mailer: createMailer(config),
    clock: opts.clock ?? systemClock,
    secrets: await SecretBox.create(config.appSecret),
    tokens: await createTokens(config.appSecret),
    storage,
    media: await createMediaStore(config, storage),
    // 10 failed logins per e-mail+address in 15 minutes, shared by every instance: in Redis when
    // there is one (the fleet), else in the database.
    loginLimiter: config.redisUrl
      ? await redisLimiter(config.redisUrl, "login", 10, 15 * 60_000)
      : new RateLimiter(database, 10, 15 * 60_000, () => deps.clock.now()),
    // API keys: a counter per key and minute, shared by the fleet through Redis; without Redis kept
    // in memory, since a database write per API call would queue every call behind the one writer.
    apiKeyCounter: config.redisUrl
      ? await redisWindowCounter(config.redisUrl, "apikey", 60_000)
      : new MemoryWindowCounter(60_000, () => deps.clock.now()),
    jobs: new JobWorker(() => deps, JOBS),
    caches: createCaches((o) => new SettingsCache(database.db, o)),
    fetchGuard: createFetchGuard({
      allowPrivateUrls: config.allowPrivateUrls,
      trustedUrls: Object.values(config.providers),
      resolve: opts.resolve,
    }),
    rpc,
  };
  listenForInvalidations(broker, deps.caches);
  for (const wire of LISTENERS) wire(deps);
  return deps;
}

export async function closeDeps(deps: Deps): Promise<void> {
  deps.hub.closeAll();
  stopPresence(deps);
  await deps.bus.drain();
  await deps.broker.close();
  await deps.rpc.close();
  await deps.loginLimiter.close?.();
  await deps.apiKeyCounter.close?.();
  stopIngestThread(deps);
  if (deps.reads instanceof ReadPool) deps.reads.close();
  deps.database.close();
}
