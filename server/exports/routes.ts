/**
 * Company exports (mounted at /api): a company's admins ask for and list their own; the operator
 * does the same for any company under /companies/:id/exports; the download follows a signed link.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam } from "../lib/validate.ts";
import { adminOnly, superOnly } from "../auth/super_only.ts";
import * as svc from "./service.ts";

export const exportsRoutes = new Hono<AppEnv>()
  .get(
    "/company-exports",
    adminOnly,
    async (c) => c.json(await svc.listExports(c.var.deps, c.var.actor.companyId)),
  )
  .post("/company-exports", adminOnly, async (c) => {
    return c.json(await svc.requestExport(c.var.deps, c.var.actor, c.var.actor.companyId), 202);
  })
  .get("/companies/:id/exports", superOnly, async (c) => {
    return c.json(await svc.listExports(c.var.deps, idParam(c.req.param("id"))));
  })
  .post("/companies/:id/exports", superOnly, async (c) => {
    return c.json(await svc.requestExport(c.var.deps, c.var.actor, idParam(c.req.param("id"))), 202);
  });

/** The signed download: no session (a browser follows the link), the signature is the permission. */
export const exportDownloadRoutes = new Hono<AppEnv>()
  .get("/company-exports/:id/download", async (c) => {
    const f = await svc.openExport(
      c.var.deps,
      idParam(c.req.param("id")),
      c.req.query("exp") ?? "",
      c.req.query("sig") ?? "",
    );
    return new Response(f.stream, {
      headers: {
        "content-type": "application/zip",
        "content-length": String(f.size),
        "content-disposition": `attachment; filename="${f.name}"`,
        "cache-control": "private, no-store",
      },
    });
  });
