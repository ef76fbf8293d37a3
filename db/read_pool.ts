/**
 * Heavy reads off the main thread: a pool of Workers (db/read_worker.ts), each with its own read
 * connection to the database file, answering `all(sql)` as Drizzle's `db.all` does (rows as
 * objects named by column). Dashboards, reports and exports read through `Reads`, and the kanban
 * board through `rows`/`batch` (a prepared Drizzle select mapped on the main thread: db/prepared.ts
 * `readAll`, `readBatch`); the write path, the ticket lists and everything short stay on the main
 * connection. A query goes to the Worker with the fewest in
 * flight; Workers start on the first query, so a process that never asks for a report pays nothing.
 * In memory or on a remote database there is no pool: `Reads` is the main `db` (test apps start
 * from a template database file, so they read through the pool).
 */
import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { InValue } from "@libsql/client";
import type { FromReadWorker, ToReadWorker, WireStatement } from "./read_wire.ts";

/** What a heavy read needs of a database: Drizzle's `db.all` over a `sql` template. */
export type Reads = { all<T>(query: SQL): Promise<T[]> };

const dialect = new SQLiteSyncDialect();

type Slot = { worker: Worker | null; inFlight: number };

export class ReadPool implements Reads {
  readonly #slots: Slot[];
  readonly #pending = new Map<
    number,
    { resolve(rows: unknown[]): void; reject(e: Error): void; slot: Slot }
  >();
  #next = 1;
  #closed = false;

  constructor(readonly path: string, size: number, readonly cacheKiB = 16_384) {
    this.#slots = Array.from({ length: Math.max(1, size) }, () => ({ worker: null, inFlight: 0 }));
  }

  all<T>(query: SQL): Promise<T[]> {
    const { sql, params } = dialect.sqlToQuery(query);
    return this.#send<T>(sql, params as InValue[], false);
  }

  /** Rows as arrays of values, for a compiled query the caller maps (db/prepared.ts `readAll`). */
  rows(sql: string, args: InValue[]): Promise<unknown[][]> {
    return this.#send<unknown[]>(sql, args, true);
  }

  /**
   * Several statements in one message to one Worker, run one after the other: one answer per
   * statement (arrays of values when `raw`). A list's page, count and relations cost one round
   * trip each instead of one per statement (each message wakes a thread and clones its rows).
   */
  batch(stmts: WireStatement[]): Promise<unknown[][]> {
    return this.#post<unknown[]>((id) => ({
      kind: "batch",
      id,
      path: this.path,
      cacheKiB: this.cacheKiB,
      stmts,
    }));
  }

  #send<T>(sql: string, args: InValue[], raw: boolean): Promise<T[]> {
    return this.#post<T>((id) => ({
      kind: "query",
      id,
      path: this.path,
      cacheKiB: this.cacheKiB,
      sql,
      args,
      ...(raw ? { raw } : {}),
    }));
  }

  #post<T>(message: (id: number) => ToReadWorker): Promise<T[]> {
    if (this.#closed) return Promise.reject(new Error("read pool closed"));
    const slot = this.#slots.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    const worker = slot.worker ??= this.#start(slot);
    const id = this.#next++;
    slot.inFlight++;
    return new Promise<T[]>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject, slot });
      worker.postMessage(message(id));
    });
  }

  #start(slot: Slot): Worker {
    const w = new Worker(new URL("./read_worker.ts", import.meta.url).href, { type: "module" });
    w.onmessage = (e: MessageEvent<FromReadWorker>) => {
      const m = e.data;
      const p = this.#pending.get(m.id);
      if (!p) return;
      this.#pending.delete(m.id);
      p.slot.inFlight--;
      if ("error" in m) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p.resolve(m.rows);
    };
    w.onerror = (e) => {
      e.preventDefault();
      console.error("[read pool] worker", e.message);
      // Its queries fail; the slot starts a new Worker on its next query.
      for (const [id, p] of this.#pending) {
        if (p.slot !== slot) continue;
        this.#pending.delete(id);
        p.reject(new Error(`read worker failed: ${e.message}`));
      }
      slot.inFlight = 0;
      slot.worker = null;
      w.terminate();
    };
    return w;
  }

  close(): void {
    this.#closed = true;
    for (const s of this.#slots) {
      s.worker?.postMessage({ kind: "stop" } satisfies ToReadWorker);
      s.worker = null;
    }
    for (const p of this.#pending.values()) p.reject(new Error("read pool closed"));
    this.#pending.clear();
  }
}
