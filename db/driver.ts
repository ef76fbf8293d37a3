/**
 * The local `file:` driver behind Drizzle: the subset of @libsql/client's `Client` that Drizzle
 * and our code use, over the `libsql` engine @libsql/client itself wraps.
 *
 * Why not @libsql/client for local files (bench/README.md D1): it prepares every statement again
 * on every call (100–230 µs each on our wide tables, ~25 statements per inbound message), and it
 * hands each interactive transaction a pooled connection of its own, opening up to 20, each with
 * its page cache and without the per-connection pragmas (so `synchronous=NORMAL` was lost and
 * most commits fsynced). Here there are exactly two connections for the life of the process:
 * - the writer: every transaction, batch, migration and every statement that is not a plain
 *   read, one at a time behind a FIFO mutex (SQLite has one writer anyway, DESIGN §5);
 * - the reader: plain reads outside transactions; with WAL they see the last commit and never
 *   wait for the writer.
 * Each keeps its prepared statements (bounded, by SQL text). Reuse is safe because every call
 * runs its statement to completion synchronously, which also ends its implicit read snapshot.
 * An in-memory database has a single connection (a second would be another, empty database).
 */
import Database from "libsql";
import { Buffer } from "node:buffer";
import { LibsqlBatchError, LibsqlError } from "@libsql/client";
import { SharedWriteLock } from "./write_lock.ts";
import type {
  Client,
  InArgs,
  InStatement,
  InValue,
  ResultSet,
  Row,
  Transaction,
  TransactionMode,
} from "@libsql/client";

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

export type LocalDriverOptions = {
  /** Busy timeout in ms (another process holding the write lock). */
  timeout?: number;
  /** Page cache per connection, in KiB (`PRAGMA cache_size=-N`). */
  readerCacheKiB?: number;
  writerCacheKiB?: number;
  /** WAL checkpoints by a Worker (db/checkpointer.ts) every this many ms; 0 = SQLite's own. */
  checkpointEveryMs?: number;
  /** Writer uses before that Worker starts (an idle or read-mostly process never pays for it). */
  checkpointerAfterWrites?: number;
};

class Connection {
  readonly engine: Engine;
  readonly #cache = new Map<string, Prepared>();

  constructor(path: string, timeout: number, cacheKiB: number) {
    this.engine = new Database(path, { timeout });
    // Per-connection settings: lost on any connection that does not set them itself.
    this.engine.exec(
      `PRAGMA synchronous=NORMAL; PRAGMA temp_store=MEMORY; PRAGMA cache_size=-${cacheKiB}`,
    );
  }

  prepare(sql: string): Prepared {
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
    try {
      this.engine.exec(sql);
    } catch (e) {
      throw mapError(e);
    }
  }

  close(): void {
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

function normalize(stmt: InStatement | [string, InArgs?]): { sql: string; args?: InArgs } {
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

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

/**
 * A plain read runs on the reader; anything else (incl. `… RETURNING`) on the writer. A `WITH`
 * is a read unless it ends in a write (our CTEs are read-only).
 */
const isRead = (sql: string) =>
  /^\s*(select|explain)\b/i.test(sql) ||
  (/^\s*with\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql));

/** What `createLocalClient` returns: a Client plus what Workers of this process need. */
export type LocalClient = Client & {
  /** The writer's in-transaction view (db/prepared.ts). */
  inTransaction: Pick<Client, "execute">;
  /** The database file, for a Worker that opens a connection of its own; null in memory. */
  path: string | null;
  /**
   * From now on every use of the writer also takes a lock shared with a Worker that writes
   * through a connection of its own (db/write_lock.ts): one writer at a time, and the main thread
   * never waits in SQLite's busy handler, which would block its event loop.
   */
  shareWriteLock(): SharedWriteLock;
  /**
   * Starts the checkpoint Worker now, so that another connection of this process can turn its
   * automatic checkpoints off; false when checkpoints stay SQLite's own. `onFailure` runs if the
   * Worker stops later (automatic checkpoints must come back on that connection).
   */
  offThreadCheckpoints(onFailure: () => void): boolean;
};

/** Opens a local database file (`file:` URL or a path) with the two-connection driver. */
export function createLocalClient(url: string, o: LocalDriverOptions = {}): LocalClient {
  const path = fileUrlPath(url);
  const timeout = o.timeout ?? 10_000;
  const memory = path === ":memory:" || path.startsWith("file::memory:") || path.includes("mode=memory");
  const writer = new Connection(path, timeout, o.writerCacheKiB ?? 8_000);
  if (!memory) writer.exec("PRAGMA journal_mode=WAL");
  const reader = memory ? writer : new Connection(path, timeout, o.readerCacheKiB ?? 16_000);

  // Checkpoints leave the main thread once this process writes (bench/README.md D8).
  const everyMs = o.checkpointEveryMs ?? 200;
  const ckpt = memory || everyMs <= 0
    ? null
    : { writes: 0, worker: undefined as Worker | undefined, failed: false, onFailure: [] as (() => void)[] };
  function startCheckpoints(): boolean {
    if (!ckpt || ckpt.failed) return false;
    if (ckpt.worker) return true;
    try {
      ckpt.worker = startCheckpointer(path, everyMs, () => {
        // The worker could not run: SQLite's automatic checkpoints again, on every connection.
        ckpt.failed = true;
        if (!closed) writer.exec("PRAGMA wal_autocheckpoint=1000");
        for (const f of ckpt.onFailure) f();
      });
      writer.exec("PRAGMA wal_autocheckpoint=0");
      return true;
    } catch (e) {
      ckpt.worker = undefined;
      ckpt.failed = true; // never again; keep SQLite's automatic checkpoints
      console.error("[checkpointer] not started:", e);
      return false;
    }
  }
  function noteWrite() {
    if (!ckpt || ckpt.worker || ckpt.failed || ++ckpt.writes < (o.checkpointerAfterWrites ?? 500)) return;
    startCheckpoints();
  }

  // FIFO mutex over the writer: transactions span awaits, everything else is one sync call.
  // Once a Worker of this process writes too, the writer also takes the lock shared with it.
  let tail: Promise<void> = Promise.resolve();
  let shared: SharedWriteLock | undefined;
  function lockWriter(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((r) => release = r);
    const acquired = tail.then(async () => {
      const lock = shared;
      if (lock) await lock.acquire();
      noteWrite(); // holding the writer, before any statement of this use
      return () => {
        lock?.release();
        release();
      };
    });
    tail = tail.then(() => held);
    return acquired;
  }
  async function onWriter<T>(fn: () => T): Promise<T> {
    const release = await lockWriter();
    try {
      return fn();
    } finally {
      release();
    }
  }

  let closed = false;
  const checkOpen = () => {
    if (closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
  };

  function runBatch(stmts: Array<InStatement | [string, InArgs?]>): ResultSet[] {
    return stmts.map((s, i) => {
      try {
        return writer.execute(normalize(s));
      } catch (e) {
        if (e instanceof LibsqlError) {
          throw new LibsqlBatchError(e.message, i, e.code, e.extendedCode, e.rawCode, e);
        }
        throw e;
      }
    });
  }

  function inTransaction<T>(begin: string, fn: () => T): T {
    writer.exec(begin);
    try {
      const r = fn();
      writer.exec("COMMIT");
      return r;
    } catch (e) {
      if (writer.engine.inTransaction) writer.exec("ROLLBACK");
      throw e;
    }
  }

  const client = {
    protocol: "file",
    get closed() {
      return closed;
    },
    execute(stmtOrSql: InStatement, args?: InArgs): Promise<ResultSet> {
      checkOpen();
      const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args } : stmtOrSql;
      const sql = typeof stmt === "string" ? stmt : stmt.sql;
      if (isRead(sql)) {
        try {
          return Promise.resolve(reader.execute(stmt));
        } catch (e) {
          return Promise.reject(e);
        }
      }
      return onWriter(() => writer.execute(stmt));
    },
    batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = "deferred") {
      checkOpen();
      return onWriter(() => inTransaction(BEGIN[mode], () => runBatch(stmts)));
    },
    migrate(stmts: InStatement[]) {
      checkOpen();
      return onWriter(() => {
        writer.exec("PRAGMA foreign_keys=off");
        try {
          return inTransaction("BEGIN DEFERRED", () => runBatch(stmts));
        } finally {
          writer.exec("PRAGMA foreign_keys=on");
        }
      });
    },
    executeMultiple(sql: string) {
      checkOpen();
      return onWriter(() => inTransaction("BEGIN DEFERRED", () => writer.exec(sql)));
    },
    async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
      checkOpen();
      const release = await lockWriter();
      try {
        writer.exec(BEGIN[mode]);
      } catch (e) {
        release();
        throw e;
      }
      return openTransaction(writer, release);
    },
    /**
     * The writer as it stands inside the open transaction, without the mutex: for statements
     * prepared once per process and run by whoever holds the writer (db/prepared.ts).
     */
    inTransaction: {
      execute(stmt: InStatement, args?: InArgs): Promise<ResultSet> {
        try {
          if (!writer.engine.inTransaction) {
            throw new LibsqlError("No transaction is open on the writer", "TRANSACTION_CLOSED");
          }
          return Promise.resolve(writer.execute(typeof stmt === "string" ? { sql: stmt, args } : stmt));
        } catch (e) {
          return Promise.reject(e);
        }
      },
    },
    path: memory ? null : path,
    shareWriteLock(): SharedWriteLock {
      return shared ??= new SharedWriteLock();
    },
    offThreadCheckpoints(onFailure: () => void): boolean {
      if (!startCheckpoints()) return false;
      ckpt!.onFailure.push(onFailure);
      return true;
    },
    sync() {
      return Promise.resolve(undefined);
    },
    reconnect() {
      return Promise.resolve();
    },
    close() {
      closed = true;
      ckpt?.worker?.postMessage("stop");
      writer.close();
      if (reader !== writer) reader.close();
    },
  };
  return client as unknown as LocalClient;
}

function startCheckpointer(path: string, everyMs: number, onFailure: () => void): Worker {
  const w = new Worker(new URL("./checkpointer.ts", import.meta.url).href, { type: "module" });
  w.onmessage = (e) => {
    console.error("[checkpointer] not running:", e.data?.failed);
    onFailure();
  };
  w.onerror = (e) => {
    e.preventDefault();
    console.error("[checkpointer]", e.message);
    onFailure();
  };
  w.postMessage({ path, everyMs });
  return w;
}

function openTransaction(writer: Connection, release: () => void): Transaction {
  let done = false;
  const settle = () => {
    if (!done) {
      done = true;
      release();
    }
  };
  const check = () => {
    if (done || !writer.engine.inTransaction) {
      throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
    }
  };
  const tx = {
    get closed() {
      return done || !writer.engine.inTransaction;
    },
    execute(stmt: InStatement, args?: InArgs) {
      try {
        check();
        return Promise.resolve(writer.execute(typeof stmt === "string" ? { sql: stmt, args } : stmt));
      } catch (e) {
        return Promise.reject(e);
      }
    },
    batch(stmts: Array<InStatement | [string, InArgs?]>) {
      try {
        check();
        return Promise.resolve(stmts.map((s) => writer.execute(normalize(s))));
      } catch (e) {
        return Promise.reject(e);
      }
    },
    executeMultiple(sql: string) {
      try {
        check();
        writer.exec(sql);
        return Promise.resolve();
      } catch (e) {
        return Promise.reject(e);
      }
    },
    commit() {
      try {
        check();
        writer.exec("COMMIT");
        return Promise.resolve();
      } catch (e) {
        // Never hand the writer on mid-transaction.
        if (writer.engine.inTransaction) {
          try {
            writer.exec("ROLLBACK");
          } catch { /* reported below */ }
        }
        return Promise.reject(e);
      } finally {
        settle();
      }
    },
    rollback() {
      try {
        if (!done && writer.engine.inTransaction) writer.exec("ROLLBACK");
        return Promise.resolve();
      } catch (e) {
        return Promise.reject(e);
      } finally {
        settle();
      }
    },
    close() {
      try {
        if (!done && writer.engine.inTransaction) writer.exec("ROLLBACK");
      } finally {
        settle();
      }
    },
  };
  return tx as unknown as Transaction;
}

/** `file:/abs`, `file:///abs`, `file:rel`, `file::memory:` → the path libsql opens. */
function fileUrlPath(url: string): string {
  if (!url.startsWith("file:")) return url;
  let rest = url.slice("file:".length);
  const q = rest.indexOf("?");
  if (q >= 0) rest = rest.slice(0, q);
  if (rest.startsWith("//")) rest = rest.slice(2); // file:///abs or file://localhost/abs
  if (rest.startsWith("localhost/")) rest = rest.slice("localhost".length);
  return rest === ":memory:" ? ":memory:" : decodeURIComponent(rest);
}
