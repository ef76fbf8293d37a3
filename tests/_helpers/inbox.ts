/**
 * The inbox world driven end to end through an api-channel connection (see `createTenant`'s
 * `webhook`): customer messages in through POST /api/channels/api/messages, our messages out to a
 * webhook sink, and small database probes of tickets, messages, logs and delivery jobs.
 */
import assert from "node:assert/strict";
import { and, asc, eq } from "drizzle-orm";
import { contacts, contactTags, jobs, messages, tags, ticketLogs, tickets } from "@db/schema.ts";
import type { TestApp } from "./test_app.ts";
import type { WebhookSink } from "./webhook_sink.ts";
import { expectOk, type Json } from "./http.ts";

export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

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
