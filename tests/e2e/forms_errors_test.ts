/**
 * One rule for errors: a refused request shows the server's reason, in the user's language, next to
 * the field it concerns (or in the dialog), until the user acts; nothing is thrown uncaught. Cases:
 * a too-long to-do (en), a corrupt spreadsheet (pt-BR), a Dialogflow test with a bad key (en).
 * The announcement's attachment is in announcements_attachment_test.ts.
 */
import { expect } from "expect";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { createTenant } from "../_helpers/tenant.ts";
import { atWidth, browserTest, shot, signIn } from "./_browser.ts";
import { choose } from "./_inbox.ts";

/** Uncaught errors and unhandled rejections of the page: the test fails on any. */
function strays(page: Page): string[] {
  const seen: string[] = [];
  page.on("pageerror", (err) => seen.push(err.message));
  return seen;
}

async function threeWidths(page: Page, name: string) {
  for (const width of [1440, 1280, 390]) {
    await atWidth(page, width);
    await shot(page, `${name}_${width}`);
  }
  await atWidth(page, 1440);
}

browserTest("[e2e] errors: the server's reason under the field, translated, nothing uncaught", async (
  { server, newPage },
  t,
) => {
  const a = await createTenant(server, { user: false, plan: { useIntegrations: true } });

  await t.step(
    "a too-long to-do: the reason under the input and in the toast, until the user acts",
    async () => {
      const { page } = await newPage();
      const errors = strays(page);
      await signIn(page, a.admin);
      await page.goto("/todolist");
      await page.getByTestId("todo-input").fill("x".repeat(1001));
      await page.getByTestId("todo-add").click();
      await page.getByTestId("todo-input-error").getByText("Too long: at most 1000.").waitFor();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Too long: at most 1000." });
      await toast.waitFor();
      await threeWidths(page, "forms_todo_too_long");
      expect(await page.getByTestId("todo-input").getAttribute("aria-invalid")).toBe("true");
      // The user acts: the toast goes, the field's reason goes once the text changes.
      await page.getByTestId("todo-input").press("End");
      await toast.waitFor({ state: "detached" });
      await page.getByTestId("todo-input").fill("Call Maria back");
      expect(await page.getByTestId("todo-input-error").count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  await t.step("a corrupt .xlsx, in Portuguese: the reason stays in the import screen", async () => {
    const { page } = await newPage({ locale: "pt-BR" });
    const errors = strays(page);
    await signIn(page, a.admin);
    await page.goto("/contacts/import");
    await page.getByTestId("import-file").setInputFiles({
      name: "contatos.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from("this is not a zip archive"),
    });
    await page.getByTestId("import-error").getByText("Este não é um arquivo .xlsx").waitFor();
    await threeWidths(page, "forms_import_corrupt");
    expect(await page.getByTestId("import-error").textContent()).not.toMatch(/unreadable|not an/);
    expect(errors).toEqual([]);
  });

  await t.step("a Dialogflow test with a bad key: the reason under the JSON field", async () => {
    const { page } = await newPage();
    const errors = strays(page);
    await signIn(page, a.admin);
    await page.goto("/queue-integration");
    await page.getByTestId("integration-add").click();
    await choose(page, "integration-type", "Dialogflow");
    await page.locator("#integration-project").fill("atende-test");
    await page.locator("#integration-json").fill("{not json");
    await page.getByTestId("integration-test").click();
    await page.locator("#integration-json-error").getByText("This is not a service-account key").waitFor();
    await threeWidths(page, "forms_dialogflow_bad_json");
    expect(errors).toEqual([]);
  });
});
