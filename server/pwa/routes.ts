/**
 * The installable app's public files: the manifest (built per request from the white-label
 * settings) and the service worker, served with a build id written into it so that every deploy
 * changes its bytes and browsers notice a new version ("new version — reload").
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { buildManifest, manifestLanguage } from "./manifest.ts";
import { ICON_SIZES, iconSource, logoIcon } from "./icons.ts";

const workerCache = new Map<string, Promise<{ body: string; build: string } | null>>();

/** dist/service-worker.js with `__BUILD_ID__` replaced by a hash of the built index.html. */
function loadWorker(webDist: string): Promise<{ body: string; build: string } | null> {
  let hit = workerCache.get(webDist);
  if (!hit) {
    hit = (async () => {
      try {
        const [source, index] = await Promise.all([
          Deno.readTextFile(`${webDist}/service-worker.js`),
          Deno.readFile(`${webDist}/index.html`),
        ]);
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", index));
        const build = Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
        return { body: source.replaceAll("__BUILD_ID__", build), build };
      } catch {
        return null;
      }
    })();
    workerCache.set(webDist, hit);
  }
  return hit;
}

export const pwaRoutes = new Hono<AppEnv>()
  .get("/manifest.webmanifest", async (c) => {
    const manifest = await buildManifest(c.var.deps, manifestLanguage(c.req.header("accept-language")));
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Accept-Language");
    return c.body(JSON.stringify(manifest), 200, { "Content-Type": "application/manifest+json" });
  })
  // The logo's icons; without a raster logo (or one that does not decode), the shipped ones.
  .get("/pwa/:file{icon-(192|512)\\.png}", async (c) => {
    const size = ICON_SIZES.find((n) => c.req.param("file") === `icon-${n}.png`)!;
    const source = await iconSource(c.var.deps);
    const png = source ? await logoIcon(c.var.deps, source, size) : null;
    if (!png) return c.redirect(`/icons/icon-${size}.png`, 302);
    c.header("Cache-Control", c.req.query("v") === source ? "public, max-age=604800" : "no-cache");
    return c.body(png as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "image/png" });
  })
  .get("/service-worker.js", async (c) => {
    const worker = await loadWorker(c.var.deps.config.webDist);
    if (!worker) return c.json({ error: "ERR_NOT_FOUND" }, 404);
    c.header("Cache-Control", "no-cache");
    c.header("Service-Worker-Allowed", "/");
    return c.body(worker.body, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  });
