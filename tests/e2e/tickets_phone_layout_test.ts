/**
 * An open conversation on a phone (390 px): a title in the top bar and the rest behind one button,
 * the composer keeps its text box with the other tools in its "+" menu, the header keeps the name
 * (its actions in a ⋮ menu), and the contact drawer covers the conversation.
 */
import { expect } from "expect";
import { browserTest, shot, signIn } from "./_browser.ts";
import { customerWrites } from "./_inbox.ts";
import { openAndAccept, salesWithAna, widthOf } from "./_tickets.ts";

browserTest(
  "[e2e] tickets on a phone: the top bar, the composer's and the header's menus, the drawer over the conversation",
  async ({ server, newPage }) => {
    const { inbox, ana } = await salesWithAna(server);
    try {
      const { ticketId } = await customerWrites(
        server,
        inbox,
        { number: "5511987650001", name: "Mariana Albuquerque Figueiredo" },
        "Hi!",
      );
      const { page } = await newPage();
      await signIn(page, ana);
      await openAndAccept(page, ticketId);

      // Phone: a title in the top bar, the rest behind one button; the composer keeps its text box.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId("topbar-title").getByText("Tickets").waitFor();
      const barButtons = await page.locator("header").first().locator("button:visible").count();
      expect(barButtons).toBeLessThanOrEqual(4); // menu, bell, more, avatar
      await page.getByTestId("composer-more").waitFor();
      expect(await page.getByTestId("composer-attach").count()).toBe(0);
      expect(await widthOf(page, "composer-input")).toBeGreaterThan(200);
      await shot(page, "tickets_phone_conversation");
      // The header keeps the name: "return to queue" moved into its ⋮ menu.
      expect(await page.getByTestId("ticket-return").isVisible()).toBe(false);
      await page.getByTestId("ticket-more").click();
      await page.getByTestId("ticket-menu-return").waitFor();
      await shot(page, "tickets_phone_ticket_menu");
      await page.keyboard.press("Escape");
      // Quick replies are reachable from the "+" menu, with the private-note and signature toggles.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-private").waitFor();
      await page.getByTestId("composer-menu-sign").waitFor();
      await shot(page, "tickets_phone_composer_menu");
      await page.getByTestId("composer-menu-quick").click();
      await expect(page.getByTestId("composer-input")).toBeTruthy();
      expect(await page.getByTestId("composer-input").inputValue()).toBe("/");
      await page.getByTestId("composer-input").fill("");
      await page.getByTestId("topbar-more").click();
      await page.getByTestId("topbar-more-menu").getByTestId("theme-toggle").waitFor();
      await page.getByTestId("topbar-more-menu").getByTestId("refresh-button").waitFor();
      await shot(page, "tickets_phone_topbar_menu");
      await page.keyboard.press("Escape");
      // The drawer on a phone covers the conversation and closes from its scrim or its button.
      await page.getByTestId("ticket-contact-name").click();
      await page.getByTestId("contact-drawer").waitFor();
      await shot(page, "tickets_phone_drawer");
    } finally {
      await inbox.sink.close();
    }
  },
);
