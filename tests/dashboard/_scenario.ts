/**
 * A company whose service history the dashboard and report suites know by heart: customers write
 * over the api channel, attendants accept and close through the API, then the test moves each
 * cycle to a chosen moment (tickets, tracking rows, contacts) and records the NPS answers of
 * that moment — the rating conversation itself belongs to the automation suite, so the answers
 * are written as the rating step writes them (user_ratings + tracking rated). Expected figures
 * are computed here from the plan, never by the code under test.
 */
import { eq } from "drizzle-orm";
import { contacts, tickets, ticketTraking, userRatings } from "@db/schema.ts";
import { createCompany, createQueue, createUser, login, type TestUser } from "../_helpers/factories.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";

/** One service cycle, local times of America/Sao_Paulo (UTC-3 all year in 2026). */
export type Cycle = {
  at: string; // local "YYYY-MM-DD HH:mm"
  who: "ana" | "bruno" | null;
  queue: "sales" | "support";
  waitMin?: number;
  serviceMin?: number; // closed when set
  rate?: number;
  name: string;
};

export const PLAN: Cycle[] = [
  {
    at: "2026-03-02 10:00",
    who: "ana",
    queue: "sales",
    waitMin: 10,
    serviceMin: 30,
    rate: 10,
    name: "Carla Souza",
  },
  // 23:30 local is 02:30 UTC of the 3rd: counted on the 2nd.
  {
    at: "2026-03-02 23:30",
    who: "ana",
    queue: "support",
    waitMin: 20,
    serviceMin: 60,
    rate: 8,
    name: "Diego Lima",
  },
  {
    at: "2026-03-05 09:00",
    who: "bruno",
    queue: "sales",
    waitMin: 5,
    serviceMin: 15,
    rate: 3,
    name: "Elisa Prado",
  },
  { at: "2026-03-05 14:00", who: "bruno", queue: "support", waitMin: 30, serviceMin: 90, name: "Fabio Reis" },
  { at: "2026-03-10 11:00", who: "ana", queue: "sales", waitMin: 15, name: "Gabi Nunes" },
  { at: "2026-03-12 08:00", who: null, queue: "support", name: "Hugo Alves" },
  // 22:00 local on Feb 28 is already March in UTC: outside a March range.
  {
    at: "2026-02-28 22:00",
    who: "bruno",
    queue: "sales",
    waitMin: 7,
    serviceMin: 20,
    rate: 9,
    name: "Iris Costa",
  },
  // 01:00 local on Apr 1 is still March... no: 04:00 UTC Apr 1 — outside either way.
  {
    at: "2026-04-01 01:00",
    who: "ana",
    queue: "support",
    waitMin: 3,
    serviceMin: 10,
    rate: 6,
    name: "Joao Pires",
  },
];

export const RANGE = { from: "2026-03-01", to: "2026-03-31" };

const OFFSET_H = 3; // São Paulo is UTC-3 in 2026 (no DST)
export const utc = (local: string) =>
  new Date(Date.parse(local.replace(" ", "T") + ":00Z") + OFFSET_H * 3_600_000);
const plus = (d: Date, min: number) => new Date(d.getTime() + min * 60_000).toISOString();
export const inRange = (c: Cycle, r = RANGE) => c.at.slice(0, 10) >= r.from && c.at.slice(0, 10) <= r.to;

/** The dashboard's figures for a range, computed from the plan. */
export function expected(r = RANGE) {
  const inR = PLAN.filter((c) => inRange(c, r));
  const closed = inR.filter((c) => c.serviceMin !== undefined);
  const waits = inR.filter((c) => c.waitMin !== undefined && c.who).map((c) => c.waitMin!);
  const services = closed.map((c) => c.serviceMin!);
  const rates = inR.filter((c) => c.rate !== undefined).map((c) => c.rate!);
  const mean = (xs: number[]) =>
    xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100 : 0;
  const pct = (n: number) => rates.length ? Math.round((n * 10000) / rates.length) / 100 : 0;
  const promoters = rates.filter((x) => x >= 9).length;
  const passives = rates.filter((x) => x >= 7 && x <= 8).length;
  const detractors = rates.filter((x) => x <= 6).length;
  const per = (who: "ana" | "bruno") => {
    const mine = inR.filter((c) => c.who === who);
    const rs = mine.filter((c) => c.rate !== undefined).map((c) => c.rate!);
    return {
      tickets: mine.length,
      avgWaitTime: mean(mine.filter((c) => c.waitMin !== undefined).map((c) => c.waitMin!)),
      avgSupportTime: mean(mine.filter((c) => c.serviceMin !== undefined).map((c) => c.serviceMin!)),
      rating: mean(rs),
      countRating: rs.length,
    };
  };
  const perDay = new Map<string, number>();
  for (const c of inR) perDay.set(c.at.slice(0, 10), (perDay.get(c.at.slice(0, 10)) ?? 0) + 1);
  return {
    counters: {
      supportHappening: PLAN.filter((c) => c.who && c.serviceMin === undefined).length,
      supportPending: PLAN.filter((c) => !c.who).length,
      supportFinished: closed.length,
      leads: inR.length,
      avgWaitTime: mean(waits),
      avgSupportTime: mean(services),
      promoters,
      passives,
      detractors,
      ratings: rates.length,
      npsPromotersPerc: pct(promoters),
      npsPassivePerc: pct(passives),
      npsDetractorsPerc: pct(detractors),
      npsScore: Math.round((pct(promoters) - pct(detractors)) * 100) / 100,
      withRating: rates.length,
      withoutRating: closed.length - rates.length,
    },
    ana: per("ana"),
    bruno: per("bruno"),
    perDay,
    created: inR.length,
  };
}

export type Scenario = {
  companyId: number;
  admin: TestUser;
  adminToken: string;
  ana: TestUser;
  bruno: TestUser;
  queues: { sales: { id: number; name: string }; support: { id: number; name: string } };
  connId: number;
  connToken: string;
  sink: WebhookSink;
  /** ticket id per PLAN entry, same order. */
  ticketIds: number[];
};

async function call(
  t: TestApp,
  path: string,
  init: { method?: string; token?: string; json?: unknown; headers?: HeadersInit },
) {
  const res = await t.request(path, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export async function buildScenario(t: TestApp, o: { name?: string } = {}): Promise<Scenario> {
  const sink = startWebhookSink();
  const { company, admin } = await createCompany(t, {
    name: o.name ?? `Painel ${crypto.randomUUID().slice(0, 6)}`,
  });
  const sales = await createQueue(t, company.id, { name: "Vendas", color: "#2563eb" });
  const support = await createQueue(t, company.id, { name: "Suporte", color: "#16a34a" });
  const ana = await createUser(t, company.id, { name: "Ana Lima", profile: "user" });
  const bruno = await createUser(t, company.id, { name: "Bruno Dias", profile: "user" });
  const adminToken = (await login(t, admin)).token;
  const conn = await call(t, "/api/whatsapp", {
    method: "POST",
    token: adminToken,
    json: { name: "Site chat", channel: "api", webhookUrl: sink.url },
  });
  const who = { ana: ana.user.id, bruno: bruno.user.id };
  const q = { sales, support };
  const ticketIds: number[] = [];
  let n = 0;
  for (const c of PLAN) {
    const number = `55119${String(7000000 + ++n).padStart(8, "0")}`;
    const { ticketId } = await call(t, "/api/channels/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${conn.token}` },
      json: {
        externalId: `dash-${company.id}-${n}`,
        from: { number, name: c.name },
        body: `Olá, sou ${c.name}`,
      },
    });
    ticketIds.push(ticketId);
    if (c.who) {
      await call(t, `/api/tickets/${ticketId}`, {
        method: "PUT",
        token: adminToken,
        json: { status: "open", userId: who[c.who], queueId: q[c.queue].id },
      });
    } else {
      await t.deps.database.write((tx) =>
        tx.update(tickets).set({ queueId: q[c.queue].id }).where(eq(tickets.id, ticketId))
      );
    }
    if (c.serviceMin !== undefined) {
      await call(t, `/api/tickets/${ticketId}`, {
        method: "PUT",
        token: adminToken,
        json: { status: "closed" },
      });
    }
    await t.deps.bus.drain();
    // Move the cycle to its moment.
    const created = utc(c.at);
    const started = c.who ? plus(created, c.waitMin ?? 0) : null;
    const finished = started && c.serviceMin !== undefined ? plus(new Date(started), c.serviceMin) : null;
    await t.deps.database.write(async (tx) => {
      const [row] = await tx.select().from(tickets).where(eq(tickets.id, ticketId));
      await tx.update(tickets).set({
        createdAt: created.toISOString(),
        updatedAt: finished ?? started ?? created.toISOString(),
        closedAt: finished,
        queueId: q[c.queue].id,
      }).where(eq(tickets.id, ticketId));
      await tx.update(contacts).set({ createdAt: created.toISOString() }).where(
        eq(contacts.id, row.contactId),
      );
      await tx.update(ticketTraking).set({
        createdAt: created.toISOString(),
        queuedAt: created.toISOString(),
        startedAt: started,
        finishedAt: finished,
        closedAt: finished,
        queueId: q[c.queue].id,
        rated: c.rate !== undefined,
      }).where(eq(ticketTraking.ticketId, ticketId));
      if (c.rate !== undefined) {
        await tx.insert(userRatings).values({
          companyId: company.id,
          ticketId,
          userId: who[c.who!],
          rate: c.rate,
          createdAt: finished!,
          updatedAt: finished!,
        });
      }
    });
  }
  return {
    companyId: company.id,
    admin,
    adminToken,
    ana,
    bruno,
    queues: q,
    connId: conn.id,
    connToken: conn.token,
    sink,
    ticketIds,
  };
}
