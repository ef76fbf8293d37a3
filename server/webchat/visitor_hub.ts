/**
 * The visitors' sockets, apart from the staff hub: one set per visitor (companyId + visitor
 * number), never in a company's staff fan-out. Frames for a visitor cross instances through the
 * same broker as the staff envelopes (an envelope addressed to a room no staff socket joins), so
 * an attendant replying on one instance reaches a visitor connected to another.
 */
import type { Deps } from "../deps.ts";
import type { Envelope } from "../realtime/hub.ts";
import { SHED_CODE } from "../realtime/fanout.ts";

export const VISITOR_EVENT = "webchat.visitor";
/** Unsent bytes a visitor socket may hold (a few images' worth of frames) before it is dropped. */
const MAX_BUFFERED = 64 * 1024;
/** Sockets one visitor may hold open at once (tabs); the oldest goes first. */
export const MAX_SOCKETS_PER_VISITOR = 5;

export type VisitorFrame = Record<string, unknown> & { type: string };

export class VisitorHub {
  #sockets = new Map<string, Set<WebSocket>>();

  static key = (companyId: number, number: string) => `${companyId}:${number}`;

  add(key: string, ws: WebSocket): void {
    let set = this.#sockets.get(key);
    if (!set) this.#sockets.set(key, set = new Set());
    if (set.size >= MAX_SOCKETS_PER_VISITOR) {
      const oldest = set.values().next().value!;
      set.delete(oldest);
      oldest.close(4002, "too many tabs");
    }
    set.add(ws);
  }

  remove(key: string, ws: WebSocket): void {
    const set = this.#sockets.get(key);
    set?.delete(ws);
    if (set && !set.size) this.#sockets.delete(key);
  }

  has(key: string): boolean {
    return this.#sockets.has(key);
  }

  get size(): number {
    let n = 0;
    for (const s of this.#sockets.values()) n += s.size;
    return n;
  }

  /** Writes to this instance's sockets of the visitor; a socket that does not read is dropped. */
  deliver(key: string, frame: VisitorFrame, except?: WebSocket): void {
    const set = this.#sockets.get(key);
    if (!set) return;
    const text = JSON.stringify(frame);
    for (const ws of [...set]) {
      if (ws === except || ws.readyState !== WebSocket.OPEN) continue;
      if (ws.bufferedAmount > MAX_BUFFERED) {
        this.remove(key, ws);
        ws.close(SHED_CODE, "try again later");
        continue;
      }
      ws.send(text);
    }
  }

  closeAll(): void {
    for (const set of this.#sockets.values()) for (const ws of set) ws.close(1001, "shutdown");
    this.#sockets.clear();
  }
}

const hubs = new WeakMap<Deps, VisitorHub>();

/** The process's visitor hub, subscribed to the broker on first use. */
export function visitorHub(deps: Deps): VisitorHub {
  let hub = hubs.get(deps);
  if (!hub) {
    const h = hub = new VisitorHub();
    hubs.set(deps, h);
    deps.broker.subscribe((env) => {
      if (env.event !== VISITOR_EVENT) return;
      const d = env.data as { key: string; frame: VisitorFrame };
      h.deliver(d.key, d.frame);
    });
  }
  return hub;
}

/** Sends a frame to every socket of the visitor, on every instance. */
export async function toVisitor(deps: Deps, companyId: number, number: string, frame: VisitorFrame) {
  visitorHub(deps); // this instance must be subscribed before it publishes
  const env: Envelope = {
    companyId,
    event: VISITOR_EVENT,
    data: { key: VisitorHub.key(companyId, number), frame },
    // No staff socket joins this room: the staff hub drops it.
    audience: { kind: "room", room: "webchat:visitors" },
  };
  await deps.broker.publish(env);
}
