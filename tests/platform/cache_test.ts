/** The generic cache behind every hot-path cache (server/lib/cache.ts). */
import assert from "node:assert/strict";
import { TtlCache } from "@/lib/cache.ts";
import { zonedParts } from "@/lib/time.ts";

function clocked(ttlMs: number, maxSize: number) {
  let now = 0;
  const cache = new TtlCache<string, number>({ ttlMs, maxSize, now: () => now });
  return { cache, advance: (ms: number) => void (now += ms) };
}

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => resolve = r);
  return { promise, resolve };
};

Deno.test("[platform] TtlCache: expiry, size bound, misses not stored", async () => {
  const { cache, advance } = clocked(1000, 2);
  let loads = 0;
  const load = (v: number | null) => () => (loads++, Promise.resolve(v));

  assert.equal(await cache.getOrLoad("a", load(1)), 1);
  assert.equal(await cache.getOrLoad("a", load(99)), 1, "served from the cache");
  advance(1000);
  assert.equal(await cache.getOrLoad("a", load(2)), 2, "reloaded once expired");

  assert.equal(await cache.getOrLoad("x", load(null)), null);
  assert.equal(await cache.getOrLoad("x", load(3)), 3, "a miss is not remembered");

  cache.set("b", 4);
  cache.set("c", 5);
  assert.equal(cache.size, 2);
  assert.equal(cache.get("x"), undefined, "the oldest entry went first");
  assert.equal(cache.get("c"), 5);
  assert.equal(loads, 4);
});

Deno.test("[platform] TtlCache: expired entries leave without being read again", () => {
  const { cache, advance } = clocked(1000, 100);
  for (let i = 0; i < 50; i++) cache.set(`old-${i}`, i);
  advance(600);
  cache.set("young", 1);
  assert.equal(cache.size, 51, "nothing has expired yet");
  advance(500);
  // The 50 old entries expired; one store (or read) of anything drops them.
  cache.set("another", 2);
  assert.equal(cache.size, 2);
  advance(1000);
  assert.equal(cache.get("unrelated"), undefined);
  assert.equal(cache.size, 0, "a read sweeps too");
});

Deno.test("[platform] TtlCache: one load per key; a load overlapping an invalidation is not stored", async () => {
  const { cache } = clocked(60_000, 10);
  let loads = 0;

  // Concurrent callers share one load.
  const d1 = deferred<number>();
  const p1 = cache.getOrLoad("k", () => (loads++, d1.promise));
  const p2 = cache.getOrLoad("k", () => (loads++, Promise.resolve(-1)));
  d1.resolve(1);
  assert.deepEqual([await p1, await p2, loads], [1, 1, 1]);

  // A load that read the old row before a write committed, and finishes after the write's
  // invalidation, answers its caller but is not kept.
  cache.delete("k");
  const stale = deferred<number>();
  const pStale = cache.getOrLoad("k", () => stale.promise);
  cache.delete("k"); // the write commits and invalidates while the read is in flight
  const pFresh = cache.getOrLoad("k", () => Promise.resolve(2));
  stale.resolve(1);
  assert.equal(await pStale, 1);
  assert.equal(await pFresh, 2);
  assert.equal(cache.get("k"), 2);

  // deleteWhere and clear invalidate in-flight loads the same way.
  const late = deferred<number>();
  const pLate = cache.getOrLoad("m", () => late.promise);
  cache.deleteWhere((v) => v === 2);
  assert.equal(cache.get("k"), undefined);
  late.resolve(3);
  assert.equal(await pLate, 3);
  assert.equal(cache.get("m"), undefined);
  cache.set("m", 4);
  cache.clear();
  assert.equal(cache.size, 0);
});

Deno.test("[platform] zonedParts: one formatter per zone, same answers, bad zones still throw", () => {
  const at = new Date("2026-05-10T12:00:00Z");
  assert.deepEqual(zonedParts(at, "Pacific/Kiritimati"), {
    date: "2026-05-11",
    time: "02:00",
    weekdayEn: "monday",
  });
  assert.deepEqual(zonedParts(at, "Pacific/Pago_Pago"), {
    date: "2026-05-10",
    time: "01:00",
    weekdayEn: "sunday",
  });
  assert.deepEqual(zonedParts(at, "Pacific/Kiritimati").date, "2026-05-11");
  assert.throws(() => zonedParts(at, "Not/AZone"), RangeError);
  assert.throws(() => zonedParts(at, "Not/AZone"), RangeError);
});
