/**
 * The visitor's side of the webchat channel, public and origin-checked:
 *  - POST /api/webchat/:key/session  {token?} → settings, presence, history, the visitor token
 *  - POST /api/webchat/:key/upload   multipart `file` (+ `body`), header x-webchat-token
 *  - GET  /webchat/ws?key=&token=    the visitor's socket (its own path, hub and limits)
 * Every answer to an allowed page carries CORS headers for that origin only; a page on another
 * origin gets 403 without them (the browser refuses to read it) and its socket is refused.
 */
import { Hono } from "hono";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import { formFile, readForm } from "../lib/body.ts";
import { RateLimiter } from "../lib/rate_limit.ts";
import { clientIp } from "../auth/routes.ts";
import { downloadLimit } from "../channels/download.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import type { Deps } from "../deps.ts";
import {
  assertOrigin,
  connectionForKey,
  openSession,
  receiveVisitorMessage,
  visitorByToken,
} from "./service.ts";
import { handleVisitorSocket } from "./socket.ts";

/** Largest file a visitor may send (and never more than the platform's download limit). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

type WcEnv = { Variables: AppEnv["Variables"] & { wcConn: ConnectionRow; wcOrigin: string } };

const limiters = new WeakMap<Deps, { sessions: RateLimiter; uploads: RateLimiter }>();
/** New visitors per address (20 / 10 min) and uploads per visitor (20 / 10 min), shared by instances. */
export function webchatLimiters(deps: Deps) {
  let l = limiters.get(deps);
  if (!l) {
    const now = () => deps.clock.now();
    l = {
      sessions: new RateLimiter(deps.database, 20, 10 * 60_000, now),
      uploads: new RateLimiter(deps.database, 20, 10 * 60_000, now),
    };
    limiters.set(deps, l);
  }
  return l;
}

function cors(c: Context, origin: string) {
  c.header("access-control-allow-origin", origin);
  c.header("access-control-allow-headers", "content-type, x-webchat-token");
  c.header("access-control-allow-methods", "POST, OPTIONS");
  c.header("access-control-max-age", "600");
  c.header("vary", "Origin");
}

/** The connection named by `:key`, the page's origin allowed by it; CORS for that origin only. */
const requireOrigin: MiddlewareHandler<WcEnv> = async (c, next) => {
  const conn = await connectionForKey(c.var.deps, c.req.param("key") ?? "");
  const origin = assertOrigin(conn, c.req.header("origin"));
  cors(c, origin);
  c.set("wcConn", conn);
  c.set("wcOrigin", origin);
  await next();
};

const sessionInput = z.object({ token: z.string().max(100).optional() });

export const webchatRoutes = new Hono<WcEnv>()
  .options("/:key/:action{session|upload}", requireOrigin, (c) => c.body(null, 204))
  .post("/:key/session", requireOrigin, validate("json", sessionInput), async (c) => {
    const deps = c.var.deps;
    const conn = c.var.wcConn;
    const { token } = c.req.valid("json");
    const known = token ? await visitorByToken(deps, conn, token) : null;
    if (!known) {
      const limiter = webchatLimiters(deps).sessions;
      const key = `webchat:session:${clientIp(c)}`;
      if (await limiter.hit(key)) throw new AppError("ERR_RATE_LIMITED");
    }
    return c.json(await openSession(deps, conn, c.var.wcOrigin, known ? token : undefined));
  })
  .post("/:key/upload", requireOrigin, async (c) => {
    const deps = c.var.deps;
    const conn = c.var.wcConn;
    const visitor = await visitorByToken(deps, conn, c.req.header("x-webchat-token") ?? "");
    if (!visitor) throw new AppError("ERR_UNAUTHENTICATED");
    if (await webchatLimiters(deps).uploads.hit(`webchat:upload:${visitor.id}`)) {
      throw new AppError("ERR_RATE_LIMITED");
    }
    const max = Math.min(MAX_UPLOAD_BYTES, await downloadLimit(deps));
    // The multipart envelope adds a little to the file; the file itself is checked below.
    await readForm(c, { maxBytes: max + 64 * 1024 });
    const file = await formFile(c, "file");
    if (file.size > max) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { details: { maxBytes: max } });
    const form = await readForm(c);
    const body = String(form.get("body") ?? "").slice(0, 4000);
    const clientId = String(form.get("clientId") ?? "") || undefined;
    const message = await receiveVisitorMessage(deps, conn, visitor, {
      body: body || file.name,
      clientId,
      media: {
        data: new Uint8Array(await file.arrayBuffer()),
        mimetype: file.type || "application/octet-stream",
        filename: file.name || "file",
      },
    });
    return c.json({ message });
  });

let widget: { path: string; bytes: Uint8Array } | null = null;

/**
 * The instance's own routes outside /api: the visitor socket and the widget script. The script is
 * served here rather than by the static handler so it carries what a cross-origin <script> needs:
 * a short cache (a new build reaches sites within minutes), CORP cross-origin, and no page headers.
 */
export const webchatSocketRoutes = new Hono<AppEnv>()
  .get("/webchat/ws", handleVisitorSocket)
  .get("/webchat.js", async (c) => {
    const path = `${c.var.deps.config.webDist}/webchat.js`;
    if (widget?.path !== path) {
      const bytes = await Deno.readFile(path).catch(() => null);
      if (!bytes) throw new AppError("ERR_NOT_FOUND", { details: { resource: "file" } });
      widget = { path, bytes };
    }
    return c.body(widget.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=300",
      "cross-origin-resource-policy": "cross-origin",
      // A script is not a page: no policy of ours applies to the host page that loads it.
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    });
  });
