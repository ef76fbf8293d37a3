/**
 * Open-loop inbound load for the benchmarks: api-channel POSTs, request i due at t0 + i/rate, at
 * most `cap` in flight (the rest count as skipped), from `contacts` rotating senders.
 */
import { sleep } from "./_lib.ts";

export type Sample = { sent: number; answered: number; status: number; messageId: number };
export type Offered = {
  total: number;
  samples: Sample[];
  ok: Sample[];
  lat: number[];
  skipped: number;
  errors: number;
  lag: number[];
  offeredMs: number;
  wallMs: number;
};

/** Wall-clock milliseconds comparable across Workers. */
export const now = () => performance.timeOrigin + performance.now();

export function inboundLoad(
  o: { base: string; apiToken: string; contacts: number; body: () => string; tag?: string },
) {
  // `tag` keeps provider ids apart when several loads start in the same millisecond (bench/fleet.ts).
  const runId = Date.now().toString(36) + (o.tag ?? "");
  let rounds = 0;
  return async function offer(rate: number, seconds: number, cap = 2_000): Promise<Offered> {
    const round = ++rounds; // provider ids never repeat across rounds (a repeat would be a cheap duplicate)
    const total = Math.round(rate * seconds);
    const samples: Sample[] = [];
    const lag: number[] = [];
    let inflight = 0, skipped = 0, errors = 0, next = 0;
    const pending = new Set<Promise<void>>();
    const t0 = performance.now();
    const fire = (i: number) => {
      const k = i % o.contacts;
      const payload = JSON.stringify({
        externalId: `bench-${runId}-${round}-${i}`,
        from: { number: `55219${String(80_000_000 + k).padStart(8, "0")}`, name: `Cliente ${k}` },
        body: o.body(),
      });
      const sent = now();
      inflight++;
      const p = fetch(`${o.base}/api/channels/api/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${o.apiToken}`, "content-type": "application/json" },
        body: payload,
      }).then(async (r) => {
        const b = await r.json().catch(() => ({}));
        samples.push({ sent, answered: now(), status: r.status, messageId: b.messageId ?? 0 });
        if (r.status !== 200) errors++;
      }).catch(() => {
        errors++;
      }).finally(() => {
        inflight--;
        pending.delete(p);
      });
      pending.add(p);
    };
    while (next < total) {
      const elapsed = performance.now() - t0;
      const due = Math.min(total, Math.floor(elapsed / 1000 * rate) + 1);
      while (next < due) {
        lag.push(elapsed - next / rate * 1000);
        if (inflight >= cap) skipped++;
        else fire(next);
        next++;
      }
      await sleep(1);
    }
    const offeredMs = performance.now() - t0;
    await Promise.all([...pending]);
    const wallMs = performance.now() - t0;
    const ok = samples.filter((s) => s.status === 200);
    const lat = ok.map((s) => s.answered - s.sent);
    return { total, samples, ok, lat, skipped, errors, lag, offeredMs, wallMs };
  };
}
