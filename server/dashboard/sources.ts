/**
 * Where each dashboard figure is read from: the days before the company's `built_until` from the
 * per-day rollups, the rest of the range (today, and anything after the last build) from the raw
 * tables, summed. Only when the reader's zone is the one the rollup was built in — a user who chose
 * another zone has other day boundaries, and is answered from the raw tables as before.
 */
import type { Deps } from "../deps.ts";
import { addDays } from "../lib/time.ts";
import { type DayRange, dayRange } from "./range.ts";
import * as raw from "./repo.ts";
import * as rolled from "./rollup_repo.ts";
import { rollupState } from "./rollup_build.ts";

export type Split = { rolled: rolled.DayKeys | null; raw: DayRange | null };

/** The range cut at the rollup's edge. */
export async function splitRange(deps: Deps, companyId: number, r: DayRange, zone: string): Promise<Split> {
  const st = await rollupState(deps.reads, companyId);
  if (!st || st.zone !== zone || r.from >= st.builtUntil) return { rolled: null, raw: r };
  const lastRolled = addDays(st.builtUntil, -1);
  return {
    rolled: { from: r.from, to: r.to < lastRolled ? r.to : lastRolled },
    raw: r.to >= st.builtUntil ? dayRange(st.builtUntil, r.to, zone) : null,
  };
}

function sumBy<T extends { userId: number | null }>(parts: T[][]): T[] {
  const out = new Map<number | null, T>();
  for (const row of parts.flat()) {
    const had = out.get(row.userId);
    if (!had) {
      out.set(row.userId, { ...row });
      continue;
    }
    for (const [k, v] of Object.entries(row)) {
      if (k === "userId") continue;
      const prev = (had as Record<string, unknown>)[k];
      (had as Record<string, unknown>)[k] = v == null ? prev : Number(prev ?? 0) + Number(v);
    }
  }
  return [...out.values()];
}

/** Service cycles and NPS answers per attendant. */
export async function cyclesAndRatings(deps: Deps, companyId: number, s: Split, queueIds?: number[]) {
  const [r, t, g] = await Promise.all([
    s.rolled ? rolled.cyclesByUser(deps.reads, companyId, s.rolled, queueIds) : { traking: [], ratings: [] },
    s.raw ? raw.trakingByUser(deps.reads, companyId, s.raw.start, s.raw.end, queueIds) : [],
    s.raw ? raw.ratingsByUser(deps.reads, companyId, s.raw.start, s.raw.end, queueIds) : [],
  ]);
  return { traking: sumBy([r.traking, t]), ratings: sumBy([r.ratings, g]) };
}

/** Tickets only (the users chart). */
export async function cycles(deps: Deps, companyId: number, s: Split, queueIds?: number[]) {
  const [r, t] = await Promise.all([
    s.rolled ? rolled.cyclesByUser(deps.reads, companyId, s.rolled, queueIds) : { traking: [] },
    s.raw ? raw.trakingByUser(deps.reads, companyId, s.raw.start, s.raw.end, queueIds) : [],
  ]);
  return sumBy([r.traking, t]);
}

export async function ticketsCreated(deps: Deps, companyId: number, s: Split, queueIds?: number[]) {
  const zero: raw.TicketAgg = { groups: 0, active: 0, passive: 0, created: 0 };
  const [a, b] = await Promise.all([
    s.rolled ? rolled.ticketsCreated(deps.reads, companyId, s.rolled, queueIds) : zero,
    s.raw ? raw.ticketsCreated(deps.reads, companyId, s.raw.start, s.raw.end, queueIds) : zero,
  ]);
  return {
    groups: a.groups + b.groups,
    active: a.active + b.active,
    passive: a.passive + b.passive,
    created: a.created + b.created,
  };
}

/** Tickets created per local day: rolled days from the rollup, the raw ones one index count per day. */
export async function ticketsPerDay(
  deps: Deps,
  companyId: number,
  s: Split,
  days: string[],
  rawDays: { day: string; start: string; end: string }[],
  queueIds?: number[],
): Promise<number[]> {
  const [perDay, counts] = await Promise.all([
    s.rolled ? rolled.ticketsPerDay(deps.reads, companyId, s.rolled, queueIds) : new Map<string, number>(),
    rawDays.length ? raw.ticketsPerBucket(deps.reads, companyId, rawDays, queueIds) : [],
  ]);
  rawDays.forEach((d, i) => perDay.set(d.day, counts[i]));
  return days.map((d) => perDay.get(d) ?? 0);
}

export async function messagesCount(deps: Deps, companyId: number, s: Split, fromMe?: boolean) {
  const [a, b] = await Promise.all([
    s.rolled ? rolled.messagesCount(deps.reads, companyId, s.rolled, fromMe) : 0,
    s.raw ? raw.messagesCount(deps.reads, companyId, s.raw.start, s.raw.end, fromMe) : 0,
  ]);
  return a + b;
}
