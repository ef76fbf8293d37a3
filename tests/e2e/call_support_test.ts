/**
 * "Call support" on the Connections page (spec 2 §2): the operator types the support WhatsApp
 * number in the settings; every company's Connections page then offers a button that opens a
 * WhatsApp chat with it (wa.me), beside restart and new connection.
 */
import { expect } from "expect";
import { createCompany } from "../_helpers/factories.ts";
import { OPERATOR } from "../_helpers/test_app.ts";
import { atWidth, browserTest, expectToast, screenshot, settled, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] connections: call support opens the operator's WhatsApp",
  async ({ server, newPage }, t) => {
    const { admin } = await createCompany(server, { name: "Northwind Support" });

    await t.step("without a number there is no button", async () => {
      const { page } = await newPage();
      await signIn(page, admin);
      await page.goto("/connections");
      await page.getByTestId("connections-page").waitFor();
      await page.getByTestId("conn-restart").waitFor();
      expect(await page.getByTestId("conn-support").count()).toBe(0);
    });

    await t.step("the operator sets the number in the settings", async () => {
      const { page } = await newPage();
      await signIn(page, OPERATOR);
      await page.goto("/settings");
      await page.getByTestId("settings-operator").waitFor();
      await page.locator("#setting-supportPhone").fill("+55 (11) 4000-1234");
      await page.locator("#setting-supportPhone").blur();
      await expectToast(page, "Operation updated successfully.");
      // The operator's options with the support number and the billing currency, wide and on a phone.
      for (const w of [1440, 390]) {
        await atWidth(page, w);
        await page.locator("#setting-billingCurrency").scrollIntoViewIfNeeded();
        await settled(page);
        await screenshot(page, `settings_operator_support_${w}`);
      }
    });

    await t.step("a company's admin gets the button, at every width", async () => {
      const { page } = await newPage();
      await signIn(page, admin);
      await page.goto("/connections");
      const link = page.getByTestId("conn-support");
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe("https://wa.me/551140001234");
      expect(await link.getAttribute("target")).toBe("_blank");
      expect((await link.textContent())?.trim()).toBe("Call support");
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await link.waitFor();
        await settled(page);
        await screenshot(page, `connections_call_support_${w}`);
      }
    });
  },
);
