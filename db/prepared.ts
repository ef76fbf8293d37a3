/**
 * Drizzle queries built once and run many times (bench/README.md D1: building a query costs
 * ~100 µs of Drizzle per call, more than SQLite takes to run most of ours). `prepared(db, key,
 * build)` builds the query with `sql.placeholder`s the first time a session asks for `key` and
 * keeps it: for the process-wide `db` for the life of the process, for a transaction until the
 * transaction object is dropped (a batch of the inbound pipeline reuses it for every message;
 * its savepoints share the session). Only scalar placeholders: IN lists are not preparable.
 * Values that Drizzle computes while building (`$defaultFn`) are frozen at build time, so
 * prepared inserts must pass every such column as a placeholder.
 */
import type { Db, Tx } from "./client.ts";

const bySession = new WeakMap<object, Map<string, unknown>>();

export function prepared<Q>(db: Db | Tx, key: string, build: (db: Db | Tx) => Q): Q {
  // Nested transactions (savepoints) carry their parent's session: one cache per connection use.
  const session = (db as unknown as { session: object }).session;
  let m = bySession.get(session);
  if (!m) bySession.set(session, m = new Map());
  let q = m.get(key) as Q | undefined;
  if (!q) m.set(key, q = build(db));
  return q;
}
