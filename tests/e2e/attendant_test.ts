/**
 * Issue 21 (attendant side): the conversation stays usable with the contact drawer open, the phone
 * layout, desktop notifications for waiting customers from a background tab, the composer's rich
 * messages / camera / contact card, dates in the language's formats and toasts below the top bar.
 * Screenshots at 1440, 1280 and 390 px go to /tmp/shots/attendant_*.png.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { tickets } from "@db/schema.ts";
import { atWidth, browserTest, screenshot, signIn, WIDTHS } from "./_browser.ts";
import { attendant, choose, customerWrites, setupInbox } from "./_inbox.ts";
import type { TestServer } from "../_helpers/test_app.ts";

const LONG_NAME = "Mariana Albuquerque Figueiredo";

async function world(server: TestServer) {
  const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
  const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [inbox.queues[0].id] });
  return { inbox, ana };
}

/** Opens the ticket and accepts it, so the composer is live. */
async function openAndAccept(page: Page, ticketId: number) {
  await page.goto(`/tickets/${ticketId}`);
  await page.getByTestId("ticket-view").waitFor();
  await page.getByTestId("ticket-accept").click();
  const confirm = page.getByTestId("accept-confirm");
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await page.getByTestId("composer-input").waitFor();
}

/** Waits for running CSS animations (a popover fading in) to end, so a screenshot shows the result. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** Settles, then takes the screenshot. */
async function shot(page: Page, name: string) {
  await settled(page);
  await screenshot(page, name);
}

const widthOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).boundingBox())?.width ?? 0;

browserTest(
  "[e2e] attendant: the conversation keeps its width with the drawer open; the phone layout",
  async ({
    server,
    newPage,
  }) => {
    const { inbox, ana } = await world(server);
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
        await shot(page, `attendant_drawer_${width}`);
        await page.getByTestId("ticket-drawer-toggle").click();
        await page.getByTestId("contact-drawer").waitFor({ state: "detached" });
        await page.locator('[data-testid="page-tickets"]:not([data-list-folded])').waitFor();
        await page.getByTestId("composer-attach").waitFor();
        expect(await widthOf(page, "composer-input")).toBeGreaterThan(300);
        await shot(page, `attendant_conversation_${width}`);
      }

      // Phone: a title in the top bar, the rest behind one button; the composer keeps its text box.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId("topbar-title").getByText("Tickets").waitFor();
      const barButtons = await page.locator("header").first().locator("button:visible").count();
      expect(barButtons).toBeLessThanOrEqual(4); // menu, bell, more, avatar
      await page.getByTestId("composer-more").waitFor();
      expect(await page.getByTestId("composer-attach").count()).toBe(0);
      expect(await widthOf(page, "composer-input")).toBeGreaterThan(200);
      await shot(page, "attendant_phone_conversation");
      // The header keeps the name: "return to queue" moved into its ⋮ menu.
      expect(await page.getByTestId("ticket-return").isVisible()).toBe(false);
      await page.getByTestId("ticket-more").click();
      await page.getByTestId("ticket-menu-return").waitFor();
      await shot(page, "attendant_phone_ticket_menu");
      await page.keyboard.press("Escape");
      // Quick replies are reachable from the "+" menu, with the private-note and signature toggles.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-private").waitFor();
      await page.getByTestId("composer-menu-sign").waitFor();
      await shot(page, "attendant_phone_composer_menu");
      await page.getByTestId("composer-menu-quick").click();
      await expect(page.getByTestId("composer-input")).toBeTruthy();
      expect(await page.getByTestId("composer-input").inputValue()).toBe("/");
      await page.getByTestId("composer-input").fill("");
      await page.getByTestId("topbar-more").click();
      await page.getByTestId("topbar-more-menu").getByTestId("theme-toggle").waitFor();
      await page.getByTestId("topbar-more-menu").getByTestId("refresh-button").waitFor();
      await shot(page, "attendant_phone_topbar_menu");
      await page.keyboard.press("Escape");
      // The drawer on a phone covers the conversation and closes from its scrim or its button.
      await page.getByTestId("ticket-contact-name").click();
      await page.getByTestId("contact-drawer").waitFor();
      await shot(page, "attendant_phone_drawer");
    } finally {
      await inbox.sink.close();
    }
  },
);

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
  "[e2e] attendant: a new waiting ticket raises a desktop notification from a background tab",
  async ({
    server,
    newPage,
  }) => {
    const { inbox, ana } = await world(server);
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
        await shot(page, `attendant_bell_waiting_${width}`);
        await page.keyboard.press("Escape");
      }

      // Without the permission the bell offers to ask for it (never asked on page load).
      const { page: plain } = await newPage();
      await signIn(plain, ana);
      await plain.getByTestId("notifications-button").click();
      await plain.getByTestId("desktop-alerts-offer").waitFor();
      await shot(plain, "attendant_bell_offer_1440");
    } finally {
      await inbox.sink.close();
    }
  },
);

browserTest(
  "[e2e] attendant: buttons messages, a camera photo and a contact card from the composer",
  async ({ server, newPage }) => {
    const { inbox, ana } = await world(server);
    try {
      await customerWrites(server, inbox, { number: "5511987650009", name: "Joana Prado" }, "oi");
      const { ticketId } = await customerWrites(
        server,
        inbox,
        { number: "5511987650003", name: "Carlos Dias" },
        "Quero pedir",
      );
      const { page } = await newPage({ permissions: ["camera"] });
      await signIn(page, ana);
      await openAndAccept(page, ticketId);
      const list = page.getByTestId("message-list");

      // A list message.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-rich").click();
      await page.getByTestId("rich-form").waitFor();
      await page.getByTestId("rich-title").fill("Cardápio");
      await page.getByTestId("rich-text").fill("Escolha sua pizza");
      await page.getByTestId("rich-buttonText").fill("Ver opções");
      await page.getByTestId("rich-sectionTitle").fill("Pizzas");
      await page.getByTestId("rich-row-title-0").fill("Calabresa");
      await page.getByTestId("rich-add-row").click();
      await page.getByTestId("rich-row-title-1").fill("Mussarela");
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await shot(page, `attendant_rich_list_${width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId("rich-send").click();
      await page.getByTestId("rich-form").waitFor({ state: "detached" });
      await list.getByText("Calabresa", { exact: false }).waitFor();
      const listHook = await inbox.sink.next(
        (r) => (r.json.rich as { kind?: string } | null)?.kind === "lista",
        15_000,
      );
      expect(String(listHook.json.body)).toContain("1. Calabresa");

      // A PIX charge: a PHONE key gets +55.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-rich").click();
      await choose(page, "rich-kind", "PIX");
      await page.getByTestId("rich-sendvalue").fill("49,90");
      await page.getByTestId("rich-sendmerchant_name").fill("Pizzaria Roma");
      await choose(page, "rich-keytype", "Phone");
      await page.getByTestId("rich-sendKey").fill("11999998888");
      await shot(page, "attendant_rich_pix_1440");
      await page.getByTestId("rich-send").click();
      const pix = await inbox.sink.next(
        (r) => (r.json.rich as { kind?: string } | null)?.kind === "PIX",
        15_000,
      );
      expect((pix.json.rich as { data: { sendKey: string } }).data.sendKey).toBe("+5511999998888");
      await list.getByText("Pizzaria Roma").waitFor();

      // A photo from the (fake) camera, sent as an image.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-camera").click();
      const capture = page.getByTestId("camera-capture");
      await expect(capture.isEnabled()).resolves.toBeDefined();
      await page.waitForFunction(() => {
        const v = document.querySelector('[data-testid="camera-video"]') as HTMLVideoElement | null;
        return !!v && v.videoWidth > 0;
      });
      await shot(page, "attendant_camera_live_1440");
      await capture.click();
      await page.getByTestId("camera-photo").waitFor();
      await page.getByTestId("camera-send").click();
      const photo = await inbox.sink.next((r) => {
        const m = r.json.media as { mimetype?: string } | null;
        return !!m && m.mimetype === "image/jpeg";
      }, 15_000);
      // No signature-only caption on a photo sent without one.
      expect(photo.json.body).toBe("");

      // A contact card.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-contact").click();
      await page.getByTestId("contact-share-search").fill("Joana");
      await page.getByTestId("contact-share-search-results").getByText("Joana Prado").click();
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, "attendant_contact_share_390");
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId("contact-share-send").click();
      await list.getByTestId("message-vcard").getByText("Joana Prado").waitFor();
      const card = await inbox.sink.next((r) => String(r.json.body).startsWith("BEGIN:VCARD"), 15_000);
      expect(String(card.json.body)).toContain("TEL;type=CELL;waid=5511987650009:+5511987650009");
      await shot(page, "attendant_composer_sent_1440");
    } finally {
      await inbox.sink.close();
    }
  },
  {},
  { args: ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"] },
);

browserTest("[e2e] attendant: dates follow the language; toasts stay below the top bar", async ({
  server,
  newPage,
}) => {
  const { inbox, ana } = await world(server);
  try {
    const { ticketId } = await customerWrites(
      server,
      inbox,
      { number: "5511987650004", name: "Rita Melo" },
      "Oi",
    );
    // The connection's greeting goes out first (it moves the ticket's time), then:
    // last activity on 4 March 2026 (day 4, month 3: the two orders differ).
    await inbox.sink.next((r) => String(r.json.body).includes("Choose a department"), 15_000);
    await server.deps.database.write((tx) =>
      tx.update(tickets).set({ updatedAt: "2026-03-04T15:00:00.000Z" }).where(eq(tickets.id, ticketId))
    );
    for (
      const [locale, text] of [["en-US", "03/04/2026"], ["pt-BR", "04/03/2026"], ["tr-TR", "04.03.2026"]]
    ) {
      const { page } = await newPage({ locale });
      await signIn(page, ana);
      await page.getByTestId("tickets-tab-pending").click();
      await page.getByTestId(`ticket-item-${ticketId}`).getByText(text).waitFor();
      if (locale === "en-US") await shot(page, "attendant_dates_en_1440");
      await page.context().close();
    }

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
      await shot(page, `attendant_toast_${width}`);
      await toast.waitFor({ state: "detached", timeout: 15_000 });
      await page.getByTestId("forward-bar").getByRole("button", { name: "Cancel" }).click();
    }
  } finally {
    await inbox.sink.close();
  }
});
