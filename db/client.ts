/**
 * Opens the libSQL database through Drizzle and serialises writes.
 *
 * SQLite has one writer. Every write goes through `write()`, which holds one process-wide async
 * lock around a short transaction (on a local file the driver's writer connection, db/driver.ts).
 * Reads use `db` directly (WAL lets them run beside the writer). Never await network I/O inside
 * `write()`.
 */
import { createClient } from "@libsql/client";
import type { Client } from "@libsql/client";
import { createLocalClient, type LocalClient, type LocalDriverOptions } from "./driver.ts";
import { registerInTransactionDb } from "./prepared.ts";
import type { Db, Tx } from "./db_types.ts";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema.ts";

export type { Db, Tx };
export type Database = {
  db: Db;
  client: Client;
  /** The local driver, when the database is a local file or in memory (Workers use it). */
  local: LocalClient | null;
  /** Runs `fn` in a write transaction under the process-wide write lock. */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): void;
};

const migrationsFolder = new URL("./migrations", import.meta.url).pathname;

export type OpenOptions = {
  /** Embedded replica: `url` is the local replica file, `syncUrl` the primary (libsql://…). */
  syncUrl?: string;
  authToken?: string;
  /** Seconds between the replica's pulls; writes go to the primary and are read back at once. */
  syncIntervalS?: number;
  /** Use @libsql/client even for a plain local file (the remote path's client; tests/fleet). */
  forceClient?: boolean;
};

export async function openDatabase(url: string, opts: OpenOptions = {}): Promise<Database> {
  // Local files get our two-connection driver (db/driver.ts); a libSQL server or an embedded
  // replica keeps @libsql/client.
  const local = url.startsWith("file:") && !opts.syncUrl && !opts.forceClient ? openLocal(url).local : null;
  const client = local ?? createClient({
    url,
    authToken: opts.authToken,
    syncUrl: opts.syncUrl,
    // An embedded replica keeps pulling the primary's changes (other instances' writes); its own
    // writes are forwarded to the primary and visible to its next read (read-your-writes).
    ...(opts.syncUrl ? { syncInterval: opts.syncIntervalS ?? 1, readYourWrites: true } : {}),
    timeout: 10_000,
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // Fresh statistics let the planner pick MULTI-INDEX OR for the ticket bell and some counts.
  await client.execute("PRAGMA optimize=0x10002");

  let tail: Promise<unknown> = Promise.resolve();
  function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const run = tail.then(() => db.transaction(fn));
    tail = run.catch(() => undefined);
    return run;
  }
  return { db, client, local, write, close: () => client.close() };
}

/**
 * The local driver with Drizzle on it, no migrations: `openDatabase` for a local file, and a
 * Worker's own connections to the file the main thread has opened and migrated.
 */
export function openLocal(url: string, o: LocalDriverOptions = {}): { local: LocalClient; db: Db } {
  const local = createLocalClient(url, { timeout: 10_000, ...o });
  registerInTransactionDb(local, drizzle(local.inTransaction as Client, { schema }));
  return { local, db: drizzle(local, { schema }) };
}
