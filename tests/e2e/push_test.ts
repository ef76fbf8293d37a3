/**
 * The attendant's phone in Chromium: the manifest is valid and linked (what the DevTools protocol's
 * installability check reads), its icons load, the service worker registers and serves the shell
 * offline (with the offline banner, never a stale conversation as live), and a push delivered to the
 * page's service worker shows a notification whose click opens the ticket. The bell's device switch
 * at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { pushPrefs, tickets } from "@db/schema.ts";
import { atWidth, browserTest, shot, signIn, WIDTHS } from "./_browser.ts";
import { customerWrites } from "./_inbox.ts";
import { waitUntil } from "../_helpers/watchdog.ts";
import { salesWithAna } from "./_tickets.ts";

type SW = { evaluate<T>(fn: () => T | Promise<T>): Promise<T> };
/** What the test reads of the service worker's global scope (not in the DOM typings). */
type WorkerScope = {
  registration: { getNotifications(): Promise<Notification[]> };
  dispatchEvent(e: Event): boolean;
};
type NotificationEventCtor = new (type: string, init: { notification: Notification }) => Event;

browserTest(
  "[e2e] push: installable manifest, offline shell, and a pushed notification that opens its ticket",
  async ({ server, newPage }, t) => {
    const { inbox, ana } = await salesWithAna(server);
    const { context, page } = await newPage({ permissions: ["notifications"], serviceWorkers: "allow" });
    const cdp = await context.newCDPSession(page);

    await t.step("the manifest is linked, valid and its icons load", async () => {
      await page.goto("/login");
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      expect(href).toBe("/manifest.webmanifest");
      const { errors, data } = await cdp.send("Page.getAppManifest") as {
        errors: { message: string }[];
        data?: string;
      };
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data!);
      expect(manifest).toMatchObject({ name: "Atende", display: "standalone", start_url: "/tickets" });
      expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(["/tickets", "/chats"]);
      for (const size of [192, 512]) {
        const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === `${size}x${size}`);
        const res = await page.request.get(icon.src);
        expect(res.status()).toBe(200);
        expect(res.headers()["content-type"]).toBe("image/png");
        const png = await res.body();
        // The PNG's IHDR: width and height at bytes 16 and 20.
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
      }
    });

    let scope = "";
    await t.step("the service worker registers and takes the page", async () => {
      await signIn(page, ana);
      scope = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return reg.active!.scriptURL;
      });
      expect(scope).toBe(`${server.url}/service-worker.js`);
      const worker = await page.request.get("/service-worker.js");
      expect(await worker.text()).not.toContain("__BUILD_ID__");
      const errs = await cdp.send("Page.getInstallabilityErrors") as {
        installabilityErrors: { errorId: string }[];
      };
      // Playwright's contexts are incognito windows, where Chromium never installs: that one is the
      // test browser's, not the app's. Nothing else may stand in the way (manifest, icons, worker).
      expect(errs.installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual(
        [],
      );
    });

    const { ticketId } = await customerWrites(
      server,
      inbox,
      { number: "5511987650099", name: "Rita Push" },
      "Oi",
    );
    const [row] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticketId));

    await t.step("a push shows a notification; its click opens the ticket", async () => {
      await page.goto("/tickets");
      await page.getByTestId("page-tickets").waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
      const sw = context.serviceWorkers()[0] ?? await context.waitForEvent("serviceworker");
      // Deliver a push to the page's registration, as the push service would.
      const regs: { registrationId: string; scopeURL: string }[] = [];
      cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => regs.push(...e.registrations));
      await cdp.send("ServiceWorker.enable");
      const reg = await waitUntil(
        "the page's service-worker registration",
        () => regs.find((r) => r.scopeURL === `${server.url}/`),
      );
      const payload = {
        kind: "waiting",
        title: "Customer waiting: Rita Push",
        body: "Oi",
        tag: `ticket-${ticketId}`,
        url: `/tickets/${row.uuid}`,
        ticketId,
      };
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: server.url,
        registrationId: reg.registrationId,
        data: JSON.stringify(payload),
      });
      const shown = await waitUntil(
        "the pushed notification shown",
        () =>
          (sw as unknown as SW).evaluate(async () => {
            const ns = await (self as unknown as WorkerScope).registration.getNotifications();
            return ns.map((n: Notification) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: n.data?.url,
            }));
          }).then((ns) => ns.length ? ns : null),
      );
      expect(shown).toEqual([{ title: payload.title, body: "Oi", tag: payload.tag, url: payload.url }]);
      // The click, as the browser dispatches it on the tapped notification.
      await (sw as unknown as SW).evaluate(async () => {
        const scope = self as unknown as WorkerScope;
        const Click =
          (globalThis as unknown as { NotificationEvent: NotificationEventCtor }).NotificationEvent;
        const [n] = await scope.registration.getNotifications();
        scope.dispatchEvent(new Click("notificationclick", { notification: n }));
      });
      await page.waitForURL(`**/tickets/${row.uuid}`);
    });

    await t.step(
      "offline: the shell opens from the service worker and says so; nothing stale passes for live",
      async () => {
        await page.getByText("Rita Push").first().waitFor();
        await context.setOffline(true);
        await page.reload();
        await page.getByTestId("offline-banner").waitFor();
        expect(await page.getByText("Rita Push").count()).toBe(0);
        await shot(page, "push_offline_1440");
        // Back online: the session is restored (not signed out) and the ticket is live again.
        await context.setOffline(false);
        await page.getByText("Rita Push").first().waitFor();
        await page.getByTestId("offline-banner").waitFor({ state: "detached" });
      },
    );

    await t.step("the bell's 'notifications on this device' at 1440, 1280 and 390", async () => {
      await page.goto("/tickets");
      await page.getByTestId("page-tickets").waitFor();
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await page.getByTestId("notifications-button").click();
        await page.getByTestId("push-device").waitFor();
        await shot(page, `push_bell_${w}`);
        await page.keyboard.press("Escape");
      }
    });

    await t.step("quiet hours in the profile: saved and read back", async () => {
      await page.getByTestId("user-menu-trigger").click();
      await page.getByTestId("menu-profile").click();
      await page.getByTestId("quiet-start").fill("22:00");
      await page.getByTestId("quiet-end").fill("07:00");
      const saved = page.waitForResponse((r) =>
        r.url().endsWith("/api/push/prefs") && r.request().method() === "PUT"
      );
      await page.getByTestId("quiet-save").click();
      expect((await saved).status()).toBe(200);
      await page.getByTestId("quiet-hours").scrollIntoViewIfNeeded();
      await shot(page, "push_quiet_hours_390");
      const rows = await server.deps.db.select().from(pushPrefs);
      expect(rows.map((r) => [r.quietStart, r.quietEnd])).toEqual([["22:00", "07:00"]]);
    });
  },
  {},
  // The headless shell has no notification platform: the service worker's notification never shows.
  { fullBrowser: true },
);
