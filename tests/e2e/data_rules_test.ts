/**
 * A company's data in the browser: an admin asks for the full export in Settings → Data and
 * downloads it when ready; the operator sets a plan's retention rule in Settings → Retention &
 * backups, sees each company's rule and counts, exports a company from there and lists the
 * backups. Screenshots at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { OPERATOR } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { atWidth, browserTest, LONG_WORK_MS, shot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] data rules: the admin's export, the operator's retention, company export and backups",
  async ({ server, newPage }, t) => {
    const tenant = await createTenant(server, { name: "Padaria Dados", webhook: null });
    await t.step("the admin asks for the export and downloads it when ready", async () => {
      const { page } = await newPage({ locale: "en-US" });
      await atWidth(page, 1440);
      await signIn(page, tenant.admin);
      await page.goto("/settings");
      await page.getByTestId("tab-data").click();
      await page.getByTestId("export-panel").getByText("No exports yet.").waitFor();
      await page.getByTestId("export-request").click();
      const link = page.locator("[data-testid^=export-download-]").first();
      await link.waitFor({ timeout: LONG_WORK_MS });
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^\/api\/company-exports\/\d+\/download\?exp=\d+&sig=/);
      const res = await page.request.get(server.url + href);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/zip");
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await shot(page, `data_export_${width}`);
      }
    });

    await t.step("the operator sets a plan's rule and sees it on the company", async () => {
      const { page } = await newPage({ locale: "en-US" });
      await atWidth(page, 1440);
      await signIn(page, OPERATOR);
      await page.goto("/settings");
      await page.getByTestId("tab-retention").click();
      const row = page.getByTestId(`retention-company-${tenant.company.id}`);
      await row.getByText("Kept for ever").waitFor();
      await page.getByTestId(`retention-plan-edit-${tenant.plan.id}`).click();
      const dialog = page.getByTestId("retention-dialog");
      await dialog.waitFor();
      await page.locator("#r-months").fill("12");
      await page.locator("#r-audit").fill("365");
      await shot(page, "retention_dialog_1440");
      await page.getByTestId("retention-save").click();
      await row.getByText("messages 12 months · audit 365 days").waitFor();
      await page.getByTestId("backup-now").click();
      await page.getByTestId("backup-list").waitFor();
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await shot(page, `retention_${width}`);
      }
      await atWidth(page, 1440);
      await page.getByTestId(`company-export-${tenant.company.id}`).click();
      await page.getByTestId("export-panel").waitFor();
      await page.locator("[data-testid^=export-download-]").first().waitFor({ timeout: LONG_WORK_MS });
      await shot(page, "retention_company_export_1440");
      await atWidth(page, 390);
      await shot(page, "retention_company_export_390");
    });
  },
);
