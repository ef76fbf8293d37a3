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
import { Column, fillPlaceholders, is, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db, Tx } from "./db_types.ts";

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
  if (!q) m.set(key, q = withFastRows(build(db)));
  return q;
}

type Field = { path: string[]; field: unknown };
type Execute = (s: { sql: string; args: unknown[] }) => Promise<{ rows: ArrayLike<unknown>[] }>;
type LibsqlPrepared = {
  fields?: Field[];
  customResultMapper?: unknown;
  query: { sql: string; params: unknown[] };
  tx?: { execute: Execute };
  client: { execute: Execute };
  get(values?: Record<string, unknown>): Promise<unknown>;
  all(values?: Record<string, unknown>): Promise<unknown[]>;
};

/**
 * Row mapping without Drizzle's per-column work. Drizzle maps every value of every row through
 * `is()` checks, a path walk and a decoder (bench/README.md D7: ~14 % of the ingest CPU); for a
 * flat select or `returning()` of plain columns the mapping is known when the query is built:
 * property names, and a decoder only for the columns that have one (booleans, JSON, timestamps).
 * Anything else (joined or nested selections, blobs, custom mappers) keeps Drizzle's own path;
 * with one-level paths there is no join to apply `joinsNotNullableMap` to.
 */
function withFastRows<Q>(q: Q): Q {
  const pq = q as unknown as LibsqlPrepared;
  if (!pq || typeof pq !== "object" || !Array.isArray(pq.fields) || pq.customResultMapper) return q;
  if (!pq.query || !pq.client) return q;
  const keys: string[] = [];
  const decoders: (Column | null)[] = [];
  for (const { path, field } of pq.fields) {
    if (path.length !== 1 || !is(field, Column) || /blob/i.test(field.columnType)) return q;
    keys.push(path[0]);
    decoders.push(field.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : field);
  }
  const n = keys.length;
  const toObject = (row: ArrayLike<unknown>) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const v = row[i];
      const d = decoders[i];
      o[keys[i]] = v === null || d === null ? v : d.mapFromDriverValue(v);
    }
    return o;
  };
  const rows = async (values?: Record<string, unknown>) => {
    const stmt = { sql: pq.query.sql, args: fillPlaceholders(pq.query.params, values ?? {}) };
    return (await (pq.tx ?? pq.client).execute(stmt)).rows;
  };
  pq.get = async (values) => {
    const r = await rows(values);
    return r.length ? toObject(r[0]) : undefined;
  };
  pq.all = async (values) => (await rows(values)).map(toObject);
  return q;
}

/**
 * `col IN (ids)` with the ids as one JSON placeholder (pass `JSON.stringify(ids)` as `name`), so
 * lookups by a list of any length share one prepared statement. SQLite reads it as an IN over a
 * subquery and still looks each id up by its index.
 */
export const inJsonIds = (col: SQLiteColumn, name: string): SQL =>
  sql`${col} in (select value from json_each(${sql.placeholder(name)}))`;
