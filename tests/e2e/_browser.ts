/**
 * Browser test support: Debian's chromium driven by playwright-core against the real server
 * (startTestServer serves the built dist/). Without chromium the tests are ignored with a visible
 * message, unless CI=true, where a missing browser is a failure.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { startTestServer, type TestAppOptions, type TestServer } from "../_helpers/test_app.ts";
import { killByMarker, teardown, within } from "../_helpers/watchdog.ts";
import { SHOTS_DIR } from "./_page.ts";

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Debian's chromium-headless-shell when installed: the same Chromium version built as the old
 * headless shell (no browser UI, a lighter browser process). On six sample browser test files, run
 * back to back at the same load, it took 22 % less CPU and 23 % less wall time than the full browser
 * in headless mode; the tests assert the same pages. E2E_CHROMIUM picks another binary (e.g.
 * /usr/bin/chromium, to compare).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** The full browser: the shell shows no notifications (push_test.ts asks for it with `launch.fullBrowser`). */
const FULL_CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_PATH = Deno.env.get("E2E_CHROMIUM") ??
  (exists(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const hasChromium = exists(CHROMIUM_PATH);
if (!hasChromium) {
  if (Deno.env.get("CI") === "true") {
    throw new Error(
      `[e2e] ${CHROMIUM_PATH} is missing and CI=true: install chromium-headless-shell (apt-get install chromium-headless-shell).`,
    );
  }
  console.warn(
    `\n⚠ [e2e] ${CHROMIUM_PATH} not found — browser tests are SKIPPED. Install chromium to run them.\n`,
  );
}

const distBuilt = exists(new URL("../../dist/index.html", import.meta.url).pathname);

export type E2E = {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (own storage) and page on the test server. */
  newPage: (
    opts?: {
      locale?: string;
      colorScheme?: "light" | "dark";
      permissions?: string[];
      timezoneId?: string;
      /** "allow" for the tests of the service worker itself; blocked otherwise (no cached shell between tests). */
      serviceWorkers?: "allow" | "block";
    },
  ) => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * How long one browser test may run. Playwright bounds its waits for elements and navigations, but
 * not every call (creating a page, evaluating a script, closing a browser): a test past this budget
 * fails, says so, and leaves a screenshot, instead of holding the whole run until CI kills it.
 */
const TEST_BUDGET_MS = 6 * 60_000;
/** Each teardown step (closing a context, the browser, the server) gets this long. */
const TEARDOWN_MS = 20_000;
/**
 * How long a page's waits (a locator, a navigation, an event) may take. Each ends as soon as its
 * condition holds, so a passing test is no slower for it; 10 s was too short on a 2-core machine
 * at a load of 10, where a click that refetches a list and re-renders can take that long.
 */
const PAGE_TIMEOUT_MS = 30_000;
/**
 * The bound of a wait on the server's background work (an import of 200 rows, a paced campaign, a
 * due schedule): seconds on a quiet machine, over a minute with the CPU oversubscribed eight times.
 * The wait ends as soon as its condition holds; the bound only turns a hang into a failure.
 */
export const LONG_WORK_MS = 180_000;

/**
 * An error no test code awaits (a promise rejected with no handler, an exception thrown in a
 * callback) would otherwise end the whole test file at once, with its server, database and browser
 * still open. It fails the browser test that is running instead, and is only reported when no test
 * is running (a late rejection of something a finished test left behind).
 */
let failRunning: ((err: unknown) => void) | null = null;
function onStray(kind: string, err: unknown, event: Event) {
  event.preventDefault();
  if (failRunning) failRunning(err);
  else console.error(`[e2e] ${kind} after its test ended:`, err);
}
globalThis.addEventListener("unhandledrejection", (e) => onStray("unhandled rejection", e.reason, e));
globalThis.addEventListener("error", (e) => onStray("uncaught error", e.error, e));

/**
 * The named stages of a browser test: a failure names its stage. A failed test is not run again,
 * under CI or elsewhere: a test that fails on a busy machine waits on time somewhere, and is fixed
 * there.
 */
export type Stages = { step(name: string, fn: () => Promise<void>): Promise<boolean> };

const stages: Stages = {
  async step(name, fn) {
    try {
      await fn();
      return true;
    } catch (err) {
      if (err instanceof Error) err.message = `[stage "${name}"] ${err.message}`;
      throw err;
    }
  },
};

/**
 * One chromium per test file, shared by its browser tests: launching one costs about a CPU-second on
 * these machines. Each test still gets its own server and fresh contexts (own storage), closed at its
 * end. A test with flags of its own (`launch.args`) gets its own browser; a failed test closes the
 * shared one, so the next test starts on a fresh browser; the file's last test closes it.
 */
let shared: { browser: Promise<Browser>; marker: string } | null = null;
/** The shared-browser tests of this file not yet finished (filtered-out ones never start: unload kills). */
let sharedPending = 0;
globalThis.addEventListener("unload", () => {
  if (shared) killByMarker(shared.marker);
});

function launchChromium(
  args: string[],
  executablePath = CHROMIUM_PATH,
): { browser: Promise<Browser>; marker: string } {
  // An unknown switch chromium ignores, so that this browser's processes can be found and killed if
  // closing them hangs.
  const marker = `--atende-e2e-run=${crypto.randomUUID()}`;
  const browser = within(
    120_000,
    "launching chromium",
    chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...args, marker] }),
  );
  browser.catch(() => undefined); // awaited by the test that asked for it
  return { browser, marker };
}

/**
 * One server per test and the file's browser (its own with `launch.args` or `launch.fullBrowser`);
 * everything is closed afterwards.
 */
export function browserTest(
  name: string,
  fn: (e2e: E2E, t: Stages) => Promise<void>,
  /** Options of the test server (an injected clock, provider URLs). */
  serverOpts: TestAppOptions | (() => TestAppOptions) = {},
  /** Extra chromium flags (e.g. a fake camera: --use-fake-device-for-media-stream). */
  launch: {
    args?: string[];
    budgetMs?: number;
    /** The full chromium instead of the headless shell (system notifications), when it is installed. */
    fullBrowser?: boolean;
  } = {},
) {
  const fullPath = launch.fullBrowser && exists(FULL_CHROMIUM) ? FULL_CHROMIUM : CHROMIUM_PATH;
  const ownBrowser = Boolean(launch.args?.length) || fullPath !== CHROMIUM_PATH;
  if (!ownBrowser && hasChromium) sharedPending++;
  Deno.test({
    name,
    ignore: !hasChromium,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      if (!distBuilt) throw new Error("[e2e] dist/ is missing: run `deno task build` first.");
      await run();
    },
  });

  async function run() {
    const server = await startTestServer(typeof serverOpts === "function" ? serverOpts() : serverOpts);
    if (!ownBrowser && shared && !(await shared.browser.then((b) => b.isConnected(), () => false))) {
      killByMarker(shared.marker);
      shared = null;
    }
    const launched = ownBrowser
      ? launchChromium(launch.args ?? [], fullPath)
      : (shared ??= launchChromium([]));
    const { marker } = launched;
    const browser = await launched.browser.catch(async (err) => {
      killByMarker(marker);
      if (!ownBrowser) {
        shared = null;
        sharedPending--;
      }
      await teardown(TEARDOWN_MS, "closing the test server", server.close());
      throw err;
    });
    const contexts: BrowserContext[] = [];
    // Every browser test also checks the app's Content-Security-Policy: any violation fails it.
    const cspViolations: string[] = [];
    const stray = new Promise<never>((_, reject) => {
      failRunning = (err) => reject(err instanceof Error ? err : new Error(`uncaught: ${String(err)}`));
    });
    const newPage: E2E["newPage"] = async (opts = {}) => {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: opts.locale ?? "en-US",
        colorScheme: opts.colorScheme ?? "light",
        viewport: { width: 1440, height: 900 },
        serviceWorkers: opts.serviceWorkers ?? "block",
        permissions: opts.permissions,
        timezoneId: opts.timezoneId,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      page.on("pageerror", (err) => console.error(`[browser] ${err.message}`));
      page.on("console", (m) => {
        if (m.type() === "error") console.error(`[browser console] ${m.text()}`);
        if (/Content Security Policy/i.test(m.text())) {
          cspViolations.push(`${page.url()}: ${m.text()}`);
        }
      });
      await page.exposeFunction("__cspViolation", (v: string) => cspViolations.push(v));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          const w = globalThis as unknown as { __cspViolation(v: string): void };
          w.__cspViolation(`${e.violatedDirective} blocked ${e.blockedURI} (${location.pathname})`);
        });
      });
      return { context, page };
    };
    // The test's own code: after a failure or past its budget it may still be running, and must
    // have stopped before the server and its database close under it.
    let body: Promise<void> = Promise.resolve();
    let failed = false;
    try {
      await within(
        launch.budgetMs ?? TEST_BUDGET_MS,
        `browser test "${name}"`,
        Promise.race([
          stray,
          body = fn({ server, browser, newPage }, stages),
        ]),
      );
      if (cspViolations.length) {
        throw new Error(`Content-Security-Policy violations:\n${[...new Set(cspViolations)].join("\n")}`);
      }
    } catch (err) {
      failed = true;
      for (const v of new Set(cspViolations)) console.error(`[e2e] CSP violation: ${v}`);
      // Leave evidence for a failing run: one screenshot per open page.
      await Deno.mkdir(SHOTS_DIR, { recursive: true });
      const slug = name.replace(/[^a-z0-9]+/gi, "_").slice(0, 60);
      let i = 0;
      for (const c of contexts) {
        for (const p of c.pages()) {
          console.error(`[e2e] failing page ${i}: ${p.url()}`);
          await teardown(
            15_000,
            "the failure screenshot",
            p.screenshot({ path: `${SHOTS_DIR}/fail_${slug}_${i++}.png`, timeout: 10_000 }).catch(() =>
              undefined
            ),
          );
        }
      }
      throw err;
    } finally {
      // From here on a stray error is the teardown's: reported, it no longer decides the test.
      failRunning = null;
      for (const c of contexts) {
        await teardown(TEARDOWN_MS, "closing a browser context", c.close().catch(() => {}));
      }
      if (!ownBrowser) sharedPending--;
      if (ownBrowser || failed || sharedPending <= 0) {
        if (!ownBrowser && shared?.marker === marker) shared = null;
        await teardown(TEARDOWN_MS, "closing chromium", browser.close().catch(() => {}));
        const left = killByMarker(marker);
        if (left) console.error(`[e2e] killed ${left} chromium processes left after "${name}"`);
      }
      // With its browser gone, a body still waiting on a page ends; one waiting on something else
      // gets a bounded while.
      await teardown(TEARDOWN_MS, "the test's code to stop", body.catch(() => undefined));
      await teardown(TEARDOWN_MS, "closing the test server", server.close());
    }
  }
}

// The page helpers every browser test uses (widths, sign-in, counts, toasts, screenshots).
export * from "./_page.ts";
