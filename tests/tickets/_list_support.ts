/**
 * Fixtures for the GET /api/tickets suites. Rows are inserted directly with the production
 * schema (the ticket service is not needed to build a list), and the list is read through the
 * real HTTP route with a real session.
 */
import assert from "node:assert/strict";
import { contacts, contactTags, messages, tags, tickets, ticketTags, whatsapps } from "@db/schema.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { writeSettings } from "@/settings/repo.ts";
import { clearCaches } from "@/caches.ts";

export type TicketRowT = typeof tickets.$inferSelect;
export type ListBody = {
  tickets: (TicketRowT & { contact: { id: number; name: string; number: string } | null; tags: unknown[] })[];
  count: number;
  hasMore: boolean;
};

let seq = 0;
const next = () => ++seq;

export async function mkWhatsapp(t: TestApp, companyId: number, name = `Line ${next()}`) {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(whatsapps).values({
      companyId,
      name,
      channel: "api",
      token: crypto.randomUUID().replaceAll("-", "").slice(0, 30),
    }).returning())[0]
  );
}

export async function mkContact(
  t: TestApp,
  companyId: number,
  o: { name?: string; number?: string; isGroup?: boolean } = {},
) {
  const n = next();
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(contacts).values({
      companyId,
      name: o.name ?? `Contact ${n}`,
      number: o.number ?? `55${String(1_000_000_000 + n * 7919 + Math.floor(Math.random() * 1000))}`,
      isGroup: o.isGroup ?? false,
    }).returning())[0]
  );
}

/** Base time of the fixtures; `minute` moves a ticket's updatedAt so orders are deterministic. */
export const T0 = Date.parse("2026-01-05T12:00:00.000Z");
export const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

export type TicketSpec = {
  whatsappId: number;
  contactId?: number;
  status?: TicketRowT["status"];
  queueId?: number | null;
  userId?: number | null;
  isGroup?: boolean;
  unreadMessages?: number;
  updatedAt?: string;
  contactName?: string;
  contactNumber?: string;
};

/** A ticket; a fresh contact unless `contactId` is given (one active ticket per contact and line). */
export async function mkTicket(t: TestApp, companyId: number, s: TicketSpec): Promise<TicketRowT> {
  const contactId = s.contactId ??
    (await mkContact(t, companyId, { name: s.contactName, number: s.contactNumber, isGroup: s.isGroup })).id;
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(tickets).values({
      companyId,
      contactId,
      whatsappId: s.whatsappId,
      status: s.status ?? "pending",
      queueId: s.queueId ?? null,
      userId: s.userId ?? null,
      isGroup: s.isGroup ?? false,
      unreadMessages: s.unreadMessages ?? 0,
      updatedAt: s.updatedAt ?? at(next()),
      channel: "api",
    }).returning())[0]
  );
}

export async function mkMessage(t: TestApp, companyId: number, ticket: TicketRowT, body: string) {
  await t.deps.database.write((tx) =>
    tx.insert(messages).values({ companyId, ticketId: ticket.id, contactId: ticket.contactId, body })
  );
}

export async function mkTag(t: TestApp, companyId: number, name = `Tag ${next()}`) {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(tags).values({ companyId, name, color: "#123456" }).returning())[0]
  );
}

export async function tagTicket(t: TestApp, companyId: number, ticketId: number, tagId: number) {
  await t.deps.database.write((tx) => tx.insert(ticketTags).values({ companyId, ticketId, tagId }));
}

export async function tagContact(t: TestApp, companyId: number, contactId: number, tagId: number) {
  await t.deps.database.write((tx) => tx.insert(contactTags).values({ companyId, contactId, tagId }));
}

export async function setSettings(t: TestApp, companyId: number, values: Record<string, string>) {
  await t.deps.database.write((tx) => writeSettings(tx, companyId, values));
  clearCaches(t.deps.caches);
}

export type Query = Record<string, string | number | boolean | (string | number)[]>;

/** GET /api/tickets; arrays become repeated parameters unless already a string. */
export async function list(t: TestApp, token: string | undefined, q: Query = {}): Promise<Response> {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (Array.isArray(v)) { for (const x of v) p.append(k, String(x)); }
    else p.append(k, String(v));
  }
  return await t.request(`/api/tickets?${p}`, { token });
}

/** GET /api/tickets, asserting 200; returns the body. */
export async function listOk(t: TestApp, token: string, q: Query = {}): Promise<ListBody> {
  const res = await list(t, token, q);
  const text = await res.text();
  assert.equal(res.status, 200, `GET /api/tickets ${JSON.stringify(q)}: ${res.status} ${text}`);
  return JSON.parse(text) as ListBody;
}

/** The ids a query returns, sorted, for set comparisons. */
export async function ids(t: TestApp, token: string, q: Query = {}): Promise<number[]> {
  const b = await listOk(t, token, q);
  assert.equal(b.count, b.tickets.length, "fixture lists fit one page");
  return b.tickets.map((x) => x.id).sort((a, b) => a - b);
}

export const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);
