/**
 * A small in-memory cache for hot-path reads: entries live `ttlMs` (a monotonic clock, not the
 * business clock), at most `maxSize` of them (the least recently stored goes first), and callers
 * delete what a write made stale.
 *
 * `getOrLoad` shares one load per key, never stores `null` (a miss, an unknown token) and never
 * stores a value whose load overlapped an invalidation of this cache: such a load may have read
 * the row before the write that invalidated it committed, so it answers its own caller only.
 */
export type CacheOptions = {
  ttlMs: number;
  maxSize: number;
  /** Milliseconds from a monotonic source; tests may pass their own. */
  now?: () => number;
};

type Entry<V> = { value: V; expires: number };

export class TtlCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #loading = new Map<K, Promise<V | null>>();
  readonly #ttlMs: number;
  readonly #maxSize: number;
  readonly #now: () => number;
  /** Bumped by every invalidation; a load started under an older epoch is not stored. */
  #epoch = 0;

  constructor(opts: CacheOptions) {
    this.#ttlMs = opts.ttlMs;
    this.#maxSize = Math.max(1, opts.maxSize);
    this.#now = opts.now ?? (() => performance.now());
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    this.#sweep();
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: K, value: V): void {
    if (this.#ttlMs <= 0) return;
    // Re-inserting moves the key to the end: Map order is storage order, the oldest is first.
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#now() + this.#ttlMs });
    while (this.#entries.size > this.#maxSize) {
      this.#entries.delete(this.#entries.keys().next().value as K);
    }
    this.#sweep();
  }

  /**
   * Drops expired entries from the front. Every entry lives the same TTL and a store re-inserts at
   * the end, so the map is in expiry order and the sweep stops at the first live entry. Without it
   * an expired entry stayed until its key was read again or `maxSize` newer ones pushed it out: a
   * thousand staff signing in left a thousand stale actors (user, company and plan rows) in memory.
   */
  #sweep(): void {
    const now = this.#now();
    for (const [key, e] of this.#entries) {
      if (e.expires > now) return;
      this.#entries.delete(key);
    }
  }

  /** The cached value, or `load()`'s (stored unless null or overtaken by an invalidation). */
  getOrLoad(key: K, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const epoch = this.#epoch;
    const p: Promise<V | null> = load().then((value) => {
      if (value !== null && this.#epoch === epoch) this.set(key, value);
      return value;
    }).finally(() => {
      if (this.#loading.get(key) === p) this.#loading.delete(key);
    });
    this.#loading.set(key, p);
    return p;
  }

  delete(key: K): void {
    this.#epoch++;
    this.#entries.delete(key);
    this.#loading.delete(key);
  }

  /** Deletes every entry the predicate matches (a scan: caches are small and writes are rare). */
  deleteWhere(match: (value: V, key: K) => boolean): void {
    this.#epoch++;
    for (const [key, e] of this.#entries) if (match(e.value, key)) this.#entries.delete(key);
    // Pending loads cannot be matched before they finish; the epoch keeps them from being stored,
    // and dropping them makes the next caller read afresh.
    this.#loading.clear();
  }

  clear(): void {
    this.#epoch++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
