/**
 * The operator sees a refused payment, in the browser: with the back office's Payments tab open, a
 * company plays the cheap-session attack (checkout 11.00, checkout 50.00 on the same invoice, pay the
 * 11.00 session with a genuine signed Stripe event); the refusal appears live with its reason, the
 * reported amount and the event, and the company's own finance page says only "payment refused —
 * contact support". Screenshots at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { OPERATOR } from "../_helpers/test_app.ts";
import { startStripeServer } from "../_helpers/stripe_server.ts";
import { configureStripe, refusedCheapSession } from "../billing/_cheap_session.ts";
import { atWidth, browserTest, shot, signIn, WIDTHS } from "./_browser.ts";

const stripe = startStripeServer();

browserTest(
  "[e2e] payments review: a refused cheap-session payment appears on the operator's screen with its reason",
  async ({ server, newPage }, t) => {
    try {
      await configureStripe(server);
      const { page } = await newPage({ locale: "en-US" });
      await t.step("the operator opens Settings → Payments: nothing yet", async () => {
        await atWidth(page, 1440);
        await signIn(page, OPERATOR);
        await page.goto("/settings");
        await page.getByTestId("tab-payments").click();
        await page.getByTestId("payments-tab").getByText("No payment issues").waitFor();
      });

      const attack = await refusedCheapSession(server, stripe, {
        name: "Padaria Sol",
        eventId: "evt_e2e_cheap",
      });
      expect(attack.result).toBe("not_found");
      const row = page.getByTestId("payment-issue-refused-evt_e2e_cheap");

      await t.step("the refusal appears live, with its reason", async () => {
        await row.waitFor();
        const text = await row.textContent();
        expect(text).toContain("Padaria Sol");
        expect(text).toContain("Checkout replaced");
        expect(text).toContain(`#${attack.invoice.id} · 50.00`);
        expect(text).toContain("stripe");
        expect(text).toContain("11.00 BRL");
      });

      await t.step("the details name the event and the reason code", async () => {
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `payment_issues_${width}`);
        }
        await atWidth(page, 1440);
        await page.getByTestId("payment-issue-view-refused-evt_e2e_cheap").click();
        const detail = page.getByTestId("payment-issue-detail");
        await detail.waitFor();
        const text = await detail.textContent();
        expect(text).toContain("evt_e2e_cheap");
        expect(text).toContain("checkout.session.completed");
        expect(text).toContain("replaced");
        await shot(page, "payment_issue_detail_1440");
        await atWidth(page, 390);
        await shot(page, "payment_issue_detail_390");
        await page.keyboard.press("Escape");
      });

      await t.step(
        "a provider failure at the company's next checkout: its answer, for the operator only",
        async () => {
          stripe.down = 502;
          const failed = await server.request("/api/subscription", {
            method: "POST",
            token: attack.tenant.adminToken,
            json: {
              firstName: "Ana",
              zipcode: "1",
              plan: attack.tenant.plan.id,
              invoiceId: attack.invoice.id,
            },
          });
          expect(failed.status).toBe(502);
          expect(await failed.text()).not.toMatch(/stripe:/);
          stripe.down = null;
          await atWidth(page, 1440);
          const failure = page.getByTestId(`payment-issue-provider_error-${attack.invoice.id}`);
          await failure.waitFor();
          expect(await failure.textContent()).toContain("Provider failure");
          await page.getByTestId(`payment-issue-view-provider_error-${attack.invoice.id}`).click();
          const answer = page.getByTestId("payment-issue-provider-error");
          await answer.waitFor();
          expect(await answer.textContent()).toMatch(/^stripe: /);
          await shot(page, "payment_issue_provider_1440");
          await page.keyboard.press("Escape");
        },
      );

      await t.step("the company reads only that its payment was refused", async () => {
        const { page: company } = await newPage({ locale: "en-US" });
        await atWidth(company, 1280);
        await signIn(company, attack.tenant.admin);
        await company.goto("/financeiro");
        const note = company.getByTestId(`invoice-refused-${attack.invoice.id}`);
        await note.waitFor();
        expect(await note.textContent()).toBe("Payment refused — contact support");
        const finance = await company.getByTestId("finance-page").textContent();
        expect(finance).not.toMatch(/evt_e2e_cheap|replaced|stripe/i);
        await shot(company, "payment_refused_company_1280");
        await atWidth(company, 390);
        await shot(company, "payment_refused_company_390");
      });
    } finally {
      await stripe.close();
    }
  },
  () => ({ scheduler: false, env: { STRIPE_API_URL: stripe.url } }),
);
