/**
 * The real-time hub: one socket set per company, permission-filtered fan-out.
 *
 * Publishing goes through a broker (in-process, or Redis pub/sub across instances); every
 * instance delivers an envelope only to its own sockets, after filtering by audience.
 */
import { canViewTicket, type TicketScope, type Viewer } from "../tickets/policy.ts";
import type { Broker } from "./broker.ts";

/** Who an envelope is for. Serialisable so it can cross Redis. */
export type Audience =
  | { kind: "company" }
  | { kind: "admins" }
  | { kind: "profile"; profile: "admin" | "user" }
  | { kind: "users"; userIds: number[] }
  | { kind: "sessions"; sessionIds: string[] }
  /** Viewers allowed to see the ticket; `only` narrows to one profile (LGPD-masked copies). */
  | { kind: "ticket"; ticket: TicketScope & { id: number }; only?: "admin" | "user" }
  | { kind: "room"; room: string };

export type Envelope = {
  /** null = every company (platform announcements). */
  companyId: number | null;
  event: string;
  data: unknown;
  audience: Audience;
  /** Replace the viewer snapshot of this user's sockets (their queues or flags changed). */
  viewerUpdate?: Viewer;
  /** Close these sessions' sockets after delivering. */
  closeSessions?: string[];
};

export type Client = {
  socket: WebSocket;
  companyId: number;
  sessionId: string;
  viewer: Viewer;
  rooms: Set<string>;
};

export class Hub {
  #companies = new Map<number, Set<Client>>();
  constructor(private broker: Broker) {
    broker.subscribe((env) => this.deliver(env));
  }

  add(client: Client): void {
    let set = this.#companies.get(client.companyId);
    if (!set) this.#companies.set(client.companyId, set = new Set());
    set.add(client);
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

  onlineUserIds(companyId: number): Set<number> {
    return new Set([...(this.#companies.get(companyId) ?? [])].map((c) => c.viewer.userId));
  }

  deliver(env: Envelope): void {
    const targets = env.companyId == null
      ? [...this.#companies.values()].flatMap((s) => [...s])
      : [...(this.#companies.get(env.companyId) ?? [])];
    if (!targets.length) return;
    if (env.viewerUpdate) {
      for (const c of targets) if (c.viewer.userId === env.viewerUpdate.userId) c.viewer = env.viewerUpdate;
    }
    const frame = JSON.stringify({ event: env.event, data: env.data });
    for (const c of targets) {
      if (!matches(c, env.audience) || c.socket.readyState !== WebSocket.OPEN) continue;
      try {
        c.socket.send(frame);
      } catch { /* socket closing */ }
    }
    if (env.closeSessions?.length) {
      const ids = new Set(env.closeSessions);
      for (const c of targets) if (ids.has(c.sessionId)) c.socket.close(4001, "session revoked");
    }
  }

  closeAll(): void {
    for (const set of this.#companies.values()) for (const c of set) c.socket.close(1001, "shutdown");
    this.#companies.clear();
  }
}

function matches(c: Client, a: Audience): boolean {
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
      return (!a.only || c.viewer.profile === a.only) && canViewTicket(c.viewer, a.ticket);
    case "room":
      return c.rooms.has(a.room);
  }
}
