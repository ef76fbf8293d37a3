/**
 * Checkout with no payment provider set up: instead of a total and "this window closes by itself",
 * the company reads that online payment is not set up, to pay by PIX or transfer and send the proof,
 * and the receipt upload is right there. Seen at 1440 px; looked at in 1440, 1280 and 390.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { atWidth, browserTest, shot, signIn } from "./_browser.ts";

browserTest("[e2e] checkout without a provider: pay by PIX or transfer and send the proof", async (
  { server, newPage },
) => {
  const a = await createTenant(server, {
    plan: { name: "Básico", amount: 11, isPublic: true },
    dueDate: addDays(todayIn(new Date(), "America/Sao_Paulo"), 4),
  });
  await ensureInvoices(server.deps);
  const [invoice] = await server.deps.db.select().from(invoices).where(eq(invoices.companyId, a.company.id));
  const { page } = await newPage();
  await signIn(page, a.admin);
  await page.goto("/financeiro");
  await page.getByTestId(`invoice-pay-${invoice.id}`).click();
  await page.getByTestId("checkout-dialog").waitFor();
  await page.getByTestId(`checkout-plan-${a.plan.id}`).click();
  await page.locator("#co-zip").fill("01310100");
  await page.getByTestId("checkout-next").click();
  await page.getByTestId("checkout-review").waitFor();
  await page.getByTestId("checkout-pay").click();
  await page.getByTestId("checkout-payment").waitFor();
  await page.getByTestId("checkout-offline").getByText("Online payment is not set up.").waitFor();
  await page.getByTestId("checkout-offline").getByText("Pay by PIX or bank transfer").waitFor();
  const text = await page.getByTestId("checkout-payment").textContent();
  expect(text).not.toMatch(/closes by itself/);
  await page.getByTestId("receipt-form").getByTestId("receipt-file").waitFor({ state: "attached" });
  await page.getByTestId("receipt-send").waitFor();
  for (const width of [1440, 1280, 390]) {
    await atWidth(page, width);
    await shot(page, `checkout_offline_${width}`);
  }
});
