/** Mounted at /api: /ticketreport/reports and its exports (reporte.xlsx, reporte.pdf) — thin handlers. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { validate } from "../lib/validate.ts";
import { exportQuery, reportQuery } from "./schemas.ts";
import { ticketsReport } from "./service.ts";
import { exportPdf, exportXlsx, XLSX_FILE } from "./exports.ts";

const fileHeaders = (type: string, name: string, total: number) => ({
  "content-type": type,
  "content-disposition": `attachment; filename="${name}"`,
  "cache-control": "no-store",
  // The row count, known before the first byte: the screen shows progress against it.
  "x-report-rows": String(total),
  "access-control-expose-headers": "x-report-rows",
});

export const reportsRoutes = new Hono<AppEnv>()
  .get("/ticketreport/reports", validate("query", reportQuery), async (c) => {
    return c.json(await ticketsReport(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/ticketreport/reports.xlsx", validate("query", exportQuery), async (c) => {
    const { total, stream } = await exportXlsx(c.var.deps, c.var.actor, c.req.valid("query"));
    return new Response(
      stream,
      {
        headers: fileHeaders(
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          XLSX_FILE,
          total,
        ),
      },
    );
  })
  .get("/ticketreport/reports.pdf", validate("query", exportQuery), async (c) => {
    const { total, stream } = await exportPdf(c.var.deps, c.var.actor, c.req.valid("query"));
    return new Response(stream, { headers: fileHeaders("application/pdf", "reporte.pdf", total) });
  });
