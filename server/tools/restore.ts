/**
 * Puts a backup (server/backups) back as the database; the server then starts on it as usual
 * (migrations that came after the backup are applied at start-up). Stop the server first: while
 * an instance holds the scheduler lease the tool refuses, unless --force (a process that was
 * killed leaves a lease that lapses after LEASE_TTL_MS).
 *
 *   deno run -A server/tools/restore.ts --list            the backups, newest first
 *   deno run -A server/tools/restore.ts latest [--force]   the newest one
 *   deno run -A server/tools/restore.ts <name | path>      a named backup, or any backup file
 *
 * Backups are read from the storage the server writes them to (DATA_DIR/backups, or the bucket of
 * STORAGE_URL): the chosen one is first downloaded (streamed) beside the database as
 * `atende.db.restoring`, checked there, and only then renamed into place.
 *
 * The database it replaces is kept beside it as `atende.db.replaced-<time>` (with its -wal file),
 * so a restore can be undone by hand. Only for a local database file: a libSQL server or Turso
 * restores with its own point-in-time restore (README).
 */
import Database from "libsql";
import { loadConfig } from "../config.ts";
import { downloadArtifact, listArtifacts } from "../lib/artifacts.ts";
import { createStorage } from "../lib/storage/storage.ts";

const args = Deno.args.filter((a) => !a.startsWith("--"));
const force = Deno.args.includes("--force");
const config = await loadConfig();

if (!config.databaseUrl.startsWith("file:") || config.databaseSyncUrl) {
  fail("DATABASE_URL is not a local file: restore with your libSQL server's or Turso's own tools (README).");
}
const target = config.databaseUrl.replace(/^file:(\/\/)?/, "");
const storage = createStorage(config);
const backups = (await listArtifacts(storage, "backups")).filter((b) => /^atende-.*\.db$/.test(b.name))
  .reverse();

if (Deno.args.includes("--list") || !args[0]) {
  for (const b of backups) console.log(`${b.name}\t${b.size}`);
  if (!args[0]) console.log(backups.length ? "restore one: restore.ts <name> | latest" : "no backups");
  Deno.exit(0);
}

const wanted = args[0];
const name = wanted === "latest" ? backups[0]?.name ?? fail("no backups") : wanted;
const incoming = `${target}.restoring`;
await Deno.remove(incoming).catch(() => undefined);
if (backups.some((b) => b.name === name)) {
  console.log(`downloading ${name} from the ${storage.kind} storage…`);
  if (!await downloadArtifact(storage, "backups", name, incoming)) fail(`${name} is gone from the storage`);
} else if (await exists(name)) {
  await Deno.copyFile(name, incoming);
} else {
  fail(`no backup named ${name} (restore.ts --list), and no such file`);
}

const check = new Database(incoming, { readonly: true });
const [ok] = check.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
check.close();
if (ok?.quick_check !== "ok") {
  await Deno.remove(incoming).catch(() => undefined);
  fail(`${name} is not a sound database: ${ok?.quick_check}`);
}

if (!force && await exists(target)) {
  const live = new Database(target, { timeout: 5_000 });
  const rows = live.prepare("SELECT holder FROM leases WHERE name = 'scheduler' AND expires_at >= ?")
    .all(new Date().toISOString()) as { holder: string }[];
  live.close();
  if (rows.length) {
    await Deno.remove(incoming).catch(() => undefined);
    fail("a server is running on this database (it holds the scheduler lease); stop it or --force");
  }
}

const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
if (await exists(target)) {
  await Deno.rename(target, `${target}.replaced-${stamp}`);
  for (const ext of ["-wal", "-shm"]) {
    if (await exists(target + ext)) {
      if (ext === "-wal") await Deno.rename(target + ext, `${target}.replaced-${stamp}${ext}`);
      else await Deno.remove(target + ext);
    }
  }
}
await Deno.rename(incoming, target);
console.log(`restored ${name} → ${target}`);

function fail(message: string): never {
  console.error(message);
  Deno.exit(1);
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}
