/**
 * Inbox set-up for the browser tests: a company with queues, attendants and an api-channel
 * connection whose webhook is a local sink (what the customer receives), plus a customer who
 * writes through POST /api/channels/api/messages.
 */
import { Buffer } from "node:buffer";
import { expect } from "expect";
import type { Page } from "playwright-core";
import { createCompany, createQueue, createUser, login, type UserOverrides } from "../_helpers/factories.ts";
import { setCompanySetting } from "../_helpers/tenant.ts";
import type { TestServer } from "../_helpers/test_app.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";

export type Queue = Awaited<ReturnType<typeof createQueue>>;

export type Inbox = {
  companyId: number;
  admin: { email: string; password: string };
  adminToken: string;
  connToken: string;
  connId: number;
  queues: Queue[];
  sink: WebhookSink;
};

export async function setupInbox(
  server: TestServer,
  o: {
    name?: string;
    queues: { name: string; color: string }[];
    complationMessage?: string;
    settings?: Record<string, string>;
  },
): Promise<Inbox> {
  const sink = startWebhookSink();
  const { company, admin } = await createCompany(server, { name: o.name ?? "Northwind Support" });
  const queues: Queue[] = [];
  for (const q of o.queues) queues.push(await createQueue(server, company.id, q));
  for (const [k, v] of Object.entries(o.settings ?? {})) await setCompanySetting(server, company.id, k, v);
  const { token } = await login(server, admin);
  const res = await server.request("/api/whatsapp", {
    method: "POST",
    token,
    json: {
      name: "Site chat",
      channel: "api",
      webhookUrl: sink.url,
      queueIds: queues.map((q) => q.id),
      greetingMessage: "Hello! Choose a department:",
      ...(o.complationMessage ? { complationMessage: o.complationMessage } : {}),
    },
  });
  const conn = await res.json();
  if (res.status !== 201) throw new Error(`POST /api/whatsapp: ${res.status} ${JSON.stringify(conn)}`);
  return {
    companyId: company.id,
    admin,
    adminToken: token,
    connToken: conn.token,
    connId: conn.id,
    queues,
    sink,
  };
}

export function attendant(server: TestServer, inbox: Inbox, o: UserOverrides) {
  return createUser(server, inbox.companyId, o);
}

let seq = 0;

/** The customer writes (as the integrator would deliver it). */
export async function customerWrites(
  server: TestServer,
  inbox: Inbox,
  from: { number: string; name: string },
  body: string,
): Promise<{ ticketId: number; messageId: number }> {
  const res = await server.request("/api/channels/api/messages", {
    method: "POST",
    headers: { authorization: `Bearer ${inbox.connToken}` },
    json: { externalId: `e2e-${Date.now()}-${++seq}`, from, body },
  });
  expect(res.status).toBe(200);
  return await res.json();
}

/** Picks an option of one of our Radix selects. */
export async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A tiny valid PNG (a 2x2 teal square). */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGOQkpICIgYwBQQM/yEsIAAAwGgN2Ybq7ggAAAAASUVORK5CYII=",
  "base64",
);
