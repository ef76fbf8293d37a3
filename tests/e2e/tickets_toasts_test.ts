/**
 * Toasts on the tickets screen stay below the top bar at 1440, 1280 and 390 px: "Forward" with no
 * message selected answers with an error toast, which must not cover the bar.
 */
import { expect } from "expect";
import { atWidth, browserTest, settled, shot, signIn, WIDTHS } from "./_browser.ts";
import { customerWrites } from "./_inbox.ts";
import { openAndAccept, salesWithAna } from "./_tickets.ts";

browserTest("[e2e] tickets toasts: a toast stays below the top bar at every width", async ({
  server,
  newPage,
}) => {
  const { inbox, ana } = await salesWithAna(server);
  try {
    const { ticketId } = await customerWrites(
      server,
      inbox,
      { number: "5511987650004", name: "Rita Melo" },
      "Oi",
    );
    const { page } = await newPage();
    await signIn(page, ana);
    await openAndAccept(page, ticketId);
    for (const width of WIDTHS) {
      await atWidth(page, width);
      // "Forward" with nothing selected answers with an error toast.
      await page.getByTestId("ticket-more").click();
      await page.getByTestId("ticket-forward").click();
      await page.getByTestId("forward-open").click();
      const toast = page.locator("[data-sonner-toast]").first();
      await toast.waitFor();
      await settled(page);
      const box = await toast.boundingBox();
      const bar = await page.locator("header").first().boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
      await shot(page, `tickets_toast_${width}`);
      await toast.waitFor({ state: "detached" });
      await page.getByTestId("forward-bar").getByRole("button", { name: "Cancel" }).click();
    }
  } finally {
    await inbox.sink.close();
  }
});
