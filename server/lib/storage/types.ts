/** The storage interface (storage.ts says why there is one); its two backends implement it. */
import type { ByteRange, ResolvedRange } from "./range.ts";

export type ObjectInfo = { size: number; contentType: string };
/**
 * A file being read: `size` is the whole file's; with a range asked, `range` says which bytes the body
 * holds, or "unsatisfiable" (then the body is empty).
 */
export type ObjectBody = ObjectInfo & { body: ReadableStream<Uint8Array>; range?: ResolvedRange };

/** A listed file; `modifiedAt` when the backend knows it (disk mtime, the bucket's LastModified). */
export type ListedObject = { key: string; size: number; modifiedAt?: Date };

export type PutBody = ReadableStream<Uint8Array> | Blob | Uint8Array | string;

export type Storage = {
  /** "disk" or "s3": for logs, the operator's tools and the tests only; callers never branch on it. */
  readonly kind: "disk" | "s3";
  /**
   * Writes a file whole or not at all (a reader never sees half of it). `contentType` is kept with the
   * object; without it the type comes from the key's extension.
   */
  put(key: string, body: PutBody, opts?: { contentType?: string }): Promise<ObjectInfo>;
  /** A file's body as a stream (or the bytes of `range`), with its size and type; null when there is none. */
  get(key: string, opts?: { range?: ByteRange }): Promise<ObjectBody | null>;
  /** A small file's bytes (attachments handed to a provider, a certificate); null when there is none. */
  bytes(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /**
   * Moves a finished local file in under `key` (a database backup written by SQLite, which needs a
   * path): on disk a rename when it can, in a bucket a streamed upload; the local file is gone after.
   */
  putFile(key: string, path: string, opts?: { contentType?: string }): Promise<ObjectInfo>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder: ends with "/"), in no promised order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Removes every file under the folder `prefix`; returns how many went. */
  deletePrefix(prefix: string): Promise<number>;
};
