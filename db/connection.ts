/**
 * One libsql connection of the local driver (db/driver.ts): its per-connection pragmas, its
 * prepared statements (bounded, by SQL text; reuse is safe because every call runs its statement
 * to completion synchronously, which also ends its implicit read snapshot), and results and
 * errors in the shapes @libsql/client gives them.
 */
import Database from "libsql";
import { Buffer } from "node:buffer";
import { LibsqlError } from "@libsql/client";
import type { InArgs, InStatement, InValue, ResultSet, Row } from "@libsql/client";

type Engine = InstanceType<typeof Database>;
type Statement = ReturnType<Engine["prepare"]>;
type Prepared = {
  stmt: Statement;
  /** true when the statement returns rows (SELECT, PRAGMA, … RETURNING). */
  reader: boolean;
  columns: string[];
  columnTypes: string[];
  /** Prototype of this statement's rows: `length` and positional getters, not enumerable. */
  rowProto: object;
  /** Indexes of the columns that get a named property (the first of each name, as libsql does). */
  named: number[];
};

const VALUES = Symbol("values");
const STATEMENT_CACHE_SIZE = 500;

export class Connection {
  readonly engine: Engine;
  readonly #cache = new Map<string, Prepared>();
  /**
   * Once closed, nothing reaches the native engine again: libsql panics (aborting the whole
   * process, not throwing) on a closed handle, and a late timer or an awaited transaction can
   * still come by after a shutdown.
   */
  #closed = false;

  constructor(path: string, timeout: number, cacheKiB: number) {
    this.engine = new Database(path, { timeout });
    // Per-connection settings: lost on any connection that does not set them itself.
    this.engine.exec(
      `PRAGMA synchronous=NORMAL; PRAGMA temp_store=MEMORY; PRAGMA cache_size=-${cacheKiB}`,
    );
  }

  /** Whether a transaction is open; false once closed. */
  get inTransaction(): boolean {
    return !this.#closed && this.engine.inTransaction;
  }

  #assertOpen() {
    if (this.#closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
  }

  prepare(sql: string): Prepared {
    this.#assertOpen();
    let p = this.#cache.get(sql);
    if (p) return p;
    const stmt = this.engine.prepare(sql);
    const reader = stmt.reader;
    let columns: string[] = [];
    let columnTypes: string[] = [];
    if (reader) {
      stmt.raw(true);
      const cols = stmt.columns();
      columns = cols.map((c) => c.name);
      columnTypes = cols.map((c) => c.type ?? "");
    }
    const rowProto = {};
    Object.defineProperty(rowProto, "length", { value: columns.length });
    const named: number[] = [];
    const seen = new Set<string>();
    columns.forEach((name, i) => {
      Object.defineProperty(rowProto, i, {
        get(this: { [VALUES]: unknown[] }) {
          return this[VALUES][i];
        },
      });
      if (!seen.has(name)) {
        seen.add(name);
        named.push(i);
      }
    });
    p = { stmt, reader, columns, columnTypes, rowProto, named };
    if (this.#cache.size >= STATEMENT_CACHE_SIZE) {
      this.#cache.delete(this.#cache.keys().next().value!);
    }
    this.#cache.set(sql, p);
    return p;
  }

  execute(stmt: InStatement): ResultSet {
    const { sql, args } = normalize(stmt);
    try {
      const p = this.prepare(sql);
      const bound = bindArgs(args);
      if (!p.reader) {
        const info = p.stmt.run(bound);
        return result([], [], [], info.changes, BigInt(info.lastInsertRowid));
      }
      const raw = p.stmt.all(bound) as unknown[][];
      const rows = new Array<Row>(raw.length);
      for (let r = 0; r < raw.length; r++) rows[r] = makeRow(p, raw[r]);
      return result(p.columns, p.columnTypes, rows, 0, undefined);
    } catch (e) {
      throw mapError(e);
    }
  }

  exec(sql: string): void {
    this.#assertOpen();
    try {
      this.engine.exec(sql);
    } catch (e) {
      throw mapError(e);
    }
  }

  close(): void {
    this.#closed = true;
    this.#cache.clear();
    try {
      if (this.engine.open) this.engine.close();
    } catch { /* closing anyway */ }
  }
}

function makeRow(p: Prepared, values: unknown[]): Row {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    // Blobs come back as Buffers; the client contract is an ArrayBuffer of exactly the blob.
    if (v instanceof Buffer) values[i] = v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength);
  }
  const row = Object.create(p.rowProto);
  // Hidden from spreads and Object.keys, like the positional values of @libsql/client's rows.
  Object.defineProperty(row, VALUES, { value: values });
  for (const i of p.named) row[p.columns[i]] = values[i];
  return row;
}

function result(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON() {
      return {
        columns,
        columnTypes,
        rows: rows.map((r) => Array.from(r as ArrayLike<unknown>)),
        rowsAffected,
      };
    },
  };
}

export function normalize(stmt: InStatement | [string, InArgs?]): { sql: string; args?: InArgs } {
  if (typeof stmt === "string") return { sql: stmt };
  if (Array.isArray(stmt)) return { sql: stmt[0], args: stmt[1] };
  return stmt;
}

function bindArgs(args: InArgs | undefined): unknown[] | Record<string, unknown> {
  if (!args) return [];
  if (Array.isArray(args)) return args.map(toSql);
  const named: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) named[/^[@$:]/.test(k) ? k.slice(1) : k] = toSql(v);
  return named;
}

/** The value conversions of @libsql/client's `intMode: "number"`. */
function toSql(v: InValue): unknown {
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new RangeError("Only finite numbers can be passed as arguments");
    return v;
  }
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  if (v instanceof Date) return v.valueOf();
  if (v === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return v;
}

const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
};

/** SQLite errors as the same LibsqlError (code = base code) @libsql/client throws. */
function mapError(e: unknown): unknown {
  if (e instanceof Database.SqliteError) {
    const raw = (e as { rawCode?: number }).rawCode;
    const code = raw === undefined
      ? "SQLITE_UNKNOWN"
      : BASE_CODES[raw & 0xff] ?? `SQLITE_UNKNOWN_${raw & 0xff}`;
    return new LibsqlError(e.message, code, (e as { code?: string }).code, raw, e);
  }
  return e;
}
