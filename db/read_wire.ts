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
  | { kind: "stop" };

export type FromReadWorker =
  | { id: number; rows: Record<string, unknown>[] | unknown[][] }
  | { id: number; error: { message: string; code?: string } };
