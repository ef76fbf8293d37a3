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
import { LibsqlBatchError, LibsqlError } from "@libsql/client";
import type { Client, InArgs, InStatement, ResultSet, Transaction, TransactionMode } from "@libsql/client";
import { Connection, normalize } from "./connection.ts";
import { openTransaction } from "./transaction.ts";
import { SharedWriteLock } from "./write_lock.ts";

export type LocalDriverOptions = {
  /** Busy timeout in ms (another process holding the write lock). */
  timeout?: number;
  /** false: no reader connection, plain reads use the writer (a Worker that writes only). */
  reader?: boolean;
  /** Page cache per connection, in KiB (`PRAGMA cache_size=-N`). */
  readerCacheKiB?: number;
  writerCacheKiB?: number;
  /** WAL checkpoints by a Worker (db/checkpointer.ts) every this many ms; 0 = SQLite's own. */
  checkpointEveryMs?: number;
  /** Writer uses before that Worker starts (an idle or read-mostly process never pays for it). */
  checkpointerAfterWrites?: number;
};

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
  /**
   * Until the returned release, the writer (the main thread) runs no automatic checkpoint: the
   * checkpoint Worker is started if it can be (its checkpoints then stay), else the writer's
   * automatic ones are turned off and come back at the last release. For a long reader such as a
   * backup, whose snapshot the WAL grows behind; the caller checkpoints off the main thread before
   * releasing.
   */
  holdWriterCheckpoints(): () => void;
};

/** Opens a local database file (`file:` URL or a path) with the two-connection driver. */
export function createLocalClient(url: string, o: LocalDriverOptions = {}): LocalClient {
  const path = fileUrlPath(url);
  const timeout = o.timeout ?? 10_000;
  const memory = path === ":memory:" || path.startsWith("file::memory:") || path.includes("mode=memory");
  const writer = new Connection(path, timeout, o.writerCacheKiB ?? 8_000);
  if (!memory) writer.exec("PRAGMA journal_mode=WAL");
  const reader = memory || o.reader === false
    ? writer
    : new Connection(path, timeout, o.readerCacheKiB ?? 16_000);

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

  let holds = 0;
  function holdWriterCheckpoints(): () => void {
    if (memory || startCheckpoints()) return () => undefined;
    if (holds++ === 0) writer.exec("PRAGMA wal_autocheckpoint=0");
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--holds === 0 && !closed && !(ckpt?.worker && !ckpt.failed)) {
        writer.exec("PRAGMA wal_autocheckpoint=1000");
      }
    };
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
      if (writer.inTransaction) writer.exec("ROLLBACK");
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
          if (!writer.inTransaction) {
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
    holdWriterCheckpoints,
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
