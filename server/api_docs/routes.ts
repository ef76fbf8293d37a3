/**
 * /api/docs (public): the OpenAPI document of the application API and its reference page. The
 * page carries its own CSP (no script, its inline style by hash), which the security-headers
 * middleware keeps.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { openApiDocument } from "./openapi.ts";
import { PAGE_CSP, pickLang, referencePage } from "./page.ts";

export const docsRoutes = new Hono<AppEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument()))
  .get("/", (c) => {
    const lang = pickLang(c.req.query("lang"), c.req.header("accept-language"));
    // The curl lines call the origin the reader reached the page at.
    const base = new URL(c.req.url).origin;
    return c.html(referencePage(openApiDocument(), lang, base), 200, {
      "content-security-policy": PAGE_CSP,
      "cache-control": "no-cache",
    });
  });
