/** Messages between the main thread and the ingest Worker, and errors made to cross it. */
import { AppError, errorStatus } from "../lib/errors.ts";
import type { Stored, StoreJob } from "./store.ts";

/** One message to store, with the id its answer comes back under. */
export type Item = { id: number; job: StoreJob };

export type ToWorker =
  | { kind: "start"; url: string; autocheckpoint: boolean; lock: SharedArrayBuffer }
  | { kind: "jobs"; items: Item[] }
  | { kind: "autocheckpoint" }
  | { kind: "stop" };

export type WireError = {
  app: boolean;
  name: string;
  message: string;
  code?: string;
  details?: unknown;
  /** The error's cause (Drizzle wraps SQLite's error), so checks such as isUniqueViolation still see it. */
  cause?: WireError;
};

export type FromWorker =
  | { kind: "ready" }
  | { kind: "failed"; error: WireError }
  | {
    kind: "done";
    ids: number[];
    results: ({ ok: true; value: Stored } | { ok: false; error: WireError })[];
  }
  | { kind: "done"; ids: number[]; error: WireError; results?: undefined };

/** Structured clone keeps an Error's message but not its code, details or cause; these do. */
export function toWire(err: unknown, depth = 0): WireError {
  const e = err as { name?: string; message?: string; code?: unknown; details?: unknown; cause?: unknown };
  return {
    app: err instanceof AppError,
    name: String(e?.name ?? "Error"),
    message: String(e?.message ?? err),
    code: typeof e?.code === "string" ? e.code : undefined,
    details: err instanceof AppError ? structuredCloneOrUndefined(e.details) : undefined,
    cause: e?.cause !== undefined && depth < 4 ? toWire(e.cause, depth + 1) : undefined,
  };
}

/** An AppError again when it was one; otherwise an Error that keeps the name, message and code. */
export function fromWire(w: WireError): Error {
  const cause = w.cause ? fromWire(w.cause) : undefined;
  if (w.app && w.code && w.code in errorStatus) {
    return new AppError(w.code as keyof typeof errorStatus, {
      message: w.message,
      details: w.details,
      cause,
    });
  }
  return Object.assign(new Error(w.message, { cause }), { name: w.name, code: w.code });
}

function structuredCloneOrUndefined(v: unknown): unknown {
  try {
    return structuredClone(v);
  } catch {
    return undefined;
  }
}
