/**
 * Security headers on every response. The web app gets a Content-Security-Policy that fits what
 * the built React app really loads:
 *  - scripts: our own bundles, the inline theme script of index.html (by its sha256, read from the
 *    built file at start-up) and Facebook's JS SDK (the "connect Facebook/Instagram" button);
 *  - styles: ours plus inline ones (React `style` props, Radix's scroll lock inject <style>);
 *  - images: ours, data: and blob: (previews of files being sent), and https: (contact pictures
 *    hosted by WhatsApp/Meta CDNs); media (audio, video): ours, data: and blob:;
 *  - connections: same origin, including the /ws socket, and Facebook's SDK endpoints;
 *  - never framed (frame-ancestors 'none'), no plugins, base and forms same origin.
 * API answers get `default-src 'none'` (a JSON or file opened directly runs nothing) unless the
 * route set its own (media). nosniff and Referrer-Policy everywhere; HSTS only when PUBLIC_URL
 * is https.
 */
import type { MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";

const FACEBOOK = "https://connect.facebook.net";

/** sha256 sources of the inline <script> blocks of the built index.html (none if not built). */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string;
  try {
    html = Deno.readTextFileSync(`${webDist}/index.html`);
  } catch {
    return [];
  }
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) =>
    `'sha256-${createHash("sha256").update(m[1], "utf8").digest("base64")}'`
  );
}

export function appPolicy(o: { publicUrl: string; scriptHashes: string[] }): string {
  const https = o.publicUrl.startsWith("https://");
  // 'self' covers ws(s) of the same host in current browsers; older ones need the origin spelled.
  const socket = o.publicUrl.replace(/^http/, "ws");
  return [
    "default-src 'self'",
    `script-src 'self' ${[...o.scriptHashes, FACEBOOK].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${socket} ${FACEBOOK} https://graph.facebook.com https://www.facebook.com`,
    // Facebook's login dialog; the help videos (YouTube embeds, spec 2 §2 help gallery).
    "frame-src https://www.facebook.com https://web.facebook.com https://staticxx.facebook.com " +
    "https://www.youtube.com https://www.youtube-nocookie.com",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders(o: { publicUrl: string; webDist: string }): MiddlewareHandler {
  const https = o.publicUrl.startsWith("https://");
  // Read once: a rebuilt web app comes with a restart.
  const policy = appPolicy({ publicUrl: o.publicUrl, scriptHashes: inlineScriptHashes(o.webDist) });
  return async (c, next) => {
    await next();
    if (c.req.path === "/ws" || c.res.status === 101) return;
    const api = c.req.path.startsWith("/api/");
    const set = (h: Headers) => {
      if (!h.has("content-security-policy")) h.set("content-security-policy", api ? API_POLICY : policy);
      h.set("x-content-type-options", "nosniff");
      h.set("referrer-policy", "strict-origin-when-cross-origin");
      // Old browsers' frame-ancestors; API answers are not pages.
      if (!api) h.set("x-frame-options", "DENY");
      if (https) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
    };
    try {
      set(c.res.headers);
    } catch {
      // Immutable headers (a response passed through as is): copy it once.
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  };
}
