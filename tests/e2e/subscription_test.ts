import { expect } from "expect";
import { createCompany } from "../_helpers/factories.ts";
import { browserTest, expectToast, signIn } from "./_browser.ts";

browserTest(
  "[e2e] a user of an expired company lands on /financeiro with the toast",
  async ({ server, newPage }) => {
    const { admin } = await createCompany(server, { dueDate: "2020-01-31" });
    const { page } = await newPage();
    await page.goto("/login");
    await page.locator("#login-email").fill(admin.email);
    await page.locator("#login-password").fill(admin.password);
    await page.getByTestId("login-submit").click();
    await page.waitForURL("**/financeiro");
    await expectToast(page, /Your subscription expired on 01\/31\/2020/);
    await page.getByTestId("finance-page").waitFor();
    expect(await page.getByTestId("subscription-status").textContent()).toBe("Expired");
    // The session is kept.
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    // Another private page: any API call answering 402 sends the user back.
    await page.goto("/users");
    await page.waitForURL("**/financeiro");
  },
);

browserTest("[e2e] a subscription ending in under 5 days shows the warning", async ({ server, newPage }) => {
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const { admin } = await createCompany(server, { dueDate: inTwoDays });
  const { page } = await newPage();
  // The warning is raised as the login answers and lives 3 s, while the app's screens load: watch for
  // it from before the click, not after the menu is on screen.
  const warned = expectToast(page, /Your subscription expires in \d day\(s\)/);
  await signIn(page, admin);
  await warned;
});
