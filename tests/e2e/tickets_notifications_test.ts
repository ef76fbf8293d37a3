/**
 * Desktop notifications for waiting customers: a new waiting ticket raises one from a background
 * tab (title, body, tag) and counts in the tab title; the bell lists it at 1440, 1280 and 390 px;
 * without the permission the bell offers to ask for it.
 */
import { expect } from "expect";
import { atWidth, browserTest, shot, signIn, WIDTHS } from "./_browser.ts";
import { customerWrites } from "./_inbox.ts";
import { salesWithAna } from "./_tickets.ts";

/** Records every desktop notification the page raises, around the real Notification. */
function captureNotifications() {
  const w = globalThis as unknown as {
    Notification: typeof Notification;
    __notes: { title: string; body?: string; tag?: string }[];
  };
  const Real = w.Notification;
  w.__notes = [];
  class Captured extends Real {
    constructor(title: string, opts?: NotificationOptions) {
      super(title, opts);
      w.__notes.push({ title, body: opts?.body, tag: opts?.tag });
    }
  }
  Object.defineProperty(Captured, "permission", { get: () => Real.permission });
  Object.defineProperty(Captured, "requestPermission", { value: Real.requestPermission.bind(Real) });
  w.Notification = Captured as typeof Notification;
}

browserTest(
  "[e2e] tickets notifications: a new waiting ticket raises a desktop notification from a background tab",
  async ({ server, newPage }) => {
    const { inbox, ana } = await salesWithAna(server);
    try {
      const { context, page } = await newPage({ permissions: ["notifications"] });
      await page.addInitScript(captureNotifications);
      const waitingLoaded = page.waitForResponse((r) => r.url().includes("status=pending") && r.ok());
      await signIn(page, ana);
      await page.getByTestId("page-tickets").waitFor();
      await waitingLoaded;
      expect(await page.title()).not.toMatch(/^\d/);

      // Another tab comes to the front. Playwright makes every page report focus; let this one be honest.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setFocusEmulationEnabled", { enabled: false });
      const other = await context.newPage();
      await other.goto("/api/health");
      await other.bringToFront();
      await page.waitForFunction(() => !document.hasFocus());

      const { ticketId } = await customerWrites(server, inbox, {
        number: "5511987650002",
        name: "Paula Nunes",
      }, "Preciso de ajuda");
      await page.waitForFunction(() =>
        (globalThis as unknown as { __notes: { title: string }[] }).__notes.some((n) =>
          n.title === "A customer is waiting"
        )
      );
      const notes = await page.evaluate(() =>
        (globalThis as unknown as { __notes: { title: string; body?: string; tag?: string }[] }).__notes
      );
      const note = notes.find((n) => n.title === "A customer is waiting")!;
      expect(note.body).toBe("Paula Nunes: Preciso de ajuda");
      expect(note.tag).toBe(`ticket-${ticketId}`);
      // The tab title counts the waiting ticket (unread counts exclude pending ones by default).
      await page.waitForFunction(() => document.title.startsWith("1 · "));

      await page.bringToFront();
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await page.getByTestId("notifications-button").getByTestId("unread-count").getByText("1").waitFor();
        await page.getByTestId("notifications-button").click();
        await page.getByTestId(`notification-waiting-${ticketId}`).waitFor();
        await shot(page, `tickets_notifications_bell_waiting_${width}`);
        await page.keyboard.press("Escape");
      }

      // Without the permission the bell offers to ask for it (never asked on page load).
      const { page: plain } = await newPage();
      await signIn(plain, ana);
      await plain.getByTestId("notifications-button").click();
      await plain.getByTestId("desktop-alerts-offer").waitFor();
      await shot(plain, "tickets_notifications_bell_offer_1440");
    } finally {
      await inbox.sink.close();
    }
  },
  {},
  // The headless shell has no notification platform: a desktop notification never shows.
  { fullBrowser: true },
);
