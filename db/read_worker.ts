/**
 * A read Worker of db/read_pool.ts: its own read connection to the database file (WAL: it sees the
 * last commit and never waits for the writer), so a long aggregate or a page of an export runs on
 * the other core while the main thread serves HTTP, sockets and the write path. It only reads:
 * `PRAGMA query_only` refuses anything else.
 */
/// <reference lib="deno.worker" />
import { Connection } from "./connection.ts";
import type { FromReadWorker, ToReadWorker, WireStatement } from "./read_wire.ts";

let conn: Connection | undefined;

self.onmessage = (e: MessageEvent<ToReadWorker>) => {
  const m = e.data;
  if (m.kind === "stop") {
    conn?.close();
    self.close();
    return;
  }
  try {
    conn ??= open(m.path, m.cacheKiB);
    const c = conn;
    if (m.kind === "batch") return post({ id: m.id, rows: m.stmts.map((st) => run(c, st)) as unknown[][][] });
    post({ id: m.id, rows: run(c, m) as unknown[][] });
  } catch (err) {
    const e = err as Error & { code?: string };
    post({ id: m.id, error: { message: e.message, code: e.code } });
  }
};

/** One statement's rows: arrays of values when `raw`, else objects named by column. */
function run(c: Connection, st: WireStatement): unknown[] {
  const rs = c.execute({ sql: st.sql, args: st.args });
  if (st.raw) return rs.rows.map((r) => Array.from(r as ArrayLike<unknown>));
  const cols = rs.columns;
  return rs.rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < cols.length; i++) o[cols[i]] ??= r[i];
    return o;
  });
}

function open(path: string, cacheKiB: number): Connection {
  const c = new Connection(path, 10_000, cacheKiB);
  c.exec("PRAGMA query_only=1");
  return c;
}

const post = (m: FromReadWorker) => self.postMessage(m);
