/**
 * Who reads each mailbox, and when. With several instances one process holds a mailbox: the
 * holder of the lease `mail:{id}` (taken and renewed every 10 s, as WhatsApp sessions are held), so
 * two instances never fetch the same mail at once. The holder keeps one IMAP connection open and
 * waits in IDLE: a new mail (an EXISTS) wakes it at once; every POLL_MS it reads anyway (the
 * polling fallback, for servers without IDLE — imapflow then NOOPs — and for an IDLE that went
 * silently dead). A failure is written on the connection (DISCONNECTED, `last_error`) and the
 * watcher comes back with backoff (2 s doubling to 60 s); the next success clears it.
 */
import { eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import { type ConnectionRow, unscopedFindConnectionById } from "../../connections/repo.ts";
import { updateSession } from "../../connections/status.ts";
import { acquireLease, releaseLease } from "../../jobs/lease.ts";
import { closeImap, openImap } from "./imap.ts";
import { syncWith } from "./sync.ts";

export const mailLease = (connectionId: number) => `mail:${connectionId}`;
export const POLL_MS = 60_000;
const RENEW_MS = 10_000;

type Watch = { stopped: boolean; wake: () => void; done: Promise<void> };

export class EmailWatchers {
  #watches = new Map<number, Watch>();
  #timer?: ReturnType<typeof setTimeout>;
  #holder: string;

  constructor(private deps: Deps, private opts: { pollMs?: number; leaseTtlMs?: number } = {}) {
    this.#holder = deps.config.instanceId;
  }

  /** Renews the leases every 10 s and starts or stops watchers to match. */
  start(): void {
    const loop = () => {
      this.tick().catch((err) => console.warn("[email] watchers:", (err as Error).message))
        .finally(() => this.#timer = setTimeout(loop, RENEW_MS));
    };
    loop();
  }

  /** One round: every e-mail connection with credentials, its lease taken or let go. */
  async tick(): Promise<void> {
    // unscoped: the process serves every company's mailboxes.
    const conns = await this.deps.db.select().from(whatsapps).where(eq(whatsapps.channel, "email"));
    const ids = new Set<number>();
    for (const conn of conns) {
      if (!conn.emailSecret) continue;
      ids.add(conn.id);
      const mine = await acquireLease(
        this.deps.database,
        mailLease(conn.id),
        this.#holder,
        this.opts.leaseTtlMs ?? this.deps.config.leaseTtlMs,
        this.deps.clock.now(),
      );
      if (mine && !this.#watches.has(conn.id)) this.#watch(conn);
      if (!mine) await this.#stop(conn.id, false);
    }
    for (const id of [...this.#watches.keys()]) if (!ids.has(id)) await this.#stop(id, true);
  }

  /** Wakes the watcher of a connection now (after a save), if this process holds it. */
  kick(connectionId: number): boolean {
    const w = this.#watches.get(connectionId);
    w?.wake();
    return !!w;
  }

  /** Restarts a connection's watcher with its new settings (the adapter's connect). */
  async restart(connectionId: number): Promise<void> {
    if (!this.#watches.has(connectionId)) return;
    await this.#stop(connectionId, false);
    await this.tick();
  }

  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    for (const id of [...this.#watches.keys()]) await this.#stop(id, true);
  }

  async #stop(id: number, release: boolean) {
    const w = this.#watches.get(id);
    if (!w) return;
    w.stopped = true;
    w.wake();
    this.#watches.delete(id);
    await w.done;
    if (release) await releaseLease(this.deps.database, mailLease(id), this.#holder).catch(() => undefined);
  }

  #watch(first: ConnectionRow) {
    const w: Watch = { stopped: false, wake: () => {}, done: Promise.resolve() };
    this.#watches.set(first.id, w);
    w.done = this.#run(first.id, w);
  }

  async #run(id: number, w: Watch): Promise<void> {
    const deps = this.deps;
    let backoff = 2000;
    while (!w.stopped) {
      const conn = await unscopedFindConnectionById(deps.db, id);
      if (!conn) return;
      let client: Awaited<ReturnType<typeof openImap>> | null = null;
      try {
        client = await openImap(deps, conn);
        if (conn.status !== "CONNECTED" || conn.lastError) {
          await updateSession(deps, conn, { status: "CONNECTED", lastError: null });
        }
        backoff = 2000;
        // Mail that arrives during a pass (its EXISTS comes while we are not in IDLE) must not
        // wait for the next poll: the pass is run again at once.
        let arrived = false;
        client.on("exists", () => void (arrived = true));
        while (!w.stopped && client.usable) {
          arrived = false;
          await syncWith(deps, conn, client);
          if (w.stopped) break;
          if (!arrived) await this.#idle(client, w);
        }
      } catch (err) {
        const message = (err as Error).message || String(err);
        console.warn(`[email] connection ${id}:`, message);
        await updateSession(deps, conn, { status: "DISCONNECTED", lastError: message.slice(0, 500) });
      } finally {
        if (client) await closeImap(client);
      }
      if (w.stopped) return;
      await this.#sleep(w, backoff);
      backoff = Math.min(backoff * 2, 60_000);
    }
  }

  /** IDLE until new mail, the poll interval, a kick or a stop. */
  async #idle(client: Awaited<ReturnType<typeof openImap>>, w: Watch): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.opts.pollMs ?? POLL_MS);
      const onExists = () => done();
      const onClose = () => done();
      function done() {
        clearTimeout(timer);
        client.off("exists", onExists);
        client.off("close", onClose);
        resolve();
      }
      w.wake = done;
      client.on("exists", onExists);
      client.on("close", onClose);
      // Ends by itself when the next command (the sync's) is sent.
      client.idle().catch(() => done());
    });
  }

  #sleep(w: Watch, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      w.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

const watchers = new WeakMap<Deps, EmailWatchers>();

/** The process's watchers (main.ts starts them; tests start their own). */
export function emailWatchers(deps: Deps): EmailWatchers | undefined {
  return watchers.get(deps);
}

export function startEmailWatchers(
  deps: Deps,
  opts?: { pollMs?: number; leaseTtlMs?: number },
): EmailWatchers {
  const w = new EmailWatchers(deps, opts);
  watchers.set(deps, w);
  w.start();
  return w;
}

export async function stopEmailWatchers(deps: Deps): Promise<void> {
  await watchers.get(deps)?.stop();
  watchers.delete(deps);
}
