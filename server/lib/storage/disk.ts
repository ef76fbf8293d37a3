/**
 * The default storage: files under DATA_DIR, laid out as they always were (`media/company{id}/…`,
 * `public/…`, `certs/…`). A write goes to a temporary name beside its target and is renamed into place,
 * so a reader (or the migration tool) never sees half a file. The type is the extension's, as the
 * media route always served it.
 */
import { getMimeType } from "hono/utils/mime";
import { checkKey, checkPrefix, readAll } from "./keys.ts";
import { resolveRange } from "./range.ts";
import type { ListedObject, ObjectInfo, PutBody, Storage } from "./types.ts";

const typeOf = (key: string) => getMimeType(key) ?? "application/octet-stream";

function toStream(body: PutBody): ReadableStream<Uint8Array> {
  if (body instanceof ReadableStream) return body;
  if (body instanceof Blob) return body.stream();
  return new Blob([typeof body === "string" ? body : body as Uint8Array<ArrayBuffer>]).stream();
}

/**
 * Copies a large file (a database backup) without flooding the page cache with dirty pages: the
 * kernel throttles every writer of the disk once too many are dirty, and the database's own WAL
 * appends would wait with them. Each 8 MiB written is flushed (`fdatasync`) before the next, so
 * at most that much is dirty at a time; temporary name and rename, as `put`.
 */
async function pacedCopy(from: string, to: string): Promise<void> {
  const CHUNK = 1024 * 1024;
  const FLUSH_EVERY = 8;
  const tmp = `${to.slice(0, to.lastIndexOf("/"))}/.${
    to.slice(to.lastIndexOf("/") + 1)
  }.tmp-${crypto.randomUUID()}`;
  const src = await Deno.open(from, { read: true });
  const dst = await Deno.open(tmp, { write: true, create: true, truncate: true, mode: 0o600 });
  try {
    const buf = new Uint8Array(CHUNK);
    for (let i = 1;; i++) {
      const n = await src.read(buf);
      if (n === null) break;
      let off = 0;
      while (off < n) off += await dst.write(buf.subarray(off, n));
      if (i % FLUSH_EVERY === 0) await dst.syncData();
    }
    await dst.syncData();
    dst.close();
    src.close();
    await Deno.rename(tmp, to);
  } catch (err) {
    for (const f of [dst, src]) {
      try {
        f.close();
      } catch { /* closed */ }
    }
    await Deno.remove(tmp).catch(() => undefined);
    throw err;
  }
}

/** `length` bytes of an open file from where it stands, read as asked; the file is closed at the end. */
function slice(file: Deno.FsFile, length: number): ReadableStream<Uint8Array> {
  let left = length;
  const done = () => {
    try {
      file.close();
    } catch { /* closed */ }
  };
  return new ReadableStream({
    async pull(ctl) {
      if (left <= 0) {
        done();
        return ctl.close();
      }
      const buf = new Uint8Array(Math.min(64 * 1024, left));
      const n = await file.read(buf);
      if (n === null) {
        done();
        return ctl.close();
      }
      left -= n;
      ctl.enqueue(buf.subarray(0, n));
    },
    cancel: done,
  });
}

export function createDiskStorage(root: string): Storage {
  const abs = (key: string) => `${root}/${checkKey(key)}`;

  async function info(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await Deno.stat(abs(key));
      return s.isFile ? { size: s.size, contentType: typeOf(key) } : null;
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return null;
      throw err;
    }
  }

  async function* walk(dir: string, rel: string): AsyncIterable<ListedObject> {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch (err) {
      if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.NotADirectory) return;
      throw err;
    }
    for (const e of entries) {
      if (e.name.startsWith(".")) continue; // a write in progress (".name.tmp-…")
      if (e.isDirectory) yield* walk(`${dir}/${e.name}`, `${rel}${e.name}/`);
      else if (e.isFile) {
        const s = await Deno.stat(`${dir}/${e.name}`).catch(() => null);
        if (s) yield { key: `${rel}${e.name}`, size: s.size, modifiedAt: s.mtime ?? undefined };
      }
    }
  }

  return {
    kind: "disk",
    async put(key, body, opts = {}) {
      const path = abs(key);
      const slash = path.lastIndexOf("/");
      const dir = path.slice(0, slash);
      await Deno.mkdir(dir, { recursive: true });
      const tmp = `${dir}/.${path.slice(slash + 1)}.tmp-${crypto.randomUUID()}`;
      try {
        await Deno.writeFile(tmp, toStream(body), { mode: 0o600 });
        await Deno.rename(tmp, path);
      } catch (err) {
        await Deno.remove(tmp).catch(() => undefined);
        throw err;
      }
      const s = await Deno.stat(path);
      return { size: s.size, contentType: opts.contentType || typeOf(key) };
    },
    async putFile(key, path, opts = {}) {
      const target = abs(key);
      await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
      try {
        await Deno.rename(path, target);
      } catch (err) {
        // Another file system (a scratch folder in memory): copied, then the source goes.
        if (!(err instanceof Error && /cross-device|EXDEV/i.test(err.message))) throw err;
        await pacedCopy(path, target);
        await Deno.remove(path);
      }
      const s = await Deno.stat(target);
      return { size: s.size, contentType: opts.contentType || typeOf(key) };
    },
    async get(key, opts = {}) {
      const found = await info(key);
      if (!found) return null;
      const range = opts.range ? resolveRange(opts.range, found.size) : undefined;
      if (range === "unsatisfiable") return { ...found, range, body: new Blob([]).stream() };
      const file = await Deno.open(abs(key), { read: true }).catch((err) => {
        if (err instanceof Deno.errors.NotFound) return null;
        throw err;
      });
      if (!file) return null;
      if (!range) return { ...found, body: file.readable };
      await file.seek(range.start, Deno.SeekMode.Start);
      return { ...found, range, body: slice(file, range.end - range.start + 1) };
    },
    async bytes(key) {
      const got = await this.get(key);
      return got ? await readAll(got.body) : null;
    },
    stat: info,
    async delete(key) {
      await Deno.remove(abs(key)).catch((err) => {
        if (!(err instanceof Deno.errors.NotFound)) throw err;
      });
    },
    list(prefix) {
      checkPrefix(prefix);
      return walk(prefix ? `${root}/${prefix.slice(0, -1)}` : root, prefix);
    },
    async deletePrefix(prefix) {
      if (!checkPrefix(prefix)) throw new Error("storage: refusing to delete the whole root");
      let n = 0;
      for await (const _ of walk(`${root}/${prefix.slice(0, -1)}`, prefix)) n++;
      await Deno.remove(`${root}/${prefix.slice(0, -1)}`, { recursive: true }).catch((err) => {
        if (!(err instanceof Deno.errors.NotFound)) throw err;
      });
      return n;
    },
  };
}
