/**
 * The product's files as the features see them: company files under `media/company{id}/…` of the
 * storage (disk or bucket, server/lib/storage/), never an open folder: a file is reachable only
 * through a signed URL that expires (`/api/media/<path>?exp=&sig=`), which any instance of a fleet can
 * verify (the key derives from APP_SECRET) and answer by streaming the object from the storage.
 * Branding (logos, favicon) is public by nature and lives under `public/`, served at /public/<file>.
 * Paths handed out and kept in rows are relative to `media/` (`company3/messages/…`), as they always were.
 */
import { hmacSha256Hex, randomString, safeEqual } from "../lib/crypto.ts";
import { AppError } from "../lib/errors.ts";
import type { ByteRange, ObjectBody, ObjectInfo, Storage } from "../lib/storage/storage.ts";

export type StoredFile = { path: string; name: string; size: number; mimetype: string };
export type OpenFile = ObjectBody;

export type MediaStore = {
  /** Saves an upload for a company under `folder`; returns the relative path. */
  save(
    companyId: number,
    folder: string,
    file: File,
    opts?: { maxBytes?: number; accept?: RegExp },
  ): Promise<StoredFile>;
  savePublic(file: File, opts?: { maxBytes?: number; accept?: RegExp }): Promise<string>;
  /** A URL valid for `ttlSeconds` (default 6 h). */
  signedUrl(path: string, ttlSeconds?: number): Promise<string>;
  verify(path: string, exp: string, sig: string, now?: number): Promise<boolean>;
  /** A stored file's stream (or the bytes of `range`), size and type; null when it is gone. */
  open(path: string, range?: ByteRange | null): Promise<OpenFile | null>;
  openPublic(name: string, range?: ByteRange | null): Promise<OpenFile | null>;
  /** A stored file's bytes (what a provider upload needs); ERR_NOT_FOUND when it is gone. */
  read(path: string): Promise<Uint8Array<ArrayBuffer>>;
  stat(path: string): Promise<ObjectInfo | null>;
  remove(path: string): Promise<void>;
  /**
   * Removes the files of a row that went (after its transaction committed): only paths of that company,
   * so a value that points elsewhere removes nothing; empty values are skipped.
   */
  removeOwned(companyId: number, paths: readonly (string | null | undefined)[]): Promise<void>;
  /** Every file of a company (its purge); how many went. */
  removeCompany(companyId: number): Promise<number>;
  /** Bytes and files a company keeps (the operator's companies table). */
  usage(companyId: number): Promise<{ bytes: number; files: number }>;
};

const SAFE = /[^a-zA-Z0-9._-]+/g;

export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "file";
  return base.replace(/\s+/g, "_").replace(SAFE, "").replace(/^\.+/, "").slice(-120) || "file";
}

function check(file: File, opts: { maxBytes?: number; accept?: RegExp }) {
  if (opts.maxBytes && file.size > opts.maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
  if (opts.accept && !opts.accept.test(file.type || "")) {
    throw new AppError("ERR_UNSUPPORTED_MEDIA", { details: { mimetype: file.type } });
  }
}

/** A path from a row or a URL is one of ours only if it is relative and never climbs. */
const validPath = (path: string) =>
  path !== "" && !path.split("/").some((p) => p === "" || p.startsWith("."));

export async function createMediaStore(config: { appSecret: string }, storage: Storage): Promise<MediaStore> {
  const key = await hmacSha256Hex(config.appSecret, "media-url-key");
  const sign = (path: string, exp: number) => hmacSha256Hex(key, `${path}\n${exp}`);
  const mediaKey = (path: string) => {
    if (!validPath(path)) throw new AppError("ERR_NOT_FOUND", { details: { resource: "file" } });
    return `media/${path}`;
  };
  const uniqueName = (file: File) => `${Date.now()}_${randomString(6)}_${safeName(file.name)}`;
  const put = (k: string, file: File) => storage.put(k, file, { contentType: file.type || undefined });

  // A file that cannot be removed must not fail the change of its row: it is logged and left.
  const remove = async (path: string) => {
    try {
      await storage.delete(mediaKey(path));
    } catch (err) {
      console.error(`[media] could not remove ${path}:`, err);
    }
  };

  return {
    async save(companyId, folder, file, opts = {}) {
      check(file, opts);
      const rel = `company${companyId}/${folder.split("/").map(safeName).join("/")}/${uniqueName(file)}`;
      const stored = await put(mediaKey(rel), file);
      return { path: rel, name: file.name, size: stored.size, mimetype: file.type };
    },
    async savePublic(file, opts = {}) {
      check(file, opts);
      const name = uniqueName(file);
      await put(`public/${name}`, file);
      return name;
    },
    async signedUrl(path, ttlSeconds = 6 * 3600) {
      const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `/api/media/${path.split("/").map(encodeURIComponent).join("/")}?exp=${exp}&sig=${await sign(
        path,
        exp,
      )}`;
    },
    async verify(path, exp, sig, now = Date.now()) {
      const e = Number(exp);
      if (!Number.isFinite(e) || e * 1000 < now) return false;
      return safeEqual(await sign(path, e), sig);
    },
    open: (path, range) => storage.get(mediaKey(path), { range: range ?? undefined }),
    openPublic: (name, range) =>
      validPath(name) && !name.includes("/")
        ? storage.get(`public/${name}`, { range: range ?? undefined })
        : Promise.resolve(null),
    async read(path) {
      const bytes = await storage.bytes(mediaKey(path));
      if (!bytes) throw new AppError("ERR_NOT_FOUND", { details: { resource: "file" } });
      return bytes;
    },
    stat: (path) => storage.stat(mediaKey(path)),
    remove,
    async removeOwned(companyId, paths) {
      const own = paths.filter((p): p is string =>
        !!p && p.startsWith(`company${companyId}/`) && validPath(p)
      );
      for (let i = 0; i < own.length; i += 8) {
        await Promise.all(own.slice(i, i + 8).map(remove));
      }
    },
    removeCompany: (companyId) => storage.deletePrefix(`media/company${companyId}/`),
    async usage(companyId) {
      let bytes = 0, files = 0;
      for await (const o of storage.list(`media/company${companyId}/`)) {
        bytes += o.size;
        files++;
      }
      return { bytes, files };
    },
  };
}
