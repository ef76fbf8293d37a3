import { expect } from "expect";
import { createCompany, createUser } from "../_helpers/factories.ts";
import { OPERATOR } from "../_helpers/test_app.ts";
import { browserTest, expectToast, screenshot, signIn } from "./_browser.ts";

browserTest(
  "[e2e] settings: a drop-down saves at once and is kept after a reload",
  async ({ server, newPage }) => {
    const { company, admin } = await createCompany(server);
    const { page } = await newPage();
    await signIn(page, admin);
    await page.goto("/settings");
    await page.getByTestId("settings-general").waitFor();
    // No operator block nor white-label tab for a tenant admin; no LGPD block while LGPD is off.
    expect(await page.getByTestId("settings-operator").count()).toBe(0);
    expect(await page.getByTestId("tab-whitelabel").count()).toBe(0);
    expect(await page.getByTestId("settings-lgpd").count()).toBe(0);

    await page.getByTestId("setting-userRating").click();
    await page.getByRole("option", { name: "Enabled" }).click();
    await expectToast(page, "Operation updated successfully.");
    await page.getByTestId("setting-enableLGPD").click();
    await page.getByRole("option", { name: "Enabled" }).click();
    await page.getByTestId("settings-lgpd").waitFor();
    await screenshot(page, "settings_options");
    await page.locator("#setting-lgpdLink").fill("https://example.com/privacy");
    await page.locator("#setting-lgpdLink").blur();
    await expectToast(page, "Operation updated successfully.");

    await page.reload();
    await page.getByTestId("settings-general").waitFor();
    expect(await page.getByTestId("setting-userRating").textContent()).toBe("Enabled");
    expect(await page.locator("#setting-lgpdLink").inputValue()).toBe("https://example.com/privacy");

    // A profile user gets the forbidden view.
    const u = await createUser(server, company.id, { profile: "user" });
    const other = await newPage();
    await signIn(other.page, u);
    await other.page.goto("/settings");
    await other.page.getByTestId("forbidden").waitFor();
  },
);

browserTest("[e2e] settings: the operator edits platform options and white label", async ({ newPage }) => {
  const { page } = await newPage();
  await signIn(page, OPERATOR);
  await page.goto("/settings");
  await page.getByTestId("settings-operator").waitFor();

  // A secret is written by typing a new value and comes back masked.
  await page.locator("#setting-stripeprivatekey").fill("sk_test_1234567890abcd");
  await page.locator("#setting-stripeprivatekey").press("Enter");
  await expectToast(page, "Operation updated successfully.");
  await page.reload();
  await page.getByTestId("settings-operator").waitFor();
  const placeholder = await page.locator("#setting-stripeprivatekey").getAttribute("placeholder");
  expect(placeholder).toContain("abcd");
  expect(placeholder).not.toContain("sk_test_1234");

  await page.getByTestId("tab-whitelabel").click();
  await page.getByTestId("whitelabel-tab").waitFor();
  await page.locator("#setting-appName").fill("Helpdesk Pro");
  await page.locator("#setting-appName").blur();
  await expectToast(page, "Operation updated successfully.");
  await page.getByTestId("side-nav").filter({ hasText: "Helpdesk Pro" }).waitFor();
  await screenshot(page, "settings_whitelabel");
  await page.reload();
  await page.getByTestId("side-nav").waitFor();
  await page.waitForFunction(() => document.title === "Helpdesk Pro");
});
