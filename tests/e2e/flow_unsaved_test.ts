/**
 * The flow editor keeps unsaved work: after a node is deleted ("Unsaved changes"), the header's back
 * arrow and the browser's back button ask "Leave without saving?"; staying keeps the edit, leaving
 * drops it on purpose. Seen at 1440 px; the question is looked at in 1440, 1280 and 390.
 */
import { expect } from "expect";
import { createTenant } from "../_helpers/tenant.ts";
import { expectOk } from "../_helpers/http.ts";
import { atWidth, browserTest, shot, signIn } from "./_browser.ts";

browserTest("[e2e] flow editor: leaving with unsaved changes asks first", async ({ server, newPage }, t) => {
  const a = await createTenant(server, { user: false });
  const flow = await expectOk<{ id: number }>(
    await server.request("/api/flowbuilder", {
      method: "POST",
      token: a.adminToken,
      json: { name: "Boas-vindas" },
    }),
    201,
  );
  const flowId = flow.id;
  const { page } = await newPage();
  await signIn(page, a.admin);
  await page.goto("/flowbuilders");
  await page.getByTestId(`flow-edit-${flowId}`).click();
  await page.getByTestId("flow-node-start").waitFor();
  const dialog = page.getByRole("alertdialog");

  await t.step("a fresh editor leaves without a question", async () => {
    expect(await page.getByTestId("flow-save-hint").textContent()).not.toMatch(/Unsaved/);
  });

  await t.step("after a node is deleted, the back arrow asks; Stay keeps the edit", async () => {
    await page.getByTestId("flow-node-start").getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("flow-save-hint").getByText(/Unsaved changes/).waitFor();
    await page.getByRole("link", { name: "Back to flows" }).click();
    await dialog.getByText("Leave without saving?").waitFor();
    for (const width of [1440, 1280, 390]) {
      await atWidth(page, width);
      await shot(page, `flow_unsaved_leave_${width}`);
    }
    await atWidth(page, 1440);
    await dialog.getByRole("button", { name: "Stay and keep editing" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(`/flowbuilder/${flowId}`);
    expect(await page.getByTestId("flow-node-start").count()).toBe(0);
  });

  await t.step("the browser's back button asks too; Leave drops the edit", async () => {
    await page.evaluate(() => history.back());
    await dialog.getByText("Leave without saving?").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/flowbuilder/${flowId}`);
    await dialog.getByRole("button", { name: "Leave without saving" }).click();
    await page.waitForURL((u) => u.pathname === "/flowbuilders");
  });
});
