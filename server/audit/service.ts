/**
 * Reading the audit log. A company's admins see their company's entries; the operator (a super
 * user of company 1) sees every company's, optionally filtered to one. Date filters are calendar
 * days in the reader's time zone, the one the screen shows the dates in (lib/time.ts readerZone);
 * the export writes its dates in that zone and names it in the date column's title.
 */
import { PassThrough, Readable } from "node:stream";
import { once } from "node:events";
import { loadExcel } from "../lib/spreadsheet/exceljs.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { noPermission } from "../lib/errors.ts";
import { pageOf } from "../lib/paging.ts";
import { addDays, dayStartUtc, readerZone } from "../lib/time.ts";
import { formatDateTimeIn } from "@contract/dates.ts";
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";
import { auditNow } from "./audit.ts";
import * as repo from "./repo.ts";
import type { AuditQuery } from "./schemas.ts";
import type { AuditFilterChoices, AuditPage } from "@contract/audit.ts";

const PAGE = 50;
const EXPORT_BATCH = 500;
const EXPORT_MAX = 200_000;

export const isOperator = (a: Actor) => a.user.super && a.companyId === PLATFORM_COMPANY_ID;

function requireAuditReader(a: Actor) {
  if (a.user.profile !== "admin" && !isOperator(a)) throw noPermission();
}

/** The scope (company or all) and the filter in UTC. */
function scope(actor: Actor, q: AuditQuery) {
  requireAuditReader(actor);
  const companyId = isOperator(actor) ? q.companyId ?? null : actor.companyId;
  const tz = readerZone(actor);
  const filter: repo.AuditFilter = {
    userId: q.userId,
    action: q.action,
    entity: q.entity,
    from: q.dateFrom ? dayStartUtc(q.dateFrom, tz) : undefined,
    to: q.dateTo ? dayStartUtc(addDays(q.dateTo, 1), tz) : undefined,
  };
  return { companyId, filter, tz };
}

export async function listAuditLogs(deps: Deps, actor: Actor, q: AuditQuery): Promise<AuditPage> {
  const { companyId, filter } = scope(actor, q);
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listAudit(deps.db, companyId, filter, page);
  return { logs: rows, count, hasMore: page.hasMore(count) };
}

/** What the filters offer: the known actions and entities, the people in the log, and (operator) the companies. */
export async function auditFilters(
  deps: Deps,
  actor: Actor,
  q: Pick<AuditQuery, "companyId">,
): Promise<AuditFilterChoices> {
  requireAuditReader(actor);
  const companyId = isOperator(actor) ? q.companyId ?? null : actor.companyId;
  return {
    actions: AUDIT_ACTIONS,
    entities: [...new Set(AUDIT_ACTIONS.map((a) => a.split(".")[0]))],
    users: await repo.auditUsers(deps.db, companyId),
    companies: isOperator(actor) ? await repo.auditCompanies(deps.db) : [],
    isOperator: isOperator(actor),
  };
}

/** Every action the server records (the filter's choices). */
export const AUDIT_ACTIONS = [
  "auth.login",
  "auth.login_failed",
  "auth.2fa_failed",
  "auth.2fa_enabled",
  "auth.2fa_disabled",
  "auth.2fa_recovery_regenerated",
  "auth.2fa_recovery_used",
  "user.create",
  "user.update",
  "user.delete",
  "setting.update",
  "connection.create",
  "connection.update",
  "connection.delete",
  "connection.session_start",
  "connection.session_new_qr",
  "connection.session_stop",
  "api_key.create",
  "api_key.revoke",
  "api_key.refused",
  "queue.create",
  "queue.update",
  "queue.delete",
  "chatbot.create",
  "chatbot.update",
  "chatbot.delete",
  "plan.create",
  "plan.update",
  "plan.delete",
  "company.create",
  "company.update",
  "company.delete",
  "export.contacts",
  "export.audit_log",
  "ai_assist.update",
  "ai_assist.delete",
  "export.company",
  "backup.create",
  "retention.update",
];

const HEADERS = [
  "date",
  "company",
  "user",
  "email",
  "action",
  "entity",
  "entityId",
  "summary",
  "changes",
  "ip",
];

/**
 * The filtered log as .xlsx, streamed: rows are read in keyset batches and committed to the
 * workbook writer as they come, so memory stays flat whatever the size (DESIGN §11).
 */
export async function exportAuditLogs(deps: Deps, actor: Actor, q: AuditQuery): Promise<ReadableStream> {
  const { companyId, filter, tz } = scope(actor, q);
  await auditNow(deps, actor, {
    action: "export.audit_log",
    entity: "export",
    diff: Object.fromEntries(
      Object.entries({ ...q, pageNumber: undefined, lang: undefined }).filter(([, v]) => v != null),
    ),
  });
  const out = new PassThrough();
  const Excel = await loadExcel();
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet("Audit log");
  ws.columns = HEADERS.map((h) => ({
    header: h === "date" ? `date (${tz})` : h,
    key: h,
    width: h === "changes" ? 60 : h === "date" ? 32 : 22,
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  (async () => {
    let before: repo.AuditFilter["before"];
    let written = 0;
    while (written < EXPORT_MAX) {
      const rows = await repo.auditBatch(deps.db, companyId, { ...filter, before }, EXPORT_BATCH);
      for (const r of rows) {
        ws.addRow({
          date: formatDateTimeIn(r.createdAt, q.lang, tz, true),
          company: r.companyName ?? "",
          user: r.userName ?? "",
          email: r.userEmail ?? "",
          action: r.action,
          entity: r.entity,
          entityId: r.entityId ?? "",
          summary: r.summary ?? "",
          changes: r.diff ? JSON.stringify(r.diff) : "",
          ip: r.ip ?? "",
        }).commit();
      }
      written += rows.length;
      if (rows.length < EXPORT_BATCH) break;
      const last = rows[rows.length - 1];
      before = { createdAt: last.createdAt, id: last.id };
      if (out.writableNeedDrain) await once(out, "drain");
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => {
    console.error("[audit] export failed", err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(out) as unknown as ReadableStream;
}
