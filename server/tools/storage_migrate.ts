/**
 * Copies an instance's files from DATA_DIR (media, branding, certificates) to the storage STORAGE_URL
 * names, before the fleet is switched to it:
 *
 *   DATA_DIR=./data STORAGE_URL=s3://… deno run -A server/tools/storage_migrate.ts [--dry-run]
 *
 * Resumable: the target is listed first and a file already there with the same size is skipped, and a
 * write is whole or absent (storage.ts), so a run stopped at any point (kill, lost network) is simply run
 * again. Files stream from disk to the bucket, four at a time; nothing is deleted from DATA_DIR (remove
 * it once the instances run on the bucket). Paths kept in rows do not change: they are relative to
 * `media/` on both sides.
 */
import { loadConfig } from "../config.ts";
import { createDiskStorage } from "../lib/storage/disk.ts";
import { createStorage, type Storage } from "../lib/storage/storage.ts";

/** The folders of DATA_DIR that hold product files (not the database, secrets or the mail outbox). */
export const FOLDERS = ["media/", "public/", "certs/", "backups/", "exports/"] as const;

export type MigrateReport = { copied: number; skipped: number; failed: string[]; bytes: number };

export async function migrateFiles(
  from: Storage,
  to: Storage,
  opts: { dryRun?: boolean; concurrency?: number; onFile?: (key: string, r: MigrateReport) => void } = {},
): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  for (const folder of FOLDERS) {
    const there = new Map<string, number>();
    for await (const o of to.list(folder)) there.set(o.key, o.size);
    const running = new Set<Promise<void>>();
    for await (const { key, size } of from.list(folder)) {
      if (there.get(key) === size) {
        report.skipped++;
        continue;
      }
      const job = (async () => {
        try {
          if (!opts.dryRun) {
            const src = await from.get(key);
            if (!src) return; // removed meanwhile
            await to.put(key, src.body, { contentType: src.contentType });
          }
          report.copied++;
          report.bytes += size;
        } catch (err) {
          report.failed.push(`${key}: ${(err as Error).message}`);
        }
        opts.onFile?.(key, report);
      })();
      running.add(job);
      job.finally(() => running.delete(job));
      if (running.size >= (opts.concurrency ?? 4)) await Promise.race(running);
    }
    await Promise.all(running);
  }
  return report;
}

if (import.meta.main) {
  const config = await loadConfig();
  const to = createStorage(config);
  if (to.kind === "disk") {
    console.error("STORAGE_URL names no bucket: nothing to copy to (set STORAGE_URL=s3://…)");
    Deno.exit(2);
  }
  const dryRun = Deno.args.includes("--dry-run");
  let last = 0;
  const report = await migrateFiles(createDiskStorage(config.dataDir), to, {
    dryRun,
    onFile: (_key, r) => {
      if (Date.now() - last < 2000) return;
      last = Date.now();
      console.log(`… ${r.copied} copied (${(r.bytes / 1e6).toFixed(1)} MB), ${r.skipped} already there`);
    },
  });
  console.log(
    `${dryRun ? "would copy" : "copied"} ${report.copied} files (${(report.bytes / 1e6).toFixed(1)} MB), ` +
      `${report.skipped} already there, ${report.failed.length} failed`,
  );
  for (const f of report.failed) console.error(`failed: ${f}`);
  Deno.exit(report.failed.length ? 1 : 0);
}
