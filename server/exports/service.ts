/**
 * A company's full export: an admin asks for their own company, the operator for any company.
 * One export at a time per company (asking again while one is pending or running answers that
 * one). The request, its audit entry and the queued build commit together; the build runs on the
 * job queue (build.ts). Done exports are downloaded through a signed link valid for an hour, and
 * removed after EXPORT_KEEP_DAYS (the retention job calls `expireExports`).
 */
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { companies, companyExports } from "@db/schema.ts";
import type { CompanyExportDTO } from "@contract/data_rules.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/actor.ts";
import { AppError } from "../lib/errors.ts";
import { hmacSha256Hex, safeEqual } from "../lib/crypto.ts";
import { enqueue } from "../jobs/queue.ts";
import { audit } from "../audit/audit.ts";
import { listArtifacts, openArtifact, removeArtifact } from "../lib/artifacts.ts";
import { EXPORT_JOB } from "./build.ts";

type Row = typeof companyExports.$inferSelect;
export const EXPORT_KEEP_DAYS = 7;
const LINK_TTL_S = 3600;

const linkKey = (deps: Deps) => hmacSha256Hex(deps.config.appSecret, "company-export-link");
const signLink = async (deps: Deps, id: number, exp: number) =>
  hmacSha256Hex(await linkKey(deps), `${id}\n${exp}`);

async function dto(deps: Deps, r: Row): Promise<CompanyExportDTO> {
  let url: string | null = null;
  if (r.status === "done") {
    const exp = Math.floor(deps.clock.now().getTime() / 1000) + LINK_TTL_S;
    url = `/api/company-exports/${r.id}/download?exp=${exp}&sig=${await signLink(deps, r.id, exp)}`;
  }
  return {
    id: r.id,
    companyId: r.companyId,
    status: r.status,
    done: r.done,
    total: r.total,
    requestedByName: r.requestedByName,
    byOperator: r.byOperator,
    size: r.size,
    url,
    error: r.status === "failed" ? "ERR_EXPORT_FAILED" : null,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

/** Asks for an export of `companyId` (the actor's own, or any for the operator: the route decides). */
export async function requestExport(deps: Deps, actor: Actor, companyId: number): Promise<CompanyExportDTO> {
  const [company] = await deps.db.select({ id: companies.id, name: companies.name }).from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError("ERR_NOT_FOUND");
  const byOperator = companyId !== actor.companyId;
  const row = await deps.database.write(async (tx) => {
    const [open] = await tx.select().from(companyExports).where(and(
      eq(companyExports.companyId, companyId),
      inArray(companyExports.status, ["pending", "running"]),
    ));
    if (open) return open;
    const now = deps.clock.now();
    const [created] = await tx.insert(companyExports).values({
      companyId,
      requestedById: actor.userId,
      requestedByName: actor.user.name,
      byOperator,
    }).returning();
    await enqueue(tx, {
      name: EXPORT_JOB,
      payload: { exportId: created.id },
      companyId,
      runAt: now,
      maxAttempts: 3,
      dedupeKey: `export:${created.id}`,
    });
    await audit(tx, actor, {
      action: "export.company",
      entity: "export",
      entityId: created.id,
      summary: company.name,
      companyId,
    });
    return created;
  });
  deps.jobs.kick();
  return await dto(deps, row);
}

export async function listExports(deps: Deps, companyId: number): Promise<{ exports: CompanyExportDTO[] }> {
  const rows = await deps.db.select().from(companyExports).where(eq(companyExports.companyId, companyId))
    .orderBy(desc(companyExports.id)).limit(10);
  return { exports: await Promise.all(rows.map((r) => dto(deps, r))) };
}

/** The zip behind a signed link; a wrong, expired or stale link is a 404 like a missing export. */
export async function openExport(
  deps: Deps,
  id: number,
  exp: string,
  sig: string,
): Promise<{ stream: ReadableStream<Uint8Array>; size: number; name: string }> {
  const e = Number(exp);
  const now = deps.clock.now().getTime();
  if (!Number.isFinite(e) || e * 1000 < now || !safeEqual(await signLink(deps, id, e), sig)) {
    throw new AppError("ERR_NOT_FOUND");
  }
  const [row] = await deps.db.select().from(companyExports).where(eq(companyExports.id, id));
  if (!row || row.status !== "done" || !row.fileName) throw new AppError("ERR_NOT_FOUND");
  const file = await openArtifact(deps.storage, "exports", row.fileName);
  if (!file) throw new AppError("ERR_NOT_FOUND");
  return { ...file, name: `export-${row.companyId}-${row.createdAt.slice(0, 10)}.zip` };
}

/** Removes finished exports older than EXPORT_KEEP_DAYS (their rows stay, as `expired`). */
export async function expireExports(deps: Deps, now = deps.clock.now()): Promise<number> {
  const before = new Date(now.getTime() - EXPORT_KEEP_DAYS * 86_400_000).toISOString();
  const old = await deps.db.select().from(companyExports)
    .where(and(eq(companyExports.status, "done"), lt(companyExports.finishedAt, before)));
  for (const r of old) {
    if (r.fileName) await removeArtifact(deps.storage, "exports", r.fileName);
    await deps.database.write((tx) =>
      tx.update(companyExports).set({ status: "expired", fileName: null }).where(eq(companyExports.id, r.id))
    );
  }
  return old.length;
}

/** Every export file of a company (its purge). */
export async function removeCompanyExports(deps: Deps, companyId: number): Promise<void> {
  for (const a of await listArtifacts(deps.storage, "exports")) {
    if (a.name.startsWith(`company${companyId}-`)) {
      await removeArtifact(deps.storage, "exports", a.name);
    }
  }
}
