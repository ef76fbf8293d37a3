/**
 * The shared world of the interaction matrix (ARCHITECTURE.md, automation, "What wins when they
 * meet"): one real app (createTestApp, scheduler off so each test runs ticks and jobs itself),
 * an injected clock, an api-channel connection whose webhook is a local sink, and optionally the
 * local providers (Typebot, OpenAI, n8n/webhook). Helpers set up the features each pair needs
 * through the same routes an admin uses, so a test reads as the two features meeting.
 */
import { eq } from "drizzle-orm";
import { companies, contacts, ticketTimers } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { runTicketTimers } from "@/timers/tick.ts";
import { schedulesTick } from "@/schedules/dispatcher.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";
import { createTestApp } from "../../_helpers/test_app.ts";
import { startWebhookSink } from "../../_helpers/webhook_sink.ts";
import { customerSays, type Inbound, outbound, ticketRow } from "../../_helpers/inbox.ts";
import { expectOk, type Json } from "../../_helpers/http.ts";
import { createTenant, openOn, type TenantOptions } from "../../_helpers/tenant.ts";
import { login } from "../../_helpers/factories.ts";
import { ManualClock, MINUTE } from "../../_helpers/clock.ts";
import { type Providers, startProviders } from "../../integrations/_providers.ts";
import {
  confirmingCampaign,
  createCampaign,
  seedList,
  setCampaignSettings,
} from "../../campaigns/_support.ts";
import { edge, node } from "../../flows/_graph.ts";

export { MINUTE };
// Days ahead of the wall clock: the job queue stamps a job enqueued without a time with the wall
// clock, so the injected clock must not be behind it or those jobs would never come due.
/** Wednesday 12:00 in São Paulo (UTC-3): inside HOURS. */
export const WED_NOON = "2027-03-03T15:00:00Z";
/** Wednesday 20:00 in São Paulo: outside HOURS. */
export const WED_NIGHT = "2027-03-03T23:00:00Z";
/** Thursday 09:00 in São Paulo: the hours have opened again. */
export const THU_MORNING = "2027-03-04T12:00:00Z";
/** Every day 08:00–18:00. */
export const HOURS = openOn(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
export const CLOSED = "Estamos fechados, voltamos às 8h.";

type WorldOptions = Omit<TenantOptions, "webhook" | "user"> & {
  at?: string;
  providers?: boolean;
  /** Company working hours (HOURS) with scheduleType company and the connection's CLOSED text. */
  companyHours?: boolean;
};

export async function world(o: WorldOptions = {}) {
  const clock = new ManualClock(o.at ?? WED_NOON);
  const sink = startWebhookSink();
  const p: Providers | null = o.providers ? startProviders() : null;
  const t = await createTestApp({
    scheduler: false,
    clock,
    env: p ? { TYPEBOT_API_URL: p.url, OPENAI_API_URL: `${p.url}/v1`, INTEGRATION_TIMEOUT_MS: "2000" } : {},
  });
  const settings = { ...o.settings, ...(o.companyHours ? { scheduleType: "company" } : {}) };
  const conn = { ...(o.companyHours ? { outOfHoursMessage: CLOSED } : {}), ...o.conn };
  const w = await createTenant(t, {
    dueDate: "2030-01-01",
    ...o,
    settings,
    conn,
    webhook: sink,
    user: false,
  });
  if (o.companyHours) {
    await t.deps.database.write((tx) =>
      tx.update(companies).set({ schedules: HOURS }).where(eq(companies.id, w.company.id))
    );
    clearCaches(t.deps.caches);
  }
  /** A fresh admin token (the clock may have moved past an older one's life). */
  const token = async () => (await login(t, w.admin)).token;
  const api = async <T = Json>(path: string, method = "GET", json?: unknown, status = 200) =>
    await expectOk<T>(await t.request(path, { method, token: await token(), json }), status);
  /** Runs what the lease holder would: the job queue (bot turns, deliveries), then the events. */
  const jobs = async () => {
    await runDueJobs(t.deps);
    await t.deps.bus.drain();
  };
  return {
    t,
    w,
    clock,
    sink,
    p: p!,
    token,
    api,
    jobs,
    /** The customer writes; the automation and any bot turn it queued have run. */
    async says(number: string, body: string): Promise<Inbound> {
      const r = await customerSays(t, w.conn, number, body);
      await jobs();
      return r;
    },
    /** Our messages on the ticket (bot, attendants, dispatchers), oldest first. */
    bodies: async (ticketId: number) => (await outbound(t, ticketId)).map((m) => m.body),
    ticket: (id: number) => ticketRow(t, id),
    /** PUT /api/tickets/:id as the admin (accept, transfer, close). */
    put: (ticketId: number, json: Json) => api(`/api/tickets/${ticketId}`, "PUT", json),
    /** The timers' tick at the clock's time, then the events it caused. */
    async tick() {
      await runTicketTimers(t.deps);
      await t.deps.bus.drain();
      await jobs();
    },
    timers: async (ticketId: number) =>
      (await t.deps.db.select().from(ticketTimers).where(eq(ticketTimers.ticketId, ticketId)))
        .map((r) => r.kind).sort(),
    advance: (minutes: number) => clock.advance(minutes * MINUTE),
    async close() {
      await t.close();
      await sink.close();
      await p?.close();
    },
  };
}

export type World = Awaited<ReturnType<typeof world>>;

/** Accepts the ticket as the admin, then closes it: with userRating on it goes to nps. */
export async function attendThenClose(x: World, ticketId: number) {
  await x.put(ticketId, { status: "open", userId: x.w.admin.user.id });
  await x.put(ticketId, { status: "closed" });
  await x.t.deps.bus.drain();
}

/** The rating settings: userRating on, a rating question and a farewell. */
export const RATING = {
  settings: { userRating: "enabled" },
  conn: { ratingMessage: "Dê uma nota de 0 a 10", complationMessage: "Obrigado!", expiresTicketNPS: 60 },
};

/** The LGPD settings: consent asked of every new contact. */
export const LGPD = { enableLGPD: "enabled", lgpdMessage: "Tratamos seus dados conforme a LGPD." };

/** A flow saved through the builder's routes; returns its id. */
export async function saveFlow(x: World, nodes: unknown[], connections: unknown[], name = "Fluxo") {
  const flow = await x.api<{ id: number }>("/api/flowbuilder", "POST", { name }, 201);
  await x.api("/api/flowbuilder/flow", "POST", { idFlow: flow.id, nodes, connections });
  return flow.id;
}

/** A welcome flow that greets and parks on a question (answerKey "nome"), then thanks. */
export async function welcomeQuestionFlow(x: World): Promise<number> {
  const id = await saveFlow(x, [
    node("start", "start"),
    node("hello", "message", { label: "Bem-vindo ao fluxo!" }),
    node("ask", "question", { typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" } }),
    node("thanks", "message", { label: "Obrigado, {{nome}}." }),
  ], [edge("start", "hello"), edge("hello", "ask"), edge("ask", "thanks")]);
  await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { flowIdWelcome: id });
  return id;
}

/** The connection's own bot: a webhook integration answering "n8n recebeu: <text>". */
export async function connectionBot(x: World, path = "/n8n/bot"): Promise<number> {
  const bot = await x.api<{ id: number }>("/api/queueIntegration", "POST", {
    type: "webhook",
    name: "Robô",
    urlN8N: `${x.p.url}${path}`,
  }, 201);
  await x.api(`/api/whatsapp/${x.w.conn.id}`, "PUT", { integrationId: bot.id });
  return bot.id;
}

/** The contact row of a number (created by its first message). */
export async function contactOf(x: World, number: string) {
  const [c] = await x.t.deps.db.select().from(contacts).where(eq(contacts.number, number));
  return c;
}

/** A one-off scheduled message to the contact, due now, through POST /api/schedules; then the tick. */
export async function scheduledMessageGoesOut(x: World, contactId: number, body: string, extra: Json = {}) {
  await x.api("/api/schedules", "POST", {
    body,
    contactId,
    sendAt: new Date(x.clock.now().getTime() + MINUTE).toISOString(),
    whatsappId: x.w.conn.id,
    ...extra,
  }, 201);
  x.advance(1);
  await schedulesTick(x.t.deps);
  await x.jobs();
}

/** The first number of a seeded list: the contact a confirmation campaign asks. */
export const LISTED = "5511900000001";

/** A confirmation campaign to LISTED, started and asked ("May we send you the offer, Contact 1?"). */
export async function confirmationAsked(x: World) {
  const tok = await x.token();
  await setCampaignSettings(x.t, tok, { messageInterval: 0, greaterInterval: 0 });
  const list = await seedList(x.t, x.w.company.id, 1);
  const c = await createCampaign(
    x.t,
    tok,
    confirmingCampaign({ contactListId: list.id, whatsappId: x.w.conn.id, at: x.clock.now() }),
  );
  await campaignTick(x);
  return c;
}

export const ASKED = "May we send you the offer, Contact 1?";
export const OFFER = "The offer, Contact 1";

export async function campaignTick(x: World) {
  await campaignsTick(x.t.deps);
  await x.jobs();
}

/** A plain (no confirmation) campaign to LISTED, sent now. */
export async function campaignGoesOut(x: World, message = "Black Friday, {nome}!") {
  const tok = await x.token();
  await setCampaignSettings(x.t, tok, { messageInterval: 0, greaterInterval: 0 });
  const list = await seedList(x.t, x.w.company.id, 1);
  const c = await createCampaign(x.t, tok, {
    name: "Promo",
    message1: message,
    contactListId: list.id,
    whatsappId: x.w.conn.id,
    scheduledAt: x.clock.now().toISOString(),
  });
  await campaignTick(x);
  return c;
}

export const campaignStatus = async (x: World, id: number) =>
  (await x.api<{ status: string }>(`/api/campaigns/${id}`)).status;
