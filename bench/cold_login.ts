/**
 * The first visit's weight: a cold /login (empty cache, a new browser context) in Debian's chromium
 * against a server of this checkout, started on a fresh data folder. Prints the bytes transferred
 * (as sent on the wire, compressed or not), the JavaScript among them, and the time until the
 * login form is on screen, median of RUNS visits. WEB_DIST=<dir> measures another build (e.g. the
 * previous release's dist/) with this server. Figures only; nothing here asserts.
 */
import { chromium } from "playwright-core";
import { startServer, stopServer } from "./_lib.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 7);
const dataDir = await Deno.makeTempDir({ prefix: "atende-cold-login-" });
const webDist = Deno.env.get("WEB_DIST");
const server = await startServer({ dataDir, env: webDist ? { WEB_DIST: webDist } : {} });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const figures: { ms: number; bytes: number; js: number }[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const types = new Map<string, string>();
    let bytes = 0, js = 0;
    cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
    cdp.on("Network.loadingFinished", (e) => {
      bytes += e.encodedDataLength;
      if (types.get(e.requestId) === "Script") js += e.encodedDataLength;
    });
    const t0 = performance.now();
    await page.goto(`${server.base}/login`);
    await page.getByTestId("login-form").waitFor();
    const ms = performance.now() - t0;
    await page.waitForLoadState("networkidle");
    figures.push({ ms, bytes, js });
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
  await Deno.remove(dataDir, { recursive: true });
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `cold /login (${webDist ?? "dist/"}), median of ${RUNS}: ${
    Math.round(median(figures.map((f) => f.ms)))
  } ms ` +
    `to the form; ${Math.round(median(figures.map((f) => f.bytes)) / 1024)} KB transferred, ` +
    `${Math.round(median(figures.map((f) => f.js)) / 1024)} KB of it JavaScript`,
);
