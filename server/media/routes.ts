/**
 * Signed media (`/api/media/<path>?exp=&sig=`) and public branding files (`/public/<file>`), streamed
 * from the storage (disk or bucket) by whichever instance the request reached. A single byte range
 * (`Range: bytes=…`) is answered 206 with its Content-Range, so audio and video seek; a range past
 * the end is 416; several ranges or a malformed header get the whole file (HTTP allows both).
 */
import { Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import type { AppEnv } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { parseRange } from "../lib/storage/range.ts";
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
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=3600",
    "x-content-type-options": "nosniff",
  };
  if (ACTIVE.test(type)) {
    headers["content-security-policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    if (!type.startsWith("image/svg+xml")) headers["content-disposition"] = "attachment";
  }
  if (file.range === "unsatisfiable") {
    return new Response(null, {
      status: 416,
      headers: { "content-range": `bytes */${file.size}`, "accept-ranges": "bytes" },
    });
  }
  if (file.range) {
    const { start, end } = file.range;
    headers["content-range"] = `bytes ${start}-${end}/${file.size}`;
    headers["content-length"] = String(end - start + 1);
    return new Response(file.body, { status: 206, headers });
  }
  return new Response(file.body, { headers });
}

export const mediaRoutes = new Hono<AppEnv>().get("/api/media/*", async (c) => {
  const rel = decodeURIComponent(c.req.path.slice("/api/media/".length));
  if (rel.split("/").some((p) => p === ".." || p === "" || p.startsWith("."))) throw notFound("file");
  const ok = await c.var.deps.media.verify(rel, c.req.query("exp") ?? "", c.req.query("sig") ?? "");
  if (!ok) throw new AppError("ERR_NO_PERMISSION", { message: "invalid or expired media link" });
  return sendFile(await c.var.deps.media.open(rel, parseRange(c.req.header("range"))), rel);
}).get("/public/:file", async (c) => {
  const name = c.req.param("file");
  if (safeName(name) !== name) throw notFound("file");
  return sendFile(await c.var.deps.media.openPublic(name, parseRange(c.req.header("range"))), name);
});
