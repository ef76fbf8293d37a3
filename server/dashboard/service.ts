/**
 * The dashboard (spec 1 §2, §3, §7): counters, attendants, charts and the message counter, over
 * a range of local days in the company's time zone. Gate: admin or showDashboard.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { canSeeDashboard } from "../auth/permissions.ts";
import { addDays, readerZone, zonedParts } from "../lib/time.ts";
import { type DayRange, dayRange, daysOf, hoursOf, lastDays, MAX_RANGE_DAYS, rangeDays } from "./range.ts";
import * as repo from "./repo.ts";
import * as source from "./sources.ts";
import type { ChartQuery, DashboardQuery, MessagesCountQuery } from "./schemas.ts";
import type { AttendantRow, DashboardCounters } from "@contract/dashboard.ts";

export function requireDashboard(actor: Actor): void {
  if (!canSeeDashboard(actor)) throw new AppError("ERR_NO_PERMISSION");
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const avg = (sum: number | null, n: number) => (n > 0 && sum != null ? round2(sum / n) : 0);
const pct = (part: number, all: number) => (all > 0 ? round2((part * 100) / all) : 0);

/** A range from the spec's parameters; none at all is the spec's 'Parametrizar el filtro'. */
export function rangeFrom(
  deps: Deps,
  actor: Actor,
  q: { from?: string; to?: string; days?: number },
): DayRange {
  const tz = readerZone(actor);
  let r: DayRange;
  if (q.from || q.to) {
    const today = zonedParts(deps.clock.now(), tz).date;
    r = dayRange(q.from ?? q.to!, q.to ?? today, tz);
  } else if (q.days) r = lastDays(deps.clock.now(), q.days, tz);
  else throw new AppError("ERR_VALIDATION", { message: "Parametrizar el filtro" });
  if (rangeDays(r) > MAX_RANGE_DAYS) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "date_to", message: "range over two years" }] });
  }
  return r;
}

export type { AttendantRow, DashboardCounters };

export async function dashboard(deps: Deps, actor: Actor, q: DashboardQuery) {
  requireDashboard(actor);
  const r = rangeFrom(deps, actor, { from: q.date_from, to: q.date_to, days: q.days });
  const db = deps.reads, cid = actor.companyId;
  const split = await source.splitRange(deps, cid, r, readerZone(actor));
  const [{ traking: tr, ratings }, created, now, leads, people] = await Promise.all([
    source.cyclesAndRatings(deps, cid, split, q.queueIds),
    source.ticketsCreated(deps, cid, split, q.queueIds),
    repo.activeNow(db, cid, q.queueIds),
    repo.newContacts(db, cid, r.start, r.end),
    repo.companyUsers(db, cid),
  ]);
  const total = (k: keyof repo.TrakingAgg) => tr.reduce((sum, x) => sum + Number(x[k] ?? 0), 0);
  const rt = (k: keyof repo.RatingAgg) => ratings.reduce((s, x) => s + Number(x[k] ?? 0), 0);
  const rows = total("rows"), finished = total("finished"), rated = total("rated");
  const nRatings = rt("n");
  const promotersPerc = pct(rt("promoters"), nRatings), detractorsPerc = pct(rt("detractors"), nRatings);
  const counters: DashboardCounters = {
    supportHappening: now.open,
    supportPending: now.pending,
    supportFinished: finished,
    supportGroups: created.groups,
    leads,
    avgSupportTime: avg(total("supportSum"), total("supportN")),
    avgWaitTime: avg(total("waitSum"), total("waitN")),
    activeTickets: created.active,
    passiveTickets: created.passive,
    npsScore: round2(promotersPerc - detractorsPerc),
    npsPromotersPerc: promotersPerc,
    npsPassivePerc: pct(rt("passives"), nRatings),
    npsDetractorsPerc: detractorsPerc,
    promoters: rt("promoters"),
    passives: rt("passives"),
    detractors: rt("detractors"),
    ratings: nRatings,
    tickets: finished,
    waitRating: total("waitRating"),
    withoutRating: Math.max(0, finished - rated),
    withRating: rated,
    percRating: pct(rated, rows),
  };
  const trOf = new Map(tr.map((x) => [x.userId, x]));
  const ratingOf = new Map(ratings.map((x) => [x.userId, x]));
  const attendants: AttendantRow[] = people.map((u) => {
    const a = trOf.get(u.id), g = ratingOf.get(u.id);
    return {
      id: u.id,
      name: u.name,
      rating: g && g.n ? round2(g.sum / g.n) : 0,
      countRating: g?.n ?? 0,
      tickets: a?.rows ?? 0,
      avgWaitTime: a ? avg(a.waitSum, a.waitN) : 0,
      avgSupportTime: a ? avg(a.supportSum, a.supportN) : 0,
      online: !!u.online,
    };
  });
  return { counters, attendants, range: { from: r.from, to: r.to, timezone: readerZone(actor) } };
}

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** Tickets created per local day, or per hour when the range is a single day. */
export async function ticketsDay(deps: Deps, actor: Actor, q: ChartQuery) {
  requireDashboard(actor);
  const r = rangeFrom(deps, actor, { from: q.initialDate, to: q.finalDate, days: 30 });
  if (r.from === r.to) {
    const hours = hoursOf(r);
    const counts = await repo.ticketsPerBucket(deps.reads, actor.companyId, hours, q.queueIds);
    const data = hours.map((h, i) => ({ horario: String(h.hour).padStart(2, "0"), total: counts[i] }));
    return { count: counts.reduce((s, n) => s + n, 0), data };
  }
  const split = await source.splitRange(deps, actor.companyId, r, readerZone(actor));
  // The UTC bounds of each local day (Intl, DST-safe) only for the days read raw.
  const days: string[] = [];
  for (let d = r.from; d <= r.to; d = addDays(d, 1)) days.push(d);
  const rawDays = split.raw ? daysOf(split.raw, readerZone(actor)) : [];
  const counts = await source.ticketsPerDay(deps, actor.companyId, split, days, rawDays, q.queueIds);
  const data = days.map((d, i) => ({ data: dmy(d), date: d, total: counts[i] }));
  return { count: counts.reduce((s, n) => s + n, 0), data };
}

/**
 * Tickets each attendant served in the range (service cycles he held that began in it), every
 * user listed (zero-filled). The same figure as the attendants table's `tickets`.
 */
export async function ticketsUsers(deps: Deps, actor: Actor, q: ChartQuery) {
  requireDashboard(actor);
  const r = rangeFrom(deps, actor, { from: q.initialDate, to: q.finalDate, days: 30 });
  const split = await source.splitRange(deps, actor.companyId, r, readerZone(actor));
  const [rows, people] = await Promise.all([
    source.cycles(deps, actor.companyId, split, q.queueIds),
    repo.companyUsers(deps.reads, actor.companyId),
  ]);
  const n = new Map(rows.map((x) => [x.userId, x.rows]));
  const data = people.map((u) => ({ userId: u.id, nome: u.name, quantidade: n.get(u.id) ?? 0 }));
  return { count: data.reduce((s, x) => s + x.quantidade, 0), data };
}

/** GET /messages-allMe: `{count: [{count}]}` as the spec's client reads it. */
export async function messagesAllMe(deps: Deps, actor: Actor, q: MessagesCountQuery) {
  requireDashboard(actor);
  const r = rangeFrom(deps, actor, { from: q.dateStart, to: q.dateEnd, days: 30 });
  const split = await source.splitRange(deps, actor.companyId, r, readerZone(actor));
  const count = await source.messagesCount(deps, actor.companyId, split, q.fromMe);
  return { count: [{ count }] };
}
