/**
 * Online flag of a user: set while the user has a socket open on this instance.
 *
 * Socket churn must not turn into database and fan-out storms: arrivals within a few
 * milliseconds are written in one transaction (one turn of the shared write lock, not one per
 * socket), and a user whose last socket closes goes offline only after a grace period, so a client
 * that reconnects (after a network blip, a shed, a restart of the hub) changes nothing — no write
 * and no `company-{id}-user` frame to every other socket of the company. The reference marks users
 * offline after 5 minutes without requests; 30 s (WS_PRESENCE_GRACE_MS) keeps the flag honest and the churn quiet.
 */
import { and, eq, inArray } from "drizzle-orm";
import { users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { userDTOs } from "./service.ts";

const BATCH_MS = 50;

type Change = { companyId: number; userId: number; online: boolean };

class Presence {
  #offline = new Map<string, ReturnType<typeof setTimeout>>();
  #pending = new Map<string, Change>();
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  constructor(private deps: Deps) {}

  /** A socket of the user opened; `others`: the user already had one on this instance. */
  connected(companyId: number, userId: number, others: boolean) {
    const key = `${companyId}:${userId}`;
    const timer = this.#offline.get(key);
    if (timer !== undefined) {
      clearTimeout(timer); // back within the grace period: never went offline
      this.#offline.delete(key);
      return;
    }
    if (!others) this.#queue({ companyId, userId, online: true });
  }

  /** A socket of the user closed; `others`: the user still has one on this instance. */
  disconnected(companyId: number, userId: number, others: boolean) {
    const key = `${companyId}:${userId}`;
    if (others || this.#stopped || this.#offline.has(key)) return;
    this.#offline.set(
      key,
      setTimeout(() => {
        this.#offline.delete(key);
        if (!this.deps.hub.hasUser(companyId, userId)) this.#queue({ companyId, userId, online: false });
      }, this.deps.config.realtime.presenceGraceMs),
    );
  }

  stop() {
    this.#stopped = true;
    for (const t of this.#offline.values()) clearTimeout(t);
    this.#offline.clear();
    clearTimeout(this.#flushTimer);
    this.#pending.clear();
  }

  #queue(c: Change) {
    if (this.#stopped) return;
    this.#pending.set(`${c.companyId}:${c.userId}`, c);
    this.#flushTimer ??= setTimeout(() => {
      this.#flushTimer = undefined;
      this.#flush().catch((err) => console.error("[ws] presence", err));
    }, BATCH_MS);
  }

  async #flush() {
    const changes = [...this.#pending.values()];
    this.#pending.clear();
    const now = this.deps.clock.now().toISOString();
    // One transaction for the batch; per (company, state) one UPDATE of the users whose flag differs.
    const groups = new Map<string, Change[]>();
    for (const c of changes) {
      const k = `${c.companyId}:${c.online}`;
      groups.set(k, [...(groups.get(k) ?? []), c]);
    }
    const changed = await this.deps.database.write(async (tx) => {
      const rows = [];
      for (const g of groups.values()) {
        const { companyId, online } = g[0];
        rows.push(
          ...await tx.update(users).set({ online, lastSeenAt: now })
            .where(and(
              eq(users.companyId, companyId),
              inArray(users.id, g.map((c) => c.userId)),
              eq(users.online, !online),
            ))
            .returning(),
        );
      }
      return rows;
    });
    const byCompany = new Map<number, typeof changed>();
    for (const r of changed) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r]);
    for (const [companyId, rows] of byCompany) {
      for (const user of await userDTOs(this.deps, companyId, rows)) {
        this.deps.bus.emit("user.presence", { companyId, user });
      }
    }
  }
}

const trackers = new WeakMap<Deps, Presence>();

export function presence(deps: Deps): Presence {
  let p = trackers.get(deps);
  if (!p) trackers.set(deps, p = new Presence(deps));
  return p;
}

/** Drops pending timers and writes (shutdown; tests). */
export function stopPresence(deps: Deps): void {
  trackers.get(deps)?.stop();
}
