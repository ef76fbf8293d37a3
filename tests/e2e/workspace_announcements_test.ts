/** The operator's announcement appears live in a company's top bar; help videos open from the gallery. */
import { expect } from "expect";
import { createCompany, createUser } from "../_helpers/factories.ts";
import { OPERATOR } from "../_helpers/test_app.ts";
import { browserTest, screenshot, signIn } from "./_browser.ts";
import { PNG } from "./_inbox.ts";

browserTest(
  "[e2e] announcements: an operator announcement appears live in a company's top bar",
  async ({ server, newPage }) => {
    const { company } = await createCompany(server, { name: "Acme" });
    const agent = await createUser(server, company.id, { name: "Agent Ana" });

    const user = await newPage();
    await signIn(user.page, agent);
    await user.page.getByTestId("announcements-button").waitFor();
    expect(await user.page.getByTestId("announcements-button").getByTestId("unread-count").count()).toBe(0);

    const op = await newPage();
    await signIn(op.page, OPERATOR);
    await op.page.goto("/announcements");
    await op.page.getByTestId("announcement-add").click();
    await op.page.locator("#ann-title").fill("Scheduled maintenance");
    await op.page.locator("#ann-text").fill("The platform restarts on Sunday at 02:00.");
    await op.page.getByTestId("announcement-priority").selectOption("1");
    await op.page.locator("#ann-file").setInputFiles({
      name: "banner.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await op.page.getByTestId("announcement-save").click();
    await op.page.getByTestId("announcements-table").getByText("Scheduled maintenance").waitFor();
    await op.page.getByTestId("announcements-table").getByText("banner.png").waitFor();
    await screenshot(op.page, "announcements_1440");
    await op.page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(op.page, "announcements_1280");
    await op.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(op.page, "announcements_390");

    // The company's user: the badge and the entry arrive without a reload.
    await user.page.getByTestId("announcements-button").getByTestId("unread-count").filter({ hasText: "1" })
      .waitFor();
    await user.page.getByTestId("announcements-button").click();
    await user.page.getByTestId("announcements-button-list").getByText("Scheduled maintenance").click();
    await user.page.getByTestId("announcement-dialog").getByText("The platform restarts on Sunday at 02:00.")
      .waitFor();
    await user.page.getByTestId("announcement-dialog").locator("img").waitFor();
    await screenshot(user.page, "announcement_dialog");
  },
);

browserTest(
  "[e2e] helps: the operator adds a help video; a user opens it from the gallery",
  async ({ server, newPage }) => {
    const { company } = await createCompany(server, { name: "Acme" });
    const agent = await createUser(server, company.id, { name: "Agent Ana" });
    const op = await newPage();
    await signIn(op.page, OPERATOR);
    await op.page.goto("/settings");
    await op.page.getByTestId("tab-helps").click();
    await op.page.locator("#help-title").fill("Getting started");
    await op.page.locator("#help-video").fill("https://youtu.be/dQw4w9WgXcQ");
    await op.page.locator("#help-description").fill("A five-minute tour of the inbox.");
    await op.page.getByTestId("help-save").click();
    await op.page.getByTestId("helps-table").getByText("dQw4w9WgXcQ").waitFor();
    await screenshot(op.page, "helps_admin_1440");

    const { page } = await newPage();
    await signIn(page, agent);
    await page.getByTestId("nav-helps").click();
    await page.getByTestId("page-helps").waitFor();
    const card = page.locator('[data-testid^="help-card-"]').first();
    await card.getByText("Getting started").waitFor();
    await screenshot(page, "helps_1440");
    await card.click();
    const frame = page.getByTestId("help-video").locator("iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toContain("/embed/dQw4w9WgXcQ");
    await page.keyboard.press("Escape");
    await page.getByTestId("help-video").waitFor({ state: "detached" });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "helps_390");
  },
);
