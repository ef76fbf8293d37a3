/**
 * Folder size and file count per company (spec 3 §2 companies table): a scheduled job lists each
 * company's stored files (disk folder or bucket prefix) outside any transaction and stores the figures; the operator can ask for
 * one company again (durable job "companies.folder_stats").
 */
import { eq } from "drizzle-orm";
import { companies } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { registerQueuedJob } from "../jobs/queue.ts";
import { loadCompanyDTO } from "./service.ts";

export const FOLDER_JOB = "companies.folder_stats";

/** Bytes as the table shows them ("12.4 MB"). */
export function humanSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let v = bytes, i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

export async function refreshFolderStats(deps: Deps, companyId: number): Promise<void> {
  const { bytes, files } = await deps.media.usage(companyId);
  const [row] = await deps.database.write((tx) =>
    tx.update(companies).set({
      folderSize: humanSize(bytes),
      numberFileFolder: String(files),
      updatedAtFolder: deps.clock.now().toISOString(),
    }).where(eq(companies.id, companyId)).returning({ id: companies.id })
  );
  if (row) {
    deps.bus.emit("company.changed", { action: "update", company: await loadCompanyDTO(deps, companyId) });
  }
}

/** The scheduled sweep: every company, one at a time. */
export async function refreshAllFolderStats(deps: Deps): Promise<void> {
  const rows = await deps.db.select({ id: companies.id }).from(companies);
  for (const r of rows) await refreshFolderStats(deps, r.id);
}

registerQueuedJob({
  name: FOLDER_JOB,
  handle: (deps, payload) => refreshFolderStats(deps, Number((payload as { companyId: number }).companyId)),
});
