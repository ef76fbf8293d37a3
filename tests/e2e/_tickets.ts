/**
 * Set-ups and steps the tickets screens' browser tests share: an attendant in a one-queue inbox,
 * a company whose conversations no bot handles, opening and accepting a ticket.
 */
import { expect } from "expect";
import type { Page } from "playwright-core";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import type { TestServer } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { attendant, setupInbox } from "./_inbox.ts";

/** An inbox with one queue (Sales) and Ana Lima, an attendant of it. */
export async function salesWithAna(server: TestServer) {
  const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
  const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [inbox.queues[0].id] });
  return { inbox, ana };
}

/** Opens the ticket and accepts it, so the composer is live. */
export async function openAndAccept(page: Page, ticketId: number | string) {
  await page.goto(`/tickets/${ticketId}`);
  await page.getByTestId("ticket-view").waitFor();
  await acceptOpenTicket(page);
}

/**
 * Accepts the ticket on screen, so the composer is live. The accept dialog shows only when the
 * ticket needs a queue: whichever of the two answers the click is waited for, then confirmed.
 */
export async function acceptOpenTicket(page: Page) {
  await page.getByTestId("ticket-accept").click();
  const confirm = page.getByTestId("accept-confirm");
  await confirm.or(page.getByTestId("composer-input")).first().waitFor();
  if (await confirm.isVisible()) await confirm.click();
  await page.getByTestId("composer-input").waitFor();
}

/** The rendered width of the element with this test id (0 when it is not shown). */
export const widthOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).boundingBox())?.width ?? 0;

/**
 * A company ("Polish Co") with one queue (Support) and an api connection to it without a greeting:
 * its conversations need no menu and no bot handles them. `says` is the customer Ana Ribeiro
 * writing over that connection; `adminToken` is a second admin's (a login of `admin` itself would
 * end the browser's session).
 */
export async function botlessInbox(server: TestServer) {
  const sink = startWebhookSink();
  const { company, admin } = await createCompany(server, { name: "Polish Co" });
  const queue = await createQueue(server, company.id, { name: "Support", color: "#16a34a" });
  const adminToken = (await login(server, await createUser(server, company.id, { profile: "admin" }))).token;
  const res = await server.request("/api/whatsapp", {
    method: "POST",
    token: adminToken,
    json: { name: "Site chat", channel: "api", webhookUrl: sink.url, queueIds: [queue.id] },
  });
  const conn = await res.json();
  if (res.status !== 201) throw new Error(`POST /api/whatsapp: ${res.status} ${JSON.stringify(conn)}`);
  const token = conn.token as string;
  let n = 0;
  const says = async (body: string) => {
    const res = await server.request("/api/channels/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      json: { externalId: `polish-${++n}`, from: { number: "5511987650000", name: "Ana Ribeiro" }, body },
    });
    expect(res.status).toBe(200);
    return await res.json() as { ticketId: number; messageId: number };
  };
  return { company, admin, adminToken, token, sink, says };
}
