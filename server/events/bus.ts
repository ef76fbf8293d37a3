/**
 * In-process typed event bus. `emit` is called after a commit; handlers run asynchronously so a
 * slow subscriber never holds the request. `drain()` lets tests wait for every handler.
 */
import type { EventMap, EventName } from "./types.ts";

type Handler<K extends EventName> = (payload: EventMap[K]) => void | Promise<void>;

export class EventBus {
  #handlers = new Map<EventName, Handler<EventName>[]>();
  #pending = new Set<Promise<void>>();

  on<K extends EventName>(name: K, handler: Handler<K>): void {
    const list = this.#handlers.get(name) ?? [];
    list.push(handler as unknown as Handler<EventName>);
    this.#handlers.set(name, list);
  }

  emit<K extends EventName>(name: K, payload: EventMap[K]): void {
    for (const h of this.#handlers.get(name) ?? []) {
      const p = Promise.resolve()
        .then(() => h(payload))
        .catch((err) => console.error(`[events] ${name} handler failed`, err))
        .finally(() => this.#pending.delete(p));
      this.#pending.add(p);
    }
  }

  async drain(): Promise<void> {
    while (this.#pending.size) await Promise.all([...this.#pending]);
  }
}
