import { Buffer } from "node:buffer";
import { expect } from "expect";
import { createCompany, createUser } from "../_helpers/factories.ts";
import { browserTest, expectToastThenReload, signIn } from "./_browser.ts";

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

browserTest(
  "[e2e] profile: a user edits themself, uploads a photo and the page reloads",
  async ({ server, newPage }) => {
    const { company } = await createCompany(server);
    const u = await createUser(server, company.id, { profile: "user", name: "Pat Doe" });
    const { page } = await newPage();
    await signIn(page, u);

    await page.getByTestId("user-menu-trigger").click();
    await page.getByTestId("menu-profile").click();
    await page.getByTestId("profile-form").waitFor();
    // Admin-only fields are not offered to a profile user.
    expect(await page.locator("#user-profile").count()).toBe(0);
    expect(await page.locator("#user-queues").count()).toBe(0);
    expect(await page.getByTestId("tab-permissions").count()).toBe(0);

    await page.locator("#user-name").fill("Pat Doe-Smith");
    await page.locator("#user-farewell").fill("Thanks for reaching out!");
    await page.getByTestId("profile-image-input").setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await expectToastThenReload(
      page,
      "User saved successfully.",
      () => page.getByTestId("profile-save").click(),
    );
    await page.getByTestId("greeting").filter({ hasText: "Pat Doe-Smith" }).waitFor();

    await page.getByTestId("user-menu-trigger").click();
    await page.getByTestId("menu-profile").click();
    expect(await page.locator("#user-farewell").inputValue()).toBe("Thanks for reaching out!");
    expect(await page.locator('[data-testid="profile-form"] img').count()).toBe(1);
  },
);
