/**
 * The hot-path caches held in `deps.caches`, and their invalidation.
 *
 * | cache         | key                 | holds                                        |
 * | ------------- | ------------------- | -------------------------------------------- |
 * | `settings`    | company id          | every setting of the company                 |
 * | `bearer`      | connection token    | the connection with its company and plan     |
 * | `connections` | connection id       | the connection and its queues (automation)   |
 * | `actors`      | auth session id     | the signed-in actor (user, company, plan)    |
 *
 * Every entry lives at most CACHE_TTL_MS. A write evicts what it made stale on this instance at
 * once (`invalidate`), and the same invalidation goes to the other instances through the broker
 * when REDIS_URL is set; the TTL bounds the staleness if such a message is lost.
 */
import type { whatsapps } from "@db/schema.ts";
import type { Config } from "./config.ts";
import type { Broker } from "./realtime/broker.ts";
import type { Envelope } from "./realtime/hub.ts";
import { TtlCache } from "./lib/cache.ts";
import type { Actor, CompanyRow, PlanRow } from "./lib/actor.ts";

export const CACHE_TTL_MS = 5_000;

type ConnectionRow = typeof whatsapps.$inferSelect;

/** The settings cache (settings/cache.ts): every setting of a company, registry defaults filled in. */
export type SettingsReader = {
  get(companyId: number, key: string): Promise<string>;
  getMany(companyId: number, keys: readonly string[]): Promise<Record<string, string>>;
  invalidate(companyId: number): void;
  clear(): void;
};

/** A connection token's connection with its company and plan (connections/bearer.ts). */
export type BearerEntry = { conn: ConnectionRow; company: CompanyRow; plan: PlanRow };
/** A session's actor and when its session expires (auth/sessions.ts). */
export type CachedActor = { actor: Actor; expiresAt: string };
/** A connection and its queues in menu order, as the automation runner reads them. */
export type ConnectionWithQueues = {
  connection: ConnectionRow;
  queues: readonly { id: number; name: string; color: string; orderQueue: number | null }[];
};

export type Caches = {
  settings: SettingsReader;
  bearer: TtlCache<string, BearerEntry>;
  connections: TtlCache<number, ConnectionWithQueues>;
  actors: TtlCache<string, CachedActor>;
};

/** What a write made stale. Serialisable: it crosses instances through the broker. */
export type Invalidation =
  /** A setting of the company changed (company 1: the platform's settings). */
  | { kind: "settings"; companyId: number }
  /** A connection of the company, its queues or the company's queues changed. */
  | { kind: "connections"; companyId: number }
  /** These sessions were revoked (login elsewhere, logout, token reuse, password reset). */
  | { kind: "sessions"; companyId: number; sessionIds: string[] }
  /** The user changed (flags, profile, queues) or was deleted. */
  | { kind: "user"; companyId: number; userId: number }
  /** The company row changed (status, due date, plan, time zone) or was deleted. */
  | { kind: "company"; companyId: number }
  /** The plan's flags or limits changed. */
  | { kind: "plan"; planId: number };

/** `settings` builds the settings cache (the settings feature's, given by the composition root). */
export function createCaches(
  settings: (opts: { ttlMs: number; maxSize: number }) => SettingsReader,
  o: { ttlMs?: number } = {},
): Caches {
  const ttlMs = o.ttlMs ?? CACHE_TTL_MS;
  return {
    settings: settings({ ttlMs, maxSize: 2_000 }),
    bearer: new TtlCache({ ttlMs, maxSize: 2_000 }),
    connections: new TtlCache({ ttlMs, maxSize: 2_000 }),
    actors: new TtlCache({ ttlMs, maxSize: 10_000 }),
  };
}

/** Evicts on this instance only. */
export function evict(caches: Caches, inv: Invalidation): void {
  switch (inv.kind) {
    case "settings":
      caches.settings.invalidate(inv.companyId);
      return;
    case "connections":
      caches.bearer.deleteWhere((e) => e.conn.companyId === inv.companyId);
      caches.connections.deleteWhere((e) => e.connection.companyId === inv.companyId);
      return;
    case "sessions":
      for (const id of inv.sessionIds) caches.actors.delete(id);
      return;
    case "user":
      caches.actors.deleteWhere((e) => e.actor.userId === inv.userId);
      return;
    case "company":
      caches.actors.deleteWhere((e) => e.actor.companyId === inv.companyId);
      caches.bearer.deleteWhere((e) => e.company.id === inv.companyId);
      caches.connections.deleteWhere((e) => e.connection.companyId === inv.companyId);
      caches.settings.invalidate(inv.companyId);
      return;
    case "plan":
      caches.actors.deleteWhere((e) => e.actor.plan.id === inv.planId);
      caches.bearer.deleteWhere((e) => e.plan.id === inv.planId);
      return;
  }
}

/**
 * The broker carries hub envelopes; an invalidation rides in one whose audience is no socket
 * (`sessions: []`), so the hub delivers it to nobody and `listenForInvalidations` applies it.
 * Its company narrows the hub's (empty) fan-out to that company's sockets.
 */
const EVENT = "atende:cache.invalidate";

/** Evicts on this instance at once, then on the other instances (only when REDIS_URL is set). */
export function invalidate(
  deps: { caches: Caches; broker: Broker; config: Pick<Config, "redisUrl"> },
  inv: Invalidation,
): void {
  evict(deps.caches, inv);
  if (!deps.config.redisUrl) return;
  const env: Envelope = {
    companyId: "companyId" in inv ? inv.companyId : null,
    event: EVENT,
    data: inv,
    audience: { kind: "sessions", sessionIds: [] },
  };
  deps.broker.publish(env).catch((err) => console.error("[cache] invalidation not published", err));
}

/** Applies the invalidations other instances publish (and this one's own, again: harmless). */
export function listenForInvalidations(broker: Broker, caches: Caches): void {
  broker.subscribe((env) => {
    if (env.event === EVENT) evict(caches, env.data as Invalidation);
  });
}

/**
 * Forgets everything on this instance. For code that changed rows behind the services' back
 * (tests that write fixtures directly, maintenance scripts); services invalidate precisely.
 */
export function clearCaches(caches: Caches): void {
  caches.settings.clear();
  caches.bearer.clear();
  caches.connections.clear();
  caches.actors.clear();
}
