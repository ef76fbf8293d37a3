/** /api/audit-logs — the audit log: list, filter choices, xlsx export. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { validate } from "../lib/validate.ts";
import { XLSX_TYPE } from "../contacts/spreadsheet.ts";
import { auditQuery } from "./schemas.ts";
import * as service from "./service.ts";

export const auditRoutes = new Hono<AppEnv>()
  .get("/", validate("query", auditQuery), async (c) => {
    return c.json(await service.listAuditLogs(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/filters", validate("query", auditQuery.pick({ companyId: true })), async (c) => {
    return c.json(await service.auditFilters(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/export", validate("query", auditQuery), async (c) => {
    const stream = await service.exportAuditLogs(c.var.deps, c.var.actor, c.req.valid("query"));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(stream, {
      headers: {
        "content-type": XLSX_TYPE,
        "content-disposition": `attachment; filename="audit-log-${day}.xlsx"`,
      },
    });
  });
