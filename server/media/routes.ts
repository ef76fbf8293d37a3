/** Signed media (`/api/media/<path>?exp=&sig=`) and public branding files (`/public/<file>`). */
import { Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import type { AppEnv } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { safeName } from "./store.ts";

async function sendFile(path: string, name: string): Promise<Response> {
  const file = await Deno.open(path, { read: true }).catch(() => {
    throw notFound("file");
  });
  const type = getMimeType(name) ?? "application/octet-stream";
  return new Response(file.readable, {
    headers: {
      "content-type": type,
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
}

export const mediaRoutes = new Hono<AppEnv>().get("/api/media/*", async (c) => {
  const rel = decodeURIComponent(c.req.path.slice("/api/media/".length));
  if (rel.split("/").some((p) => p === ".." || p === "" || p.startsWith("."))) throw notFound("file");
  const ok = await c.var.deps.media.verify(rel, c.req.query("exp") ?? "", c.req.query("sig") ?? "");
  if (!ok) throw new AppError("ERR_NO_PERMISSION", { message: "invalid or expired media link" });
  return await sendFile(c.var.deps.media.absolute(rel), rel);
}).get("/public/:file", async (c) => {
  const name = c.req.param("file");
  if (safeName(name) !== name) throw notFound("file");
  return await sendFile(`${c.var.deps.media.publicRoot}/${name}`, name);
});
