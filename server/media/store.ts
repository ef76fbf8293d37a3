/**
 * Files under DATA_DIR/media/company{id}/…, never an open folder: a file is reachable only
 * through a signed URL that expires (`/api/media/<path>?exp=&sig=`). Branding (logos, favicon)
 * is public by nature and lives in DATA_DIR/public, served at /public/<file>.
 */
import { hmacSha256Hex, randomString, safeEqual } from "../lib/crypto.ts";
import { AppError } from "../lib/errors.ts";

export type StoredFile = { path: string; name: string; size: number; mimetype: string };

export type MediaStore = {
  root: string;
  publicRoot: string;
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
  absolute(path: string): string;
  remove(path: string): Promise<void>;
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

export async function createMediaStore(config: { dataDir: string; appSecret: string }): Promise<MediaStore> {
  const root = `${config.dataDir}/media`;
  const publicRoot = `${config.dataDir}/public`;
  const key = await hmacSha256Hex(config.appSecret, "media-url-key");
  const sign = (path: string, exp: number) => hmacSha256Hex(key, `${path}\n${exp}`);

  async function write(dir: string, file: File): Promise<string> {
    await Deno.mkdir(dir, { recursive: true });
    const name = `${Date.now()}_${randomString(6)}_${safeName(file.name)}`;
    await Deno.writeFile(`${dir}/${name}`, file.stream());
    return name;
  }

  return {
    root,
    publicRoot,
    async save(companyId, folder, file, opts = {}) {
      check(file, opts);
      const rel = `company${companyId}/${folder.split("/").map(safeName).join("/")}`;
      const name = await write(`${root}/${rel}`, file);
      return { path: `${rel}/${name}`, name: file.name, size: file.size, mimetype: file.type };
    },
    async savePublic(file, opts = {}) {
      check(file, opts);
      return await write(publicRoot, file);
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
    absolute: (path) => `${root}/${path}`,
    async remove(path) {
      await Deno.remove(`${root}/${path}`).catch(() => undefined);
    },
  };
}
