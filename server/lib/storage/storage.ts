/**
 * Where the product keeps its files (media, uploads, branding, certificates, database backups and
 * export zips): one small interface with two backends, so nothing above it knows whether a file is on
 * this machine's disk (the default, one instance) or in an S3-compatible bucket that every instance
 * of a fleet shares (`STORAGE_URL=s3://…`). Keys are "/"-separated paths such as
 * `media/company3/messages/…`; on disk they are paths under DATA_DIR, so the layout of a single
 * instance is the one it always had. Bodies stream both ways; no backend holds a whole file.
 */
import { createDiskStorage } from "./disk.ts";
import { createS3Storage, parseStorageUrl } from "./s3.ts";
import type { Storage } from "./types.ts";

export type { ObjectBody, ObjectInfo, PutBody, Storage } from "./types.ts";
export type { ByteRange, ResolvedRange } from "./range.ts";

/** `STORAGE_URL` absent or `file:` → DATA_DIR on this disk; `s3://…` → a bucket (see s3.ts). */
export function createStorage(config: {
  dataDir: string;
  storageUrl?: string;
  storageAccessKeyId?: string;
  storageSecretAccessKey?: string;
}): Storage {
  const url = config.storageUrl?.trim();
  if (!url || url.startsWith("file:")) return createDiskStorage(config.dataDir);
  return createS3Storage(
    parseStorageUrl(url, {
      accessKeyId: config.storageAccessKeyId,
      secretAccessKey: config.storageSecretAccessKey,
    }),
  );
}
