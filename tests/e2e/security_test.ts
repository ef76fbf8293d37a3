/** Two-factor login and the audit log in the browser, as a user clicks. */
import { expect } from "expect";
import type { Page } from "playwright-core";
import { createCompany, createUser } from "../_helpers/factories.ts";
import { OPERATOR } from "../_helpers/test_app.ts";
import { codeAt } from "../two_factor/_totp.ts";
import { browserTest, expectToast, screenshot, signIn } from "./_browser.ts";

/** A code the server has not seen yet: the next 30-second step (accepted within the ±1 window). */
const nextCode = (secret: string) => codeAt(secret, new Date(Date.now() + 30_000));

async function shots(page: Page, name: string) {
  for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    await screenshot(page, `${name}_${w}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function passwordStep(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.locator("#login-email").fill(who.email);
  await page.locator("#login-password").fill(who.password);
  await page.getByTestId("login-submit").click();
}

browserTest(
  "[e2e] two-factor: enrol from the profile, then sign in with a code",
  async ({ server, newPage }) => {
    const { company } = await createCompany(server);
    const u = await createUser(server, company.id, { profile: "user", name: "Tess Totp" });
    const { page } = await newPage();
    await signIn(page, u);

    await page.getByTestId("user-menu-trigger").click();
    await page.getByTestId("menu-profile").click();
    await page.getByTestId("twofa-section").waitFor();
    await page.getByTestId("twofa-state").filter({ hasText: "Off" }).waitFor();
    await page.getByTestId("twofa-enable").click();
    await page.getByTestId("twofa-qr").waitFor();
    const secret = (await page.getByTestId("twofa-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shots(page, "twofa_profile_enrol");
    await page.locator("#twofa-confirm-code").fill(codeAt(secret, new Date()));
    await page.getByTestId("twofa-confirm").click();
    await page.getByTestId("recovery-codes").waitFor();
    expect(await page.getByTestId("recovery-code").count()).toBe(10);
    await shots(page, "twofa_profile_codes");
    await page.getByTestId("twofa-codes-done").click();
    await page.getByTestId("twofa-state").filter({ hasText: "On" }).waitFor();

    // A new browser: the password alone no longer opens the session.
    const second = await newPage();
    await passwordStep(second.page, u);
    await second.page.getByTestId("login-2fa-form").waitFor();
    await shots(second.page, "twofa_login_code");
    await second.page.locator("#login-2fa-code").fill("000000");
    await second.page.getByTestId("login-2fa-submit").click();
    await expectToast(second.page, "Invalid or already used code");
    await second.page.locator("#login-2fa-code").fill(nextCode(secret));
    await second.page.getByTestId("login-2fa-submit").click();
    await second.page.getByTestId("side-nav").waitFor();
  },
);

browserTest(
  "[e2e] two-factor: the admin requires it; a colleague enrols right after the password",
  async ({ server, newPage }) => {
    const { company, admin } = await createCompany(server);
    const u = await createUser(server, company.id, { profile: "user" });
    const { page } = await newPage();
    await signIn(page, admin);
    await page.goto("/settings");
    await page.getByTestId("settings-security").waitFor();
    await page.getByTestId("setting-twoFactorRequired").click();
    await page.getByRole("option", { name: "Enabled" }).click();
    await expectToast(page, "Operation updated successfully.");

    const other = await newPage();
    await passwordStep(other.page, u);
    await other.page.getByTestId("twofa-qr").waitFor();
    await shots(other.page, "twofa_login_enrol");
    const secret = (await other.page.getByTestId("twofa-secret").textContent())!.trim();
    await other.page.locator("#login-2fa-code").fill(codeAt(secret, new Date()));
    await other.page.getByTestId("login-2fa-submit").click();
    await other.page.getByTestId("login-recovery-codes").waitFor();
    expect(await other.page.getByTestId("recovery-code").count()).toBe(10);
    // No session until the codes are acknowledged.
    expect(await other.page.getByTestId("side-nav").count()).toBe(0);
    await other.page.getByTestId("login-continue").click();
    await other.page.getByTestId("side-nav").waitFor();

    // Lost phone: the admin resets it from the user's Permissions tab; the next login enrols again.
    await page.goto("/users");
    await page.locator(`[data-testid="user-row-${u.user.id}"] [data-testid^="user-edit-"]`).click();
    await page.getByTestId("tab-permissions").click();
    await page.getByTestId("twofa-reset").getByRole("button").click();
    await page.getByTestId("confirm-dialog-confirm").click();
    await expectToast(page, "Two-factor login reset");
    const third = await newPage();
    await passwordStep(third.page, u);
    await third.page.getByTestId("twofa-qr").waitFor();
  },
);

browserTest(
  "[e2e] audit log: a change just made is listed, and the filters narrow it",
  async ({ server, newPage }) => {
    const { admin } = await createCompany(server);
    const { page } = await newPage();
    await signIn(page, admin);
    await page.goto("/settings");
    await page.getByTestId("setting-userRating").click();
    await page.getByRole("option", { name: "Enabled" }).click();
    await expectToast(page, "Operation updated successfully.");

    await page.getByTestId("nav-auditLog").click();
    await page.getByTestId("audit-table").waitFor();
    const row = page.locator('[data-testid^="audit-row-"]').filter({ hasText: "Setting changed" }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain("userRating");
    expect(await row.textContent()).toContain("disabled → enabled");
    expect(await row.textContent()).toContain(admin.email);
    await shots(page, "audit_log");

    // Filter by action: only setting changes remain; the sign-in disappears.
    expect(await page.locator('[data-testid^="audit-row-"]').filter({ hasText: "Signed in" }).count()).toBe(
      1,
    );
    await page.getByTestId("audit-filter-action").click();
    await page.getByRole("option", { name: "Setting changed" }).click();
    await page.getByTestId("audit-filter-clear").waitFor();
    await page.locator('[data-testid^="audit-row-"]').filter({ hasText: "Signed in" }).waitFor({
      state: "detached",
    });
    expect(await page.locator('[data-testid^="audit-row-"]').count()).toBe(1);
    // A date range in the past empties the list.
    await page.getByTestId("audit-filter-from").fill("2020-01-01");
    await page.getByTestId("audit-filter-to").fill("2020-01-31");
    await page.getByText("No entries match these filters").waitFor();

    // Export downloads an .xlsx of what is filtered.
    await page.getByTestId("audit-filter-clear").click();
    await row.waitFor();
    const download = page.waitForEvent("download");
    await page.getByTestId("audit-export").click();
    expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
  },
);

browserTest(
  "[e2e] audit log: the operator sees every company and filters by one",
  async ({ server, newPage }) => {
    const a = await createCompany(server, { name: `Alpha ${crypto.randomUUID().slice(0, 6)}` });
    const { page: adminPage } = await newPage();
    await signIn(adminPage, a.admin);
    const { page } = await newPage();
    await signIn(page, OPERATOR);
    await page.goto("/audit-log");
    await page.getByTestId("audit-filter-company").waitFor();
    await page.getByTestId("audit-filter-company").click();
    await page.getByRole("option", { name: a.company.name }).click();
    const rows = page.locator('[data-testid^="audit-row-"]');
    await rows.filter({ hasText: a.admin.email }).first().waitFor();
    await shots(page, "audit_log_operator");
    for (const text of await rows.allTextContents()) expect(text).toContain(a.admin.email);
  },
);
