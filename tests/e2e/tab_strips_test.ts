/**
 * Tab strips at a phone's width: the operator's Settings has seven tabs, more than 390 px hold.
 * The strip stays one line, no label is cut, the end that hides tabs fades (data-hidden), and
 * the last tab is reachable by scrolling the strip.
 */
import { expect } from "expect";
import type { Locator } from "playwright-core";
import { OPERATOR } from "../_helpers/test_app.ts";
import { waitUntil } from "../_helpers/watchdog.ts";
import { atWidth, browserTest, screenshot, signIn } from "./_browser.ts";

/** Labels whose text is wider than their box (cut or wrapped), by test id. */
const cutLabels = (strip: Locator) =>
  strip.locator('[role="tab"]').evaluateAll((tabs) =>
    tabs.filter((t) => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().height > 48)
      .map((t) => t.getAttribute("data-testid"))
  );

browserTest(
  "[e2e] tab strips: one line, whole labels and a sign that more tabs follow, at 390",
  async ({ newPage }) => {
    const { page } = await newPage();
    await signIn(page, OPERATOR);
    await atWidth(page, 390);
    await page.goto("/settings");
    const strip = page.locator('[role="tablist"]').first();
    await page.getByTestId("tab-certificate").waitFor({ state: "attached" });

    // One line: every tab on the same row; no label cut; the end fades.
    const tops = await strip.locator('[role="tab"]').evaluateAll((tabs) =>
      tabs.map((t) => Math.round(t.getBoundingClientRect().top))
    );
    expect(new Set(tops).size).toBe(1);
    expect(await cutLabels(strip)).toEqual([]);
    await waitUntil(
      "the strip marks its hidden end",
      async () => (await strip.getAttribute("data-hidden")) === "end",
    );
    await screenshot(page, "tab_strip_settings_390");

    // Scrolled to the end: the start fades instead, and the last tab opens.
    await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await waitUntil(
      "the strip marks its start",
      async () => (await strip.getAttribute("data-hidden")) === "start",
    );
    await page.getByTestId("tab-helps").click();
    await expect(page.getByTestId("tab-helps").getAttribute("data-state")).resolves.toBe("active");

    // Wide enough for all: nothing hidden, nothing fades.
    await atWidth(page, 1440);
    await waitUntil(
      "nothing hidden at 1440",
      async () => (await strip.getAttribute("data-hidden")) === "none",
    );
  },
);
