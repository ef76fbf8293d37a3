/**
 * Online backups of the embedded database (a local `file:` URL): a copy made by a Worker
 * (db/backup_worker.ts, `VACUUM INTO` on its own connection) into a local scratch file, moved onto
 * the storage (server/lib/artifacts.ts: DATA_DIR or the fleet's bucket), then the old
 * ones thinned out — one an hour for BACKUP_KEEP_HOURS, one a day for BACKUP_KEEP_DAYS. The job
 * `backups.run` runs hourly on the scheduler lease holder only; a libSQL server or Turso keeps its
 * own history (README), so there the job does nothing.
 */
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import {
  type Artifact,
  listArtifacts,
  removeArtifact,
  scratchPath,
  storeArtifactFile,
} from "../lib/artifacts.ts";
import type { BackupReply, BackupRequest } from "@db/backup_worker.ts";
import { type CopySyncStats, syncWhileGrowing } from "./copy_sync.ts";

export const BACKUP_JOB = "backups.run";
const NAME = /^atende-(\d{8}T\d{6}Z)\.db$/;

/** `atende-20261127T220500Z.db`: sorts by time, parses back with `backupTime`. */
export function backupName(at: Date): string {
  return `atende-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.db`;
}

export function backupTime(name: string): Date | null {
  const m = name.match(NAME);
  if (!m) return null;
  const s = m[1];
  return new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${
      s.slice(13, 15)
    }Z`,
  );
}

/**
 * The backups to keep at `now`: the newest of each hour within `keepHours`, the newest of each
 * day within `keepDays`, and always the newest of all.
 */
export function backupsToKeep(names: string[], now: Date, keepHours: number, keepDays: number): Set<string> {
  const timed = names.map((name) => ({ name, at: backupTime(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  if (timed[0]) keep.add(timed[0].name);
  const hours = new Set<string>();
  const days = new Set<string>();
  for (const b of timed) {
    const age = now.getTime() - b.at.getTime();
    const iso = b.at.toISOString();
    if (age < keepHours * 3_600_000 && !hours.has(iso.slice(0, 13))) {
      hours.add(iso.slice(0, 13));
      keep.add(b.name);
    }
    if (age < keepDays * 86_400_000 && !days.has(iso.slice(0, 10))) {
      days.add(iso.slice(0, 10));
      keep.add(b.name);
    }
  }
  return keep;
}

export async function listBackups(deps: Deps): Promise<Artifact[]> {
  return (await listArtifacts(deps.storage, "backups")).filter((a) => NAME.test(a.name)).reverse();
}

/** The local database file, or null when the database is a libSQL server or in memory. */
export function backupSource(deps: Deps): string | null {
  return deps.database.local?.path ?? null;
}

/**
 * Where the copy is made before it goes to the storage: DATA_DIR, or BACKUP_SCRATCH_DIR (e.g. a
 * tmpfs such as /dev/shm, sized for the database). `VACUUM INTO` writes the whole database in
 * seconds; on DATA_DIR's file system that is a burst of dirty pages, and Linux throttles every
 * writer of a disk past its dirty limits — the database's WAL appends included. A copy made in
 * memory is moved to a bucket by the network and to DATA_DIR by a paced copy (disk.ts). Not the
 * default: a container's /dev/shm is often 64 MB, and on this machine the measurements did not
 * separate the two (bench/README.md "Backup pause").
 */
function scratchDir(deps: Deps): string {
  return deps.config.backups.scratchDir ?? deps.config.dataDir;
}

/** One backup at a time per process: a second call joins the running one. */
const running = new WeakMap<Deps, Promise<BackupResult>>();
export type BackupResult = { name: string; size: number; ms: number; removed: string[] };

/**
 * What a caller may watch of the backup it starts (tests, the benchmark): `copying` runs once the
 * copy is under way (the writer's checkpoints held, the copy being synced in steps), `copied` gets
 * the syncs of the copy and whether the Worker caught up the WAL.
 */
export type BackupWatch = {
  copying?: () => unknown;
  copied?: (r: { syncs: CopySyncStats; checkpointed: boolean }) => void;
};

export function runBackup(
  deps: Deps,
  now = deps.clock.now(),
  watch: BackupWatch = {},
): Promise<BackupResult> {
  const current = running.get(deps);
  if (current) return current;
  const run = backupOnce(deps, now, watch).finally(() => running.delete(deps));
  running.set(deps, run);
  return run;
}

async function backupOnce(deps: Deps, now: Date, watch: BackupWatch): Promise<BackupResult> {
  const source = backupSource(deps);
  if (!source) throw new AppError("ERR_CONFLICT", { message: "backups need a local database file" });
  const name = backupName(now);
  const scratch = await scratchPath(scratchDir(deps), "backups", name);
  let size: number;
  let reply: { ms: number };
  try {
    reply = await copyWhileIngesting(deps, { source, target: scratch }, watch);
    size = await storeArtifactFile(deps.storage, "backups", name, scratch);
  } finally {
    await Deno.remove(scratch).catch(() => undefined);
  }
  const removed = await pruneBackups(deps, now);
  return { name, size, ms: Math.round(reply.ms), removed };
}

/** Deletes the backups `backupsToKeep` no longer keeps; returns their names. */
export async function pruneBackups(deps: Deps, now = deps.clock.now()): Promise<string[]> {
  const names = (await listBackups(deps)).map((b) => b.name);
  const keep = backupsToKeep(names, now, deps.config.backups.keepHours, deps.config.backups.keepDays);
  const drop = names.filter((n) => !keep.has(n));
  for (const n of drop) await removeArtifact(deps.storage, "backups", n);
  return drop;
}

/**
 * The copy, arranged so that ingest on the main thread does not wait for it: the writer runs no
 * automatic checkpoint meanwhile (the WAL grows behind the copy's snapshot; the Worker checkpoints
 * it after), and the copy is written back to the disk in steps as it grows (copy_sync.ts) rather
 * than left for the kernel to flush in one burst.
 */
async function copyWhileIngesting(
  deps: Deps,
  req: BackupRequest,
  watch: BackupWatch,
): Promise<{ ms: number }> {
  const release = deps.database.local?.holdWriterCheckpoints() ?? (() => undefined);
  const sync = syncWhileGrowing(req.target);
  let reply: { ms: number; checkpointed: boolean } | undefined;
  try {
    const copy = copyInWorker(req);
    copy.catch(() => undefined); // awaited below; not unhandled while `copying` runs
    await watch.copying?.();
    reply = await copy;
    return reply;
  } finally {
    const syncs = await sync.stop();
    release();
    if (reply) watch.copied?.({ syncs, checkpointed: reply.checkpointed });
  }
}

function copyInWorker(req: BackupRequest): Promise<{ ms: number; checkpointed: boolean }> {
  const w = new Worker(new URL("../../db/backup_worker.ts", import.meta.url).href, { type: "module" });
  return new Promise((resolve, reject) => {
    w.onmessage = (e: MessageEvent<BackupReply>) => {
      w.terminate();
      if (e.data.ok) resolve({ ms: e.data.ms, checkpointed: e.data.checkpointed });
      else reject(new Error(`backup failed: ${e.data.error}`));
    };
    w.onerror = (e) => {
      e.preventDefault();
      w.terminate();
      reject(new Error(`backup worker: ${e.message}`));
    };
    w.postMessage(req);
  });
}

/** The scheduled job: a backup when enabled and the database is a local file. */
export async function scheduledBackup(deps: Deps, now: Date): Promise<void> {
  if (!deps.config.backups.enabled || !backupSource(deps)) return;
  const r = await runBackup(deps, now);
  console.log(`[backups] ${r.name} ${r.size} bytes in ${r.ms} ms; removed ${r.removed.length}`);
}
