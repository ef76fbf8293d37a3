/**
 * A company's whole life in the browser, with the server's clock injected (and the browser's clock
 * set to the same day): the operator makes a plan and a company; the invoice appears; the company
 * pays by card (Stripe: a local server speaking its API, the webhook signed with the stripe
 * package) and the open checkout closes by itself; a due date passes unpaid and the company gets
 * the expired screen; paying reopens it; a receipt approved by the operator renews it.
 * Screenshots of each screen at 1440, 1280 and 390 px go to /tmp/shots.
 */
import { Buffer } from "node:buffer";
import { expect } from "expect";
import type { BrowserContext, Page } from "playwright-core";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { OPERATOR, type TestServer } from "../_helpers/test_app.ts";
import { signedEvent, startStripeServer } from "../_helpers/stripe_server.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { browserTest, type E2E, expectToast, shot, signIn } from "./_browser.ts";

const SECRET = "whsec_e2e";
const TZ = "America/Sao_Paulo";
const stripe = startStripeServer();
const clock = new ManualClock(new Date());
const usDate = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

async function shots(page: Page, name: string) {
  for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    await shot(page, `${name}_${w}`); // the layout settles before the picture
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A browser context whose clock reads the server's injected time. */
async function at(newPage: () => Promise<{ context: BrowserContext; page: Page }>) {
  const { context, page } = await newPage();
  await context.clock.install({ time: clock.now() });
  return page;
}

async function pay(page: Page, planId: number) {
  await page.getByTestId("checkout-dialog").waitFor();
  await page.getByTestId(`checkout-plan-${planId}`).click();
  await page.locator("#co-zip").fill("12345678900");
  await page.getByTestId("checkout-next").click();
  await page.getByTestId("checkout-review").waitFor();
  await page.getByTestId("checkout-pay").click();
  await page.getByTestId("checkout-payment").waitFor();
  const href = await page.getByTestId("checkout-stripe").getAttribute("href");
  const session = stripe.sessions.get(href!.split("/").pop()!)!;
  return session;
}

async function stripePays(server: TestServer, session: Record<string, unknown>, eventId: string) {
  const { body, signature } = await signedEvent(SECRET, {
    id: eventId,
    type: "checkout.session.completed",
    object: { ...session, payment_status: "paid", payment_intent: `pi_${eventId}` },
  });
  const res = await fetch(`${server.url}/api/webhooks/stripe`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
  expect(res.status).toBe(200);
  expect((await res.json()).result).toBe("paid");
}

browserTest(
  "[e2e] billing: a company's whole life — plan, company, invoice, card payment, expiry, receipt",
  async (e2e) => {
    try {
      await life(e2e);
    } finally {
      await stripe.close();
    }
  },
  () => ({ clock, scheduler: false, env: { STRIPE_API_URL: stripe.url } }),
);

async function life({ server, newPage }: E2E) {
  const api = async (path: string, token: string, json: unknown, method = "PUT") =>
    await server.request(path, { method, token, json });
  const opToken =
    (await (await server.request("/api/auth/login", { method: "POST", json: OPERATOR })).json()).token;
  await api("/api/settings/stripeprivatekey", opToken, { value: "sk_test_e2e" });
  await api("/api/settings/stripewebhooksecret", opToken, { value: SECRET });

  // The operator makes a plan and a company.
  let page = await at(newPage);
  await signIn(page, OPERATOR);
  await page.goto("/settings");
  await page.getByTestId("tab-plans").click();
  await page.locator("#plan-name").fill("Pro");
  await page.locator("#plan-amount").fill("10");
  await page.locator("#plan-users").fill("5");
  await page.getByTestId("plan-save").click();
  await expectToast(page, "Operation completed successfully.");
  const planRow = page.locator('[data-testid^="plan-row-"]').filter({ hasText: "Pro" });
  await planRow.waitFor();
  const planId = Number((await planRow.getAttribute("data-testid"))!.replace("plan-row-", ""));
  await shots(page, "billing_plans");

  const due0 = addDays(todayIn(clock.now(), TZ), 5);
  await page.goto("/companies");
  await page.getByTestId("company-add").click();
  await page.locator("#company-name").fill("Padaria Sol");
  await page.locator("#company-email").fill("dono@padaria.test");
  await page.locator("#company-password").fill("Padaria#2026");
  await page.getByTestId("company-plan").click();
  await page.getByRole("option", { name: /^Pro/ }).click();
  await page.locator("#company-due").fill(due0);
  await page.getByTestId("company-save").click();
  await expectToast(page, "Operation completed successfully.");
  const row = page.locator('[data-testid^="company-row-"]').filter({ hasText: "Padaria Sol" });
  await row.waitFor();
  // Due in 5 days: the row is yellow.
  expect(await row.getAttribute("class")).toContain("bg-warning");
  await shots(page, "billing_companies");

  // The invoice job runs ahead of the due date; the company sees "Invoices (1)".
  await ensureInvoices(server.deps);
  const owner = { email: "dono@padaria.test", password: "Padaria#2026" };
  let co = await at(newPage);
  await signIn(co, owner);
  await co.goto("/financeiro");
  await co.getByTestId("invoices-title").filter({ hasText: "Invoices (1)" }).waitFor();
  const payBtn = co.locator('[data-testid^="invoice-pay-"]').first();
  await shots(co, "billing_finance");

  // The company pays by card; the checkout closes by itself with the spec's message.
  await payBtn.click();
  await co.getByTestId("checkout-plans").waitFor();
  await shots(co, "billing_checkout_plans");
  let session = await pay(co, planId);
  await shots(co, "billing_checkout_payment");
  await stripePays(server, session, "evt_life_1");
  const due1 =
    (await server.deps.db.query.companies.findFirst({ where: (c, { eq }) => eq(c.name, "Padaria Sol") }))!
      .dueDate!;
  expect(due1 > due0).toBe(true);
  await co.getByTestId("checkout-renewed").filter({ hasText: `renewed until ${usDate(due1)}` }).waitFor();
  await co.waitForURL((u) => u.pathname === "/");

  // The due date passes unpaid: the company gets the expired screen.
  clock.set(`${addDays(due1, 1)}T15:00:00Z`);
  await ensureInvoices(server.deps);
  await co.context().close();
  await page.context().close();
  co = await at(newPage);
  await co.goto("/login");
  await co.locator("#login-email").fill(owner.email);
  await co.locator("#login-password").fill(owner.password);
  await co.getByTestId("login-submit").click();
  await co.waitForURL("**/financeiro");
  await expectToast(co, `Your subscription expired on ${usDate(due1)}`);
  await co.getByTestId("subscription-status").filter({ hasText: "Expired" }).waitFor();
  await co.locator('[data-testid^="invoice-status-"]').filter({ hasText: "Overdue" }).waitFor();
  await shots(co, "billing_expired");

  // Paying reopens it (no socket while expired: the checkout watches the invoice).
  await co.locator('[data-testid^="invoice-pay-"]').first().click();
  session = await pay(co, planId);
  await stripePays(server, session, "evt_life_2");
  const due2 =
    (await server.deps.db.query.companies.findFirst({ where: (c, { eq }) => eq(c.name, "Padaria Sol") }))!
      .dueDate!;
  await co.getByTestId("checkout-renewed").filter({ hasText: usDate(due2) }).waitFor({ timeout: 30_000 });
  await co.waitForURL((u) => u.pathname === "/");
  await co.goto("/financeiro");
  await co.getByTestId("subscription-status").filter({ hasText: "Active" }).waitFor();

  // Again unpaid past due; this time a receipt, approved by the operator, renews it.
  clock.set(`${addDays(due2, 1)}T15:00:00Z`);
  await ensureInvoices(server.deps);
  await co.context().close();
  co = await at(newPage);
  await signIn(co, owner, "/login").catch(() => undefined);
  await co.waitForURL("**/financeiro");
  await co.locator('[data-testid^="invoice-pay-"]').first().click();
  await pay(co, planId);
  await co.locator("#rc-desc").fill("PIX pago no banco");
  await co.getByTestId("receipt-file").setInputFiles({
    name: "comprovante.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG),
  });
  await co.getByTestId("receipt-send").click();
  await expectToast(co, "Proof sent; wait for the confirmation.");
  await co.locator('[data-testid^="invoice-status-"]').filter({
    hasText: "In process - awaiting confirmation",
  })
    .waitFor();

  page = await at(newPage);
  await signIn(page, OPERATOR);
  await page.goto("/recipts");
  const receipt = page.locator('[data-testid^="receipt-row-"]').filter({ hasText: "Padaria Sol" }).first();
  await receipt.waitFor();
  await shots(page, "billing_receipts");
  await receipt.locator('[data-testid^="receipt-view-"]').click();
  await page.getByTestId("receipt-description").filter({ hasText: "PIX pago no banco" }).waitFor();
  await shots(page, "billing_receipt_dialog");
  await page.getByTestId("receipt-approve").click();
  await expectToast(page, "Receipt approved/denied successfully");
  await receipt.locator('[data-testid^="receipt-estado-"]').filter({ hasText: "Approved" }).waitFor();

  const due3 =
    (await server.deps.db.query.companies.findFirst({ where: (c, { eq }) => eq(c.name, "Padaria Sol") }))!
      .dueDate!;
  expect(due3 > due2).toBe(true);
  await co.reload();
  await co.getByTestId("subscription-status").filter({ hasText: "Active" }).waitFor();
  await co.getByTestId("finance-due-date").filter({ hasText: usDate(due3) }).waitFor();
  await co.goto("/subscription");
  await co.getByTestId("firma-period").filter({ hasText: usDate(due3) }).waitFor();
  await shots(co, "billing_subscription");
}

// 1×1 transparent PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);
