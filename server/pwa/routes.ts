/**
 * The installable app's public files: the manifest (built per request from the white-label
 * settings) and the service worker, served with a build id written into it so that every deploy
 * changes its bytes and browsers notice a new version ("new version — reload").
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { buildManifest, manifestLanguage } from "./manifest.ts";

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
  .get("/service-worker.js", async (c) => {
    const worker = await loadWorker(c.var.deps.config.webDist);
    if (!worker) return c.json({ error: "ERR_NOT_FOUND" }, 404);
    c.header("Cache-Control", "no-cache");
    c.header("Service-Worker-Allowed", "/");
    return c.body(worker.body, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  });
