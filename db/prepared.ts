/**
 * Drizzle queries built once and run many times (bench/README.md D1: building a query costs
 * ~100 µs of Drizzle per call, more than SQLite takes to run most of ours). `prepared(db, key,
 * build)` builds the query with `sql.placeholder`s the first time a session asks for `key` and
 * keeps it for the life of the process. A query asked for inside a transaction is built on the
 * local driver's in-transaction view of the writer (db/driver.ts), which runs it within whatever
 * transaction or savepoint holds the writer — so it is built once, not once per transaction.
 * (On a remote libSQL client it is kept per transaction.) IN lists: see `inJsonIds`.
 * Values that Drizzle computes while building (`$defaultFn`) are frozen at build time, so
 * prepared inserts must pass every such column as a placeholder.
 */
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db, Tx } from "./client.ts";

const bySession = new WeakMap<object, Map<string, unknown>>();
const inTransactionDb = new WeakMap<object, Db>();

/** Called by openDatabase for the local driver: `db` runs on the writer inside its transaction. */
export function registerInTransactionDb(client: object, db: Db): void {
  inTransactionDb.set(client, db);
}

type Session = { tx?: unknown; client?: object };

export function prepared<Q>(db: Db | Tx, key: string, build: (db: Db | Tx) => Q): Q {
  let session = (db as unknown as { session: Session }).session;
  const direct = session.tx && session.client ? inTransactionDb.get(session.client) : undefined;
  if (direct) {
    db = direct;
    session = (direct as unknown as { session: Session }).session;
  }
  let m = bySession.get(session);
  if (!m) bySession.set(session, m = new Map());
  let q = m.get(key) as Q | undefined;
  if (!q) m.set(key, q = build(db));
  return q;
}

/**
 * `col IN (ids)` with the ids as one JSON placeholder (pass `JSON.stringify(ids)` as `name`), so
 * lookups by a list of any length share one prepared statement. SQLite reads it as an IN over a
 * subquery and still looks each id up by its index.
 */
export const inJsonIds = (col: SQLiteColumn, name: string): SQL =>
  sql`${col} in (select value from json_each(${sql.placeholder(name)}))`;
