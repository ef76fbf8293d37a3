/**
 * The contact drawer beside an open conversation at 1440 and 1280 px: the list folds away so the
 * conversation keeps its width, the number is written as its country writes it, the long name is
 * not cut, and the composer's buttons stay reachable.
 */
import { expect } from "expect";
import { browserTest, shot, signIn } from "./_browser.ts";
import { customerWrites } from "./_inbox.ts";
import { openAndAccept, salesWithAna, widthOf } from "./_tickets.ts";

const LONG_NAME = "Mariana Albuquerque Figueiredo";

browserTest(
  "[e2e] tickets drawer: with the contact drawer open the conversation keeps its width",
  async ({ server, newPage }) => {
    const { inbox, ana } = await salesWithAna(server);
    try {
      const { ticketId } = await customerWrites(
        server,
        inbox,
        { number: "5511987650001", name: LONG_NAME },
        "Hi!",
      );
      const { page } = await newPage();
      await signIn(page, ana);
      await openAndAccept(page, ticketId);

      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId("ticket-drawer-toggle").click();
        await page.getByTestId("contact-drawer").waitFor();
        // The number as its country writes it, not as stored digits.
        expect(await page.getByTestId("drawer-number").textContent()).toBe("+55 11 98765 0001");
        // Not enough room for list + conversation + drawer: the list folds away while the drawer is open.
        await page.locator('[data-testid="page-tickets"][data-list-folded]').waitFor();
        expect(await widthOf(page, "composer-input")).toBeGreaterThan(300);
        const name = page.getByTestId("ticket-contact-name");
        expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(await name.textContent()).toBe(LONG_NAME);
        // The drawer sits beside the conversation, not over it: the send/record button is reachable.
        await page.getByTestId("composer-record").click({ trial: true });
        await shot(page, `tickets_drawer_${width}`);
        await page.getByTestId("ticket-drawer-toggle").click();
        await page.getByTestId("contact-drawer").waitFor({ state: "detached" });
        await page.locator('[data-testid="page-tickets"]:not([data-list-folded])').waitFor();
        await page.getByTestId("composer-attach").waitFor();
        expect(await widthOf(page, "composer-input")).toBeGreaterThan(300);
        await shot(page, `tickets_conversation_${width}`);
      }
    } finally {
      await inbox.sink.close();
    }
  },
);
