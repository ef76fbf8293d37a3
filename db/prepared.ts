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
import { Column, fillPlaceholders, is, SQL, sql } from "drizzle-orm";
import { type SQLiteColumn, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { InValue } from "@libsql/client";
import type { Db, Tx } from "./db_types.ts";
import { ReadPool, type Reads } from "./read_pool.ts";
import type { WireStatement } from "./read_wire.ts";

const dialect = new SQLiteSyncDialect();

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
  if (!pq || typeof pq !== "object" || !pq.query || !pq.client) return q;
  const toObject = fastMapper(pq);
  if (!toObject) return q;
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

type RowMapper = (row: ArrayLike<unknown>) => Record<string, unknown>;
const mappers = new WeakMap<object, RowMapper | null>();

/** The per-query mapper of a flat select (see withFastRows), or null when Drizzle must map it. */
function fastMapper(pq: LibsqlPrepared): RowMapper | null {
  if (mappers.has(pq)) return mappers.get(pq)!;
  let mapper: RowMapper | null = null;
  if (Array.isArray(pq.fields) && !pq.customResultMapper) {
    const keys: string[] = [];
    const decoders: (Column | null)[] = [];
    let flat = true;
    for (const { path, field } of pq.fields) {
      if (path.length !== 1 || !is(field, Column) || /blob/i.test(field.columnType)) {
        flat = false;
        break;
      }
      keys.push(path[0]);
      decoders.push(field.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : field);
    }
    const n = keys.length;
    if (flat) {
      mapper = (row) => {
        const o: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const v = row[i];
          const d = decoders[i];
          o[keys[i]] = v === null || d === null ? v : d.mapFromDriverValue(v);
        }
        return o;
      };
    }
  }
  mappers.set(pq, mapper);
  return mapper;
}

/**
 * Runs a prepared Drizzle select (`prepared(…)` or `builder.prepare()`) on the read pool when
 * `reads` is one: the SQL and its values go to a Worker, the rows come back as arrays and are mapped
 * here by the query's own mapper, so the caller gets exactly what `.all(values)` answers. A query
 * Drizzle must map itself (joined selections, blobs), or `reads` being the main connection (in
 * memory, remote), runs on the main connection as before.
 */
export async function readAll<T>(
  reads: Reads,
  q: { all(values?: Record<string, unknown>): Promise<T[]> },
  values?: Record<string, unknown>,
): Promise<T[]> {
  const pq = q as unknown as LibsqlPrepared;
  const toObject = reads instanceof ReadPool && pq.query ? fastMapper(pq) : null;
  if (!toObject) return await q.all(values);
  const args = fillPlaceholders(pq.query.params, values ?? {}) as InValue[];
  return (await (reads as ReadPool).rows(pq.query.sql, args)).map(toObject) as T[];
}

/** A prepared Drizzle select and its placeholder values, or a `sql` statement (rows named by column). */
export type BatchItem = {
  q: { all(values?: Record<string, unknown>): Promise<unknown[]> };
  values?: Record<string, unknown>;
} | SQL;

/**
 * Like `readAll` for several statements at once: on the read pool they travel in one message to one
 * Worker (db/read_pool.ts `batch`), each answer mapped here; otherwise (no pool, or a query Drizzle
 * must map itself) each runs as `readAll` / `reads.all` would.
 */
export async function readBatch(reads: Reads, items: BatchItem[]): Promise<unknown[][]> {
  const mapped = reads instanceof ReadPool
    ? items.map((it) => is(it, SQL) ? null : fastMapper(it.q as unknown as LibsqlPrepared))
    : null;
  if (!mapped || items.some((it, i) => !is(it, SQL) && !mapped[i])) {
    return await Promise.all(
      items.map((it) => is(it, SQL) ? reads.all(it) : readAll(reads, it.q, it.values)),
    );
  }
  const stmts: WireStatement[] = items.map((it, i) => {
    if (is(it, SQL)) {
      const { sql: text, params } = dialect.sqlToQuery(it);
      return { sql: text, args: params as InValue[] };
    }
    const pq = it.q as unknown as LibsqlPrepared;
    return {
      sql: pq.query.sql,
      args: fillPlaceholders(pq.query.params, it.values ?? {}) as InValue[],
      raw: !!mapped[i],
    };
  });
  const out = await (reads as ReadPool).batch(stmts);
  return out.map((rows, i) => mapped[i] ? (rows as unknown[][]).map(mapped[i]!) : rows);
}

/**
 * Collects reads asked in one synchronous stretch (`all` of a prepared select, `sql` of a
 * statement) and sends them as one `readBatch` on `flush()`; each call's promise gets its own rows.
 */
export function batchReads(reads: Reads) {
  const items: BatchItem[] = [];
  const waiters: { resolve(rows: unknown[]): void; reject(e: unknown): void }[] = [];
  const add = <T>(it: BatchItem) =>
    new Promise<T[]>((resolve, reject) => {
      items.push(it);
      waiters.push({ resolve: resolve as (rows: unknown[]) => void, reject });
    });
  return {
    all: <T>(q: { all(values?: Record<string, unknown>): Promise<T[]> }, values?: Record<string, unknown>) =>
      add<T>({ q, values }),
    sql: <T>(statement: SQL) => add<T>(statement),
    flush(): void {
      readBatch(reads, items).then(
        (answers) => answers.forEach((rows, i) => waiters[i].resolve(rows)),
        (e) => waiters.forEach((w) => w.reject(e)),
      );
    },
  };
}
