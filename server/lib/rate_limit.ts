/**
 * Fixed-window counter per key, in memory. Enough for login throttling on one instance; with
 * several instances each keeps its own window (the limit then multiplies by the instance count).
 */
export class RateLimiter {
  #hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private limit: number, private windowMs: number) {}

  /** Counts a hit; true when the key is over the limit. */
  hit(key: string, now = Date.now()): boolean {
    const e = this.#hits.get(key);
    if (!e || e.resetAt <= now) {
      this.#hits.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.#hits.size > 10_000) this.#sweep(now);
      return false;
    }
    e.count++;
    return e.count > this.limit;
  }

  blocked(key: string, now = Date.now()): boolean {
    const e = this.#hits.get(key);
    return !!e && e.resetAt > now && e.count >= this.limit;
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  #sweep(now: number) {
    for (const [k, e] of this.#hits) if (e.resetAt <= now) this.#hits.delete(k);
  }
}
