/**
 * Signed media (`/api/media/<path>?exp=&sig=`) and public branding files (`/public/<file>`), streamed
 * from the storage (disk or bucket) by whichever instance the request reached.
 */
import { Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import type { AppEnv } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { type OpenFile, safeName } from "./store.ts";

/**
 * Types a browser would run as a page (script included) when the URL is opened directly. The
 * type comes from the uploaded file's name, which the uploader chooses, so without this a file
 * named "x.html" would be stored XSS on our origin. SVG stays inline (logos) but sandboxed.
 */
const ACTIVE =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)\b/;

function sendFile(file: OpenFile | null, name: string): Response {
  if (!file) throw notFound("file");
  // The name's extension decides, as it always did; a name without a known one keeps the stored type.
  const type = getMimeType(name) ?? (file.contentType || "application/octet-stream");
  const headers: Record<string, string> = {
    "content-type": type,
    "content-length": String(file.size),
    "cache-control": "private, max-age=3600",
    "x-content-type-options": "nosniff",
  };
  if (ACTIVE.test(type)) {
    headers["content-security-policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    if (!type.startsWith("image/svg+xml")) headers["content-disposition"] = "attachment";
  }
  return new Response(file.body, { headers });
}

export const mediaRoutes = new Hono<AppEnv>().get("/api/media/*", async (c) => {
  const rel = decodeURIComponent(c.req.path.slice("/api/media/".length));
  if (rel.split("/").some((p) => p === ".." || p === "" || p.startsWith("."))) throw notFound("file");
  const ok = await c.var.deps.media.verify(rel, c.req.query("exp") ?? "", c.req.query("sig") ?? "");
  if (!ok) throw new AppError("ERR_NO_PERMISSION", { message: "invalid or expired media link" });
  return sendFile(await c.var.deps.media.open(rel), rel);
}).get("/public/:file", async (c) => {
  const name = c.req.param("file");
  if (safeName(name) !== name) throw notFound("file");
  return sendFile(await c.var.deps.media.openPublic(name), name);
});
