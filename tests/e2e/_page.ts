/**
 * What a browser test does on a page: the three widths, signing in, counting and toasts that wait on
 * the real condition, and screenshots (taken only when asked: SCREENSHOTS=1, off under CI).
 * _browser.ts (the browser and the test's server) re-exports it.
 */
import type { Locator, Page } from "playwright-core";
import { waitUntil } from "../_helpers/watchdog.ts";

export const SHOTS_DIR = "/tmp/shots";

/** The widths every screen is looked at in (desktop, small laptop, phone). */
export const WIDTHS = [1440, 1280, 390] as const;

/** Resizes the page to `width` (a phone's height at 390). */
export async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
}

/** Signs in through the login form, as a user would. */
export async function signIn(page: Page, who: { email: string; password: string }, from = "/login") {
  await page.goto(from);
  await page.locator("#login-email").fill(who.email);
  await page.locator("#login-password").fill(who.password);
  await page.getByTestId("login-submit").click();
  await page.getByTestId("side-nav").waitFor();
}

/** The keys of the visible side-menu entries, in order. */
export async function menuKeys(page: Page): Promise<string[]> {
  await page.getByTestId("side-nav").waitFor();
  const ids = await page.locator('[data-testid="side-nav"] nav [data-testid^="nav-"]').evaluateAll((els) =>
    els.map((e) => e.getAttribute("data-testid") ?? "")
  );
  return ids.map((id) => id.replace(/^nav-/, ""));
}

/**
 * Waits until `locator` matches exactly `n` elements. A single `count()` reads the page once, and
 * under load React may not have rendered the click just made yet (a CI run read 7 of 8 nodes).
 */
export async function expectCount(locator: Locator, n: number) {
  let seen = -1;
  try {
    await waitUntil(`${n} × ${locator}`, async () => (seen = await locator.count()) === n);
  } catch (err) {
    throw new Error(`${(err as Error).message} (last seen ${seen})`);
  }
}

/** Waits for a toast containing `text`. */
export async function expectToast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
}

/**
 * Closes the toast containing `text` with its × and waits until it is gone, as a user does when a
 * toast covers what they want to tap next. Left alone it may outlive its 4 s on a loaded machine, and a
 * pointer resting on it (a click aimed beneath it) pauses its timer for good.
 */
export async function dismissToast(page: Page, text: string | RegExp) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  await toast.waitFor();
  await toast.locator("[data-close-button]").click();
  await toast.waitFor({ state: "detached" });
}

/**
 * Records every toast the page shows from its next navigation on (each navigation starts a new
 * record). For toasts that leave by themselves before a locator can be sure to see them: the
 * gates' 2 s error toast, followed by a redirect, was missed by a locator poll on a loaded run.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __e2eToasts: string[] }).__e2eToasts = seen;
    const look = () => {
      for (const t of document.querySelectorAll("[data-sonner-toast]")) {
        const text = t.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      }
    };
    document.addEventListener(
      "DOMContentLoaded",
      () =>
        new MutationObserver(look).observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
        }),
    );
  });
}

/** Waits until the page (after `recordToasts`) has shown a toast containing `text` since it loaded. */
export async function expectRecordedToast(page: Page, text: string) {
  await waitUntil(`a toast "${text}"`, () =>
    page.evaluate(
      (text) =>
        ((globalThis as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? []).some((t) =>
          t.includes(text)
        ),
      text,
    ));
}

/**
 * Runs `action`, which shows a toast and then reloads the page (self edits), and checks the toast
 * appeared. A MutationObserver records it in sessionStorage, which survives the reload: under load
 * the 400 ms between toast and reload can pass between two polls of a locator.
 */
export async function expectToastThenReload(page: Page, text: string, action: () => Promise<void>) {
  await page.evaluate((text) => {
    sessionStorage.removeItem("e2e-toast-seen");
    new MutationObserver(() => {
      for (const t of document.querySelectorAll("[data-sonner-toast]")) {
        if (t.textContent?.includes(text)) sessionStorage.setItem("e2e-toast-seen", "1");
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  const loaded = page.waitForEvent("load");
  // Both awaited together: if `action` fails, the wait for the load is not left to reject unseen.
  await Promise.all([loaded, action()]);
  if (await page.evaluate(() => sessionStorage.getItem("e2e-toast-seen")) !== "1") {
    throw new Error(`no toast "${text}" before the reload`);
  }
}

/**
 * Screenshots are for people to look at, not assertions: a developer gets them (the default), CI does
 * not (`CI=true`, set by .ci/run) unless `SCREENSHOTS=1` asks. They were ~460 PNGs per run at three
 * widths, a good part of the browser tests' CPU. A failing test still leaves its screenshot.
 */
export const TAKE_SCREENSHOTS = (Deno.env.get("SCREENSHOTS") ??
  (Deno.env.get("CI") === "true" ? "0" : "1")) === "1";

export async function screenshot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  await Deno.mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: false });
}

/**
 * Waits until no CSS animation or transition is running (a dialog opening, a popover fading in, a
 * theme's colours changing, a resize), so that a screenshot shows the result, not a frame of it.
 * Endless ones (a spinner, a pulsing dot) never end and are not waited for.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) =>
      a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity
    )
  );
}

/** Settles, then takes the screenshot (the settling also without screenshots: later steps see the same page). */
export async function shot(page: Page, name: string) {
  await settled(page);
  await screenshot(page, name);
}
