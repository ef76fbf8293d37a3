/** The messages between db/read_pool.ts and its Workers (db/read_worker.ts). */
import type { InValue } from "@libsql/client";

export type ToReadWorker =
  | {
    kind: "query";
    id: number;
    path: string;
    cacheKiB: number;
    sql: string;
    args: InValue[];
    /** Rows as arrays of values (the caller maps them), not objects named by column. */
    raw?: boolean;
  }
  | {
    /** Several statements run one after the other, answered in one message (one per statement). */
    kind: "batch";
    id: number;
    path: string;
    cacheKiB: number;
    stmts: WireStatement[];
  }
  | { kind: "stop" };

export type WireStatement = { sql: string; args: InValue[]; raw?: boolean };

export type FromReadWorker =
  | { id: number; rows: Record<string, unknown>[] | unknown[][] | unknown[][][] }
  | { id: number; error: { message: string; code?: string } };
