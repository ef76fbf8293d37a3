/**
 * The real-time hub: one socket set per company, permission-filtered fan-out.
 *
 * Publishing goes through a broker (in-process, or Redis pub/sub across instances); every
 * instance delivers an envelope only to its own sockets, after filtering by audience. Delivery is
 * queued (fanout.ts): the frame is serialised once per envelope and written in slices off the
 * request path, per-company round-robin; a socket that stays behind is shed.
 */
import type { TicketScope, Viewer } from "../lib/actor.ts";
import type { Audience, Envelope } from "./envelope.ts";
import type { Broker } from "./broker.ts";
import { defaultFanoutOptions, Fanout, type FanoutOptions, type Target } from "./fanout.ts";

export type Client = Target & {
  companyId: number;
  sessionId: string;
  viewer: Viewer;
  rooms: Set<string>;
};

export type { Audience, Envelope };

/** Whether a viewer may see a ticket: the tickets feature's policy, given by the composition root. */
export type CanViewTicket = (v: Viewer, t: TicketScope) => boolean;

export class Hub {
  #companies = new Map<number, Set<Client>>();
  #seq = 0;
  readonly fanout: Fanout<Client>;
  constructor(
    private broker: Broker,
    private canView: CanViewTicket,
    opts: Partial<FanoutOptions> = {},
  ) {
    this.fanout = new Fanout<Client>(
      { ...defaultFanoutOptions, ...opts },
      (key) => key == null ? this.#all() : this.#companies.get(key) ?? [],
    );
    broker.subscribe((env) => this.deliver(env));
  }

  add(client: Client): void {
    client.seq = ++this.#seq;
    let set = this.#companies.get(client.companyId);
    if (!set) this.#companies.set(client.companyId, set = new Set());
    set.add(client);
  }

  /** Refuses the company's new sockets for `ms` (0 lifts it); they are told to try again later. */
  refuse(companyId: number, ms: number): void {
    this.fanout.refuse(companyId, ms);
  }

  /** A company whose fan-out lagged refuses new sockets for a while (they retry later). */
  refusing(companyId: number): boolean {
    return this.fanout.refusing(companyId);
  }

  remove(client: Client): void {
    const set = this.#companies.get(client.companyId);
    set?.delete(client);
    if (set && !set.size) this.#companies.delete(client.companyId);
  }

  /** Sends to every instance; each delivers to its own sockets. */
  publish(env: Envelope): Promise<void> {
    return this.broker.publish(env);
  }

  /** Connected sockets (all companies, this instance). */
  get size(): number {
    let n = 0;
    for (const s of this.#companies.values()) n += s.size;
    return n;
  }

  /** Whether the user has a socket on this instance. */
  hasUser(companyId: number, userId: number): boolean {
    for (const c of this.#companies.get(companyId) ?? []) if (c.viewer.userId === userId) return true;
    return false;
  }

  /**
   * Queues the envelope on its company's lane. Its targets are chosen (and a viewer update applied)
   * when the lane reaches it, so envelopes of one company take effect in order.
   */
  deliver(env: Envelope): void {
    const key = env.companyId;
    if (key == null ? !this.#companies.size : !this.#companies.has(key)) return;
    this.fanout.enqueue(key, {
      frame: JSON.stringify({ event: env.event, data: env.data }),
      start: () => {
        const all = key == null ? [...this.#all()] : [...(this.#companies.get(key) ?? [])];
        const update = env.viewerUpdate;
        if (update) { for (const c of all) if (c.viewer.userId === update.userId) c.viewer = update; }
        return all.filter((c) => matches(c, env.audience, this.canView));
      },
      after: env.closeSessions?.length
        ? () => {
          const ids = new Set(env.closeSessions);
          const all = key == null ? [...this.#all()] : [...(this.#companies.get(key) ?? [])];
          for (const c of all) if (ids.has(c.sessionId)) c.socket.close(4001, "session revoked");
        }
        : undefined,
    });
  }

  /**
   * Sheds this instance's sockets of a company that match `where` (as the fan-out sheds a slow
   * one): closed with the retry code; their clients reconnect and refetch. Returns how many.
   */
  shed(companyId: number, where: (c: Client) => boolean, reason = "try again later"): number {
    const hit = [...(this.#companies.get(companyId) ?? [])].filter(where);
    for (const c of hit) this.fanout.shed(c, reason);
    return hit.length;
  }

  /** The company's sockets on this instance: unsent bytes and how long they are behind (ms). */
  backlogOf(companyId: number): { userId: number; sessionId: string; unsent: number; behindMs: number }[] {
    return [...(this.#companies.get(companyId) ?? [])].map((c) => ({
      userId: c.viewer.userId,
      sessionId: c.sessionId,
      unsent: c.socket.bufferedAmount,
      behindMs: this.fanout.behind(c),
    }));
  }

  /** Resolves once every queued envelope has been written to its sockets. */
  flushed(): Promise<void> {
    return this.fanout.idle();
  }

  *#all(): Iterable<Client> {
    for (const s of this.#companies.values()) yield* s;
  }

  closeAll(): void {
    for (const set of this.#companies.values()) for (const c of set) c.socket.close(1001, "shutdown");
    this.#companies.clear();
  }
}

function matches(c: Client, a: Audience, canView: CanViewTicket): boolean {
  switch (a.kind) {
    case "company":
      return true;
    case "admins":
      return c.viewer.profile === "admin";
    case "profile":
      return c.viewer.profile === a.profile;
    case "users":
      return a.userIds.includes(c.viewer.userId);
    case "sessions":
      return a.sessionIds.includes(c.sessionId);
    case "ticket":
      return (!a.only || c.viewer.profile === a.only) && canView(c.viewer, a.ticket);
    case "room":
      return c.rooms.has(a.room);
  }
}
