/**
 * A payment provider down while a company pays, in the browser: Stripe (a local server speaking
 * its API) answers an error page; the company's admin, whose browser speaks Portuguese, reads in
 * the checkout that the provider is unavailable and to try again — nothing of the provider's page —
 * and the invoice keeps its value, plan and due date. When the provider is back, paying works.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { OPERATOR } from "../_helpers/test_app.ts";
import { createPlan } from "../_helpers/factories.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startStripeServer } from "../_helpers/stripe_server.ts";
import { browserTest, signIn } from "./_browser.ts";

const stripe = startStripeServer();
const UNAVAILABLE_PT = "O provedor de pagamento está indisponível. Tente novamente em instantes.";

browserTest(
  "[e2e] checkout during a provider outage: a clear message in the user's language, the invoice unchanged",
  async ({ server, newPage }) => {
    try {
      const op =
        (await (await server.request("/api/auth/login", { method: "POST", json: OPERATOR })).json()).token;
      const set = (key: string, value: string) =>
        server.request(`/api/settings/${key}`, { method: "PUT", token: op, json: { value } });
      expect((await set("stripeprivatekey", "sk_test_outage_e2e")).status).toBe(200);
      const a = await createTenant(server, {
        plan: { name: "Básico", amount: 11, isPublic: true },
        dueDate: addDays(todayIn(new Date(), "America/Sao_Paulo"), 4),
      });
      const dear = await createPlan(server, { name: "Completo", amount: 50, isPublic: true });
      await ensureInvoices(server.deps);
      const invoice = async () =>
        (await server.deps.db.select().from(invoices).where(eq(invoices.companyId, a.company.id)))[0];
      const before = await invoice();

      const { page } = await newPage({ locale: "pt-BR" });
      await signIn(page, a.admin);
      await page.goto("/financeiro");
      const tryToPay = async () => {
        await page.getByTestId(`invoice-pay-${before.id}`).click();
        await page.getByTestId("checkout-dialog").waitFor();
        await page.getByTestId(`checkout-plan-${dear.id}`).click();
        await page.locator("#co-zip").fill("01310100");
        await page.getByTestId("checkout-next").click();
        await page.getByTestId("checkout-review").waitFor();
        const answer = page.waitForResponse((r) => r.url().endsWith("/api/subscription"));
        await page.getByTestId("checkout-pay").click();
        return await answer;
      };

      stripe.down = 503;
      const failed = await tryToPay();
      expect(failed.status()).toBe(502);
      const error = page.getByTestId("checkout-error");
      await error.filter({ hasText: UNAVAILABLE_PT }).waitFor();
      const dialog = await page.getByTestId("checkout-dialog").textContent();
      expect(dialog).not.toMatch(/sk_live|html|Bad Gateway|ERR_/i);
      // Still on the review step, nothing to pay with.
      expect(await page.getByTestId("checkout-payment").count()).toBe(0);
      const after = await invoice();
      expect({ value: after.value, dueDate: after.dueDate, planId: after.planId, stripeId: after.stripeId })
        .toEqual({
          value: before.value,
          dueDate: before.dueDate,
          planId: before.planId,
          stripeId: before.stripeId,
        });
      expect(after.value).toBe(11);

      // The provider is back: the same button now gives the ways to pay at the new price.
      stripe.down = null;
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/subscription"));
      await page.getByTestId("checkout-pay").click();
      expect((await answer).status()).toBe(200);
      await page.getByTestId("checkout-stripe").waitFor();
      expect(await error.count()).toBe(0);
      expect((await invoice()).value).toBe(50);
    } finally {
      await stripe.close();
    }
  },
  () => ({ scheduler: false, env: { STRIPE_API_URL: stripe.url } }),
);
