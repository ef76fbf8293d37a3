import { expect } from "expect";
import { createCompany, createQueue, createUser } from "../_helpers/factories.ts";
import { atWidth, browserTest, expectToast, screenshot, shot, signIn, WIDTHS } from "./_browser.ts";

browserTest("[e2e] users: create, edit, search and delete", async ({ server, newPage }) => {
  const { company, admin } = await createCompany(server, { name: "Northwind Support" });
  await createQueue(server, company.id, { name: "Sales", color: "#2563eb" });
  await createQueue(server, company.id, { name: "Support", color: "#16a34a" });
  await createUser(server, company.id, { name: "Beatriz Souza", profile: "admin" });
  await createUser(server, company.id, { name: "Carlos Mendes" });
  const { page } = await newPage();
  await signIn(page, admin);
  await page.goto("/users");
  await page.getByTestId("users-table").waitFor();

  // Create: validation first, then a valid user with a queue; a new user starts from the least
  // permissions, and the admin grants the dashboard.
  await page.getByTestId("user-add").click();
  await page.getByTestId("user-save").click();
  await page.getByText("Required").first().waitFor();
  await page.locator("#user-name").fill("Diana Prince");
  await page.locator("#user-email").fill("Diana.Prince@Example.com");
  await page.locator("#user-password").fill("secret12");
  await page.getByRole("button", { name: "Sales" }).click();
  await screenshot(page, "user_modal");
  await page.getByTestId("tab-permissions").click();
  for (const off of ["perm-allTicket", "perm-showDashboard", "perm-allowRealTime", "perm-allowConnections"]) {
    expect(await page.getByTestId(off).getAttribute("data-state")).toBe("unchecked");
  }
  await page.getByTestId("perm-showDashboard").click();
  await screenshot(page, "user_modal_permissions");
  await page.getByTestId("user-save").click();
  await expectToast(page, "User saved successfully.");
  const row = page.locator('tr[data-testid^="user-row-"]').filter({ hasText: "Diana Prince" });
  await row.waitFor();
  await row.filter({ hasText: "diana.prince@example.com" }).waitFor();
  await row.filter({ hasText: "Sales" }).waitFor();

  // Edit: rename, and the Permissions tab shows the saved flag.
  await row.locator('[data-testid^="user-edit-"]').click();
  await page.getByTestId("user-form").waitFor();
  await page.getByTestId("tab-permissions").click();
  expect(await page.getByTestId("perm-showDashboard").getAttribute("data-state")).toBe("checked");
  expect(await page.getByTestId("perm-allowConnections").getAttribute("data-state")).toBe("unchecked");
  await page.getByRole("tab", { name: "General" }).click();
  await page.locator("#user-name").fill("Diana Prince-Trevor");
  await page.getByTestId("user-save").click();
  await expectToast(page, "User saved successfully.");
  await page.locator("tr").filter({ hasText: "Diana Prince-Trevor" }).waitFor();

  // Search (debounced).
  await page.getByTestId("users-search").fill("carlos");
  await page.locator("tr").filter({ hasText: "Diana Prince-Trevor" }).waitFor({ state: "detached" });
  await page.locator("tr").filter({ hasText: "Carlos Mendes" }).waitFor();
  await page.getByTestId("users-search").fill("");
  await page.locator("tr").filter({ hasText: "Diana Prince-Trevor" }).waitFor();
  await screenshot(page, "users");
  await page.getByTestId("theme-toggle").click();
  await shot(page, "users_dark");

  // Delete with the confirmation.
  await page.locator("tr").filter({ hasText: "Diana Prince-Trevor" }).locator('[data-testid^="user-delete-"]')
    .click();
  await page.getByText("Do you really want to delete this record?").waitFor();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expectToast(page, "User deleted successfully.");
  await page.locator("tr").filter({ hasText: "Diana Prince-Trevor" }).waitFor({ state: "detached" });
});

browserTest("[e2e] users: the list pages on scroll and follows live events", async ({ server, newPage }) => {
  const { company, admin } = await createCompany(server, { plan: { users: 100 } });
  for (let i = 0; i < 45; i++) {
    await createUser(server, company.id, { name: `Agent ${String(i).padStart(2, "0")}` });
  }
  const { page } = await newPage();
  await signIn(page, admin);
  await page.goto("/users");
  await page.getByTestId("users-table").waitFor();
  const rows = page.locator('tr[data-testid^="user-row-"]');
  const first = await rows.count();
  expect(first).toBeLessThan(46);
  await page.getByTestId("users-scroll").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.waitForFunction(
    (n) => document.querySelectorAll('tr[data-testid^="user-row-"]').length > n,
    first,
  );

  // A user created elsewhere appears through the company-{id}-user event.
  // (Another admin: logging in again as the same user would revoke the browser's session.)
  const other = await createUser(server, company.id, { profile: "admin" });
  const res = await server.request("/api/auth/login", {
    method: "POST",
    json: { email: other.email, password: other.password },
  });
  const { token } = await res.json();
  const created = await server.request("/api/users", {
    method: "POST",
    token,
    json: { name: "Zed Live", email: "zed.live@example.com", password: "secret12" },
  });
  expect(created.status).toBe(201);
  await page.locator("tr").filter({ hasText: "Zed Live" }).waitFor();
});

browserTest("[e2e] users: a new user's permission tab starts from the least", async ({ server, newPage }) => {
  const { company, admin } = await createCompany(server, { name: "Perm Co" });
  await createQueue(server, company.id, { name: "Sales", color: "#2563eb" });
  const { page } = await newPage();
  await signIn(page, admin);
  await page.goto("/users");
  for (const w of WIDTHS) {
    await atWidth(page, w);
    await page.getByTestId("user-add").click();
    await page.getByTestId("tab-permissions").click();
    for (
      const off of ["perm-allTicket", "perm-showDashboard", "perm-allowRealTime", "perm-allowConnections"]
    ) {
      expect(await page.getByTestId(off).getAttribute("data-state")).toBe("unchecked");
    }
    await screenshot(page, `users_new_permissions_${w}`);
    await page.getByRole("button", { name: "Cancel" }).click();
  }
});
