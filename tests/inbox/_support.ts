/**
 * Helpers of the inbox suites: an api-channel connection driven end to end (customer messages in
 * through POST /api/channels/api/messages, our messages out to a webhook sink), error assertions
 * in the house order (status, then error code, then body) and small database probes.
 */
import assert from "node:assert/strict";
import { and, asc, eq } from "drizzle-orm";
import { contacts, contactTags, jobs, messages, tags, ticketLogs, tickets } from "@db/schema.ts";
import type { CompanyRow } from "@/lib/context.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import {
  createCompany,
  createQueue,
  createUser,
  login,
  type PlanOverrides,
  type TestUser,
  type UserOverrides,
} from "../_helpers/factories.ts";
import { setCompanySetting } from "../_helpers/tenant.ts";
import type { WebhookSink } from "../_helpers/webhook_sink.ts";

export type Json = Record<string, unknown>;
export type QueueRow = Awaited<ReturnType<typeof createQueue>>;
export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** Asserts the status, then the error code; returns the body. */
export async function expectError(res: Response, status: number, code: string): Promise<Json> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  const b = text ? JSON.parse(text) : null;
  assert.equal(b?.error, code, text);
  return b;
}

/** Asserts the status and returns the parsed body. */
export async function expectOk<T = Json>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return (text ? JSON.parse(text) : null) as T;
}

/** Lets every event handler (socket fan-out, automation, the bot's own sends) finish. */
export async function settleBus(t: TestApp): Promise<void> {
  await t.deps.bus.drain();
}

export async function waitUntil<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export type ApiConn = Json & { id: number; token: string; status: string; isDefault: boolean };

export type Inbox = {
  company: CompanyRow;
  admin: TestUser;
  adminToken: string;
  conn: ApiConn;
  queues: QueueRow[];
};

/**
 * A company with an api connection whose webhook is `sink` (or a dead address), created through
 * POST /api/whatsapp, with the given queues (created first, in order) and company settings.
 */
export async function setupInbox(
  t: TestApp,
  sink: WebhookSink | null,
  o: {
    queues?: Partial<QueueRow>[];
    conn?: Json;
    settings?: Record<string, string>;
    plan?: PlanOverrides;
  } = {},
): Promise<Inbox> {
  const { company, admin } = await createCompany(t, { plan: o.plan });
  const adminToken = (await login(t, admin)).token;
  const queues: QueueRow[] = [];
  for (const q of o.queues ?? []) queues.push(await createQueue(t, company.id, q));
  for (const [k, v] of Object.entries(o.settings ?? {})) await setCompanySetting(t, company.id, k, v);
  const conn = await expectOk<ApiConn>(
    await t.request("/api/whatsapp", {
      method: "POST",
      token: adminToken,
      json: {
        name: "Site chat",
        channel: "api",
        webhookUrl: sink?.url ?? "http://127.0.0.1:9/none",
        queueIds: queues.map((q) => q.id),
        ...o.conn,
      },
    }),
    201,
  );
  return { company, admin, adminToken, conn, queues };
}

/** A user of the company, logged in. */
export async function userOf(
  t: TestApp,
  companyId: number,
  o: UserOverrides = {},
): Promise<TestUser & { token: string }> {
  const u = await createUser(t, companyId, o);
  return { ...u, token: (await login(t, u)).token };
}

let ext = 0;
export const nextExternalId = () => `ext-${Date.now().toString(36)}-${++ext}`;

/** POST /api/channels/api/messages as the integrator (no waiting). */
export function inboundRaw(t: TestApp, connToken: string, payload: unknown): Promise<Response> {
  return t.request("/api/channels/api/messages", {
    method: "POST",
    headers: { authorization: `Bearer ${connToken}` },
    json: payload,
  });
}

export function updateRaw(t: TestApp, connToken: string, payload: unknown): Promise<Response> {
  return t.request("/api/channels/api/updates", {
    method: "POST",
    headers: { authorization: `Bearer ${connToken}` },
    json: payload,
  });
}

export type Inbound = { messageId: number; ticketId: number; duplicate: boolean };

/**
 * The customer writes; resolves once the message is stored and the automation it triggered
 * (greeting, menu, queue choice) has run and stored its answers.
 */
export async function customerSays(
  t: TestApp,
  conn: { token: string },
  from: string | { number: string; name?: string },
  body: string,
  extra: Json = {},
): Promise<Inbound> {
  const who = typeof from === "string" ? { number: from } : from;
  const r = await expectOk<Inbound>(
    await inboundRaw(t, conn.token, { externalId: nextExternalId(), from: who, body, ...extra }),
  );
  await settleBus(t);
  return r;
}

export async function ticketRow(t: TestApp, id: number): Promise<TicketRow> {
  const [row] = await t.deps.db.select().from(tickets).where(eq(tickets.id, id));
  assert.ok(row, `ticket ${id} exists`);
  return row;
}

export async function messageRow(t: TestApp, id: number): Promise<MessageRow> {
  const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, id));
  assert.ok(row, `message ${id} exists`);
  return row;
}

/** Our messages to the customer on a ticket (bot and attendants; no private notes), oldest first. */
export async function outbound(t: TestApp, ticketId: number): Promise<MessageRow[]> {
  return await t.deps.db.select().from(messages).where(and(
    eq(messages.ticketId, ticketId),
    eq(messages.fromMe, true),
    eq(messages.isPrivate, false),
  )).orderBy(asc(messages.id));
}

export async function logTypes(t: TestApp, ticketId: number): Promise<string[]> {
  const rows = await t.deps.db.select({ type: ticketLogs.type }).from(ticketLogs)
    .where(eq(ticketLogs.ticketId, ticketId)).orderBy(asc(ticketLogs.id));
  return rows.map((r) => r.type);
}

/** Bodies the webhook received for a customer number, in arrival order. */
export function hooksTo(sink: WebhookSink, number: string): string[] {
  return sink.received
    .filter((r) => (r.json.to as { number?: string } | undefined)?.number === number)
    .map((r) => String(r.json.body));
}

/** Waits until the webhook received a message for `number` whose body satisfies `pred`. */
export async function hookFor(
  sink: WebhookSink,
  number: string,
  pred: (body: string) => boolean,
  timeoutMs = 15_000,
) {
  return await sink.next(
    (r) => (r.json.to as { number?: string })?.number === number && pred(String(r.json.body)),
    timeoutMs,
  );
}

/** The delivery jobs of a message (channels.api.deliver). */
export async function deliveryJob(t: TestApp, messageId: number) {
  const rows = await t.deps.db.select().from(jobs).where(eq(jobs.name, "channels.api.deliver"));
  return rows.find((j) => (j.payload as { messageId?: number }).messageId === messageId) ?? null;
}

export async function insertContact(
  t: TestApp,
  companyId: number,
  o: Partial<typeof contacts.$inferInsert> & { number: string },
) {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(contacts).values({ name: o.name ?? o.number, ...o, companyId }).returning())[0]
  );
}

export async function insertTag(t: TestApp, companyId: number, name: string) {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(tags).values({ companyId, name, color: "#123456" }).returning())[0]
  );
}

export async function tagContact(t: TestApp, companyId: number, contactId: number, tagId: number) {
  await t.deps.database.write((tx) => tx.insert(contactTags).values({ companyId, contactId, tagId }));
}

/** A valid 1×1 PNG. */
export const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (ch) => ch.charCodeAt(0),
);

export const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
