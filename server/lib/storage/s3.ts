/**
 * Storage in any S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Tigris…), spoken with
 * aws4fetch's SigV4 signing over WebCrypto rather than @aws-sdk/client-s3: the SDK added ~0.4–0.6 s
 * to start-up and ~30–40 MB of RSS for the five calls used here; aws4fetch ~3 MB and milliseconds.
 *
 * `STORAGE_URL=s3://[KEY:SECRET@]bucket[/prefix]?endpoint=https://host&region=auto` — without
 * credentials in the URL, STORAGE_ACCESS_KEY_ID / STORAGE_SECRET_ACCESS_KEY (or AWS_*). With an
 * endpoint, requests are path-style (`endpoint/bucket/key`; `virtual_hosted=1` for `bucket.host`);
 * without, AWS's `bucket.s3.region.amazonaws.com`. The endpoint is the operator's configuration,
 * not a tenant's URL, so it does not go through the SSRF guard (a local MinIO is a fine target).
 *
 * Writes: a Blob (an upload, already in memory) goes up in one PUT; a stream is cut into 8 MiB parts,
 * one PUT when it ends within the first part, else a multipart upload (aborted on failure), so memory
 * stays at one part whatever the size. Payloads are sent UNSIGNED-PAYLOAD (the request itself is
 * signed; hashing a stream first would mean reading it twice).
 */
import { AwsClient } from "aws4fetch";
import { getMimeType } from "hono/utils/mime";
import { checkKey, checkPrefix, readAll } from "./keys.ts";
import { rangeHeader, resolveRange, trimStream } from "./range.ts";
import type { ListedObject, ObjectInfo, PutBody, Storage } from "./types.ts";

export type S3Options = {
  bucket: string;
  /** Key prefix inside the bucket ("" or "folder/"). */
  prefix: string;
  endpoint: string;
  region: string;
  pathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};

const PART = 8 * 1024 * 1024;
/** How long a call may take to answer its headers (a body then streams as long as it needs). */
const HEADERS_TIMEOUT_MS = 30_000;

export function parseStorageUrl(
  raw: string,
  creds: { accessKeyId?: string; secretAccessKey?: string } = {},
): S3Options {
  const u = new URL(raw);
  if (u.protocol !== "s3:") throw new Error(`STORAGE_URL: unsupported scheme ${u.protocol} (s3:// or file:)`);
  const bucket = u.hostname;
  if (!bucket) throw new Error("STORAGE_URL: no bucket (s3://bucket)");
  const region = u.searchParams.get("region") || Deno.env.get("AWS_REGION") || "us-east-1";
  const endpoint = u.searchParams.get("endpoint") || Deno.env.get("AWS_ENDPOINT_URL_S3") || "";
  const accessKeyId = decodeURIComponent(u.username) || creds.accessKeyId ||
    Deno.env.get("AWS_ACCESS_KEY_ID") || "";
  const secretAccessKey = decodeURIComponent(u.password) || creds.secretAccessKey ||
    Deno.env.get("AWS_SECRET_ACCESS_KEY") || "";
  if (!accessKeyId || !secretAccessKey) throw new Error("STORAGE_URL: no credentials for the bucket");
  const path = u.pathname.replace(/^\/+|\/+$/g, "");
  return {
    bucket,
    prefix: path ? `${path}/` : "",
    endpoint: (endpoint || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ""),
    region,
    pathStyle: !!endpoint && u.searchParams.get("virtual_hosted") !== "1",
    accessKeyId,
    secretAccessKey,
  };
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unxml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e) => XML_ENTITIES[e]);
const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];

/** Fills `buf` from the reader; returns how many bytes it holds and whether the stream ended. */
async function fill(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  carry: { rest: Uint8Array | null },
): Promise<{ chunk: Uint8Array; done: boolean }> {
  const buf = new Uint8Array(PART);
  let n = 0;
  if (carry.rest) {
    const take = Math.min(carry.rest.length, PART);
    buf.set(carry.rest.subarray(0, take));
    n = take;
    carry.rest = take < carry.rest.length ? carry.rest.subarray(take) : null;
  }
  while (n < PART) {
    const { value, done } = await reader.read();
    if (done) return { chunk: buf.subarray(0, n), done: true };
    const take = Math.min(value.length, PART - n);
    buf.set(value.subarray(0, take), n);
    n += take;
    if (take < value.length) carry.rest = value.subarray(take);
  }
  return { chunk: buf, done: false };
}

export function createS3Storage(o: S3Options): Storage {
  const aws = new AwsClient({
    accessKeyId: o.accessKeyId,
    secretAccessKey: o.secretAccessKey,
    service: "s3",
    region: o.region,
    retries: 2,
  });
  const base = o.pathStyle ? `${o.endpoint}/${enc(o.bucket)}` : o.endpoint.replace("://", `://${o.bucket}.`);
  const url = (key: string, query = "") =>
    `${base}/${(o.prefix + checkKey(key)).split("/").map(enc).join("/")}${query ? `?${query}` : ""}`;

  async function call(
    method: string,
    target: string,
    init: { body?: BodyInit; headers?: Record<string, string>; ok?: number[] } = {},
  ): Promise<Response> {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(new Error("storage: no answer in time")), HEADERS_TIMEOUT_MS);
    try {
      const res = await aws.fetch(target, {
        method,
        body: init.body,
        headers: { "x-amz-content-sha256": "UNSIGNED-PAYLOAD", ...init.headers },
        signal: ctl.signal,
      });
      if (!res.ok && !(init.ok ?? []).includes(res.status)) {
        const text = await res.text().catch(() => "");
        throw new Error(
          `storage: ${method} ${new URL(target).pathname} answered ${res.status} ${text.slice(0, 300)}`,
        );
      }
      return res;
    } finally {
      clearTimeout(timer);
    }
  }

  const infoOf = (res: Response, key: string): ObjectInfo => ({
    size: Number(res.headers.get("content-length") ?? 0),
    contentType: res.headers.get("content-type") || getMimeType(key) || "application/octet-stream",
  });

  async function multipart(
    key: string,
    type: string,
    first: Uint8Array,
    reader: ReadableStreamDefaultReader<Uint8Array>,
    carry: { rest: Uint8Array | null },
  ): Promise<number> {
    const created = await (await call("POST", url(key, "uploads="), { headers: { "content-type": type } }))
      .text();
    const uploadId = unxml(tag(created, "UploadId") ?? "");
    if (!uploadId) throw new Error("storage: the bucket gave no UploadId");
    const etags: string[] = [];
    let size = 0;
    try {
      let part: { chunk: Uint8Array; done: boolean } = { chunk: first, done: false };
      for (;;) {
        if (part.chunk.length > 0 || etags.length === 0) {
          const q = `partNumber=${etags.length + 1}&uploadId=${enc(uploadId)}`;
          const res = await call("PUT", url(key, q), { body: part.chunk as Uint8Array<ArrayBuffer> });
          await res.body?.cancel();
          etags.push(res.headers.get("etag") ?? "");
          size += part.chunk.length;
        }
        if (part.done) break;
        part = await fill(reader, carry);
      }
      const xml = `<CompleteMultipartUpload>${
        etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join("")
      }</CompleteMultipartUpload>`;
      const done = await (await call("POST", url(key, `uploadId=${enc(uploadId)}`), { body: xml })).text();
      if (done.includes("<Error>")) throw new Error(`storage: multipart upload failed ${done.slice(0, 300)}`);
      return size;
    } catch (err) {
      await call("DELETE", url(key, `uploadId=${enc(uploadId)}`), { ok: [404] })
        .then((r) => r.body?.cancel()).catch(() => undefined);
      throw err;
    }
  }

  async function* listFrom(prefix: string): AsyncIterable<ListedObject> {
    let token = "";
    for (;;) {
      const q = `list-type=2&prefix=${enc(o.prefix + prefix)}${
        token ? `&continuation-token=${enc(token)}` : ""
      }`;
      const xml = await (await call("GET", `${base}/?${q}`)).text();
      for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = unxml(tag(m[1], "Key") ?? "");
        if (key.startsWith(o.prefix)) {
          const modified = tag(m[1], "LastModified");
          yield {
            key: key.slice(o.prefix.length),
            size: Number(tag(m[1], "Size") ?? 0),
            modifiedAt: modified ? new Date(modified) : undefined,
          };
        }
      }
      token = tag(xml, "IsTruncated") === "true" ? unxml(tag(xml, "NextContinuationToken") ?? "") : "";
      if (!token) return;
    }
  }

  const storage: Storage = {
    kind: "s3",
    async put(key, body: PutBody, opts = {}) {
      const type = opts.contentType || getMimeType(key) || "application/octet-stream";
      if (!(body instanceof ReadableStream)) {
        const blob = body instanceof Blob
          ? body
          : new Blob([typeof body === "string" ? body : body as Uint8Array<ArrayBuffer>]);
        const res = await call("PUT", url(key), { body: blob, headers: { "content-type": type } });
        await res.body?.cancel();
        return { size: blob.size, contentType: type };
      }
      const reader = body.getReader();
      const carry = { rest: null as Uint8Array | null };
      try {
        const first = await fill(reader, carry);
        if (first.done) {
          const res = await call("PUT", url(key), {
            body: first.chunk as Uint8Array<ArrayBuffer>,
            headers: { "content-type": type },
          });
          await res.body?.cancel();
          return { size: first.chunk.length, contentType: type };
        }
        return { size: await multipart(key, type, first.chunk, reader, carry), contentType: type };
      } catch (err) {
        await reader.cancel().catch(() => undefined);
        throw err;
      } finally {
        reader.releaseLock();
      }
    },
    async putFile(key, path, opts = {}) {
      const file = await Deno.open(path, { read: true });
      const info = await storage.put(key, file.readable, opts);
      await Deno.remove(path);
      return info;
    },
    async get(key, opts = {}) {
      let range = opts.range;
      if (range && "suffix" in range && range.suffix > 0) {
        // The last n bytes are asked as an explicit range after a HEAD: not every S3-compatible
        // server reads `bytes=-n` as a suffix (s3rver serves bytes 0…n).
        const whole = await storage.stat(key);
        if (!whole) return null;
        range = { start: Math.max(0, whole.size - range.suffix) };
      }
      const headers: Record<string, string> = range ? { range: rangeHeader(range) } : {};
      // A reversed range or the last 0 bytes: unsatisfiable whatever the size (a bucket might serve it whole).
      const never = range && resolveRange(range, Infinity) === "unsatisfiable";
      const res = never
        ? new Response(null, { status: 416 })
        : await call("GET", url(key), { ok: [404, 416], headers });
      if (res.status === 416) {
        // Past the end (or a zero-byte file): the whole size comes from a HEAD, for `bytes */size`.
        await res.body?.cancel();
        const whole = await storage.stat(key);
        return whole ? { ...whole, range: "unsatisfiable", body: new Blob([]).stream() } : null;
      }
      if (res.status === 404 || !res.body) {
        await res.body?.cancel();
        return null;
      }
      const part = res.status === 206
        ? res.headers.get("content-range")?.match(/^bytes (\d+)-(\d+)\/(\d+)$/)
        : null;
      if (range && (part || res.status === 200)) {
        // What was asked, cut from what came (a server may answer more: s3rver reads `bytes=0-0` as all).
        const info = infoOf(res, key);
        const total = part ? Number(part[3]) : info.size;
        const [from, to] = part ? [Number(part[1]), Number(part[2])] : [0, total - 1];
        const want = resolveRange(range, total);
        if (want === "unsatisfiable") {
          await res.body.cancel();
          return { size: total, contentType: info.contentType, range: want, body: new Blob([]).stream() };
        }
        if (want.start >= from && want.end <= to) {
          const exact = want.start === from && want.end === to;
          return {
            size: total,
            contentType: info.contentType,
            range: want,
            body: exact ? res.body : trimStream(res.body, want.start - from, want.end - want.start + 1),
          };
        }
      }
      if (part) {
        await res.body.cancel();
        throw new Error(`storage: GET ${key} answered ${part[0]} for ${rangeHeader(range!)}`);
      }
      return { ...infoOf(res, key), body: res.body };
    },
    async bytes(key) {
      const got = await storage.get(key);
      return got ? await readAll(got.body) : null;
    },
    async stat(key) {
      const res = await call("HEAD", url(key), { ok: [404] });
      await res.body?.cancel();
      return res.status === 404 ? null : infoOf(res, key);
    },
    async delete(key) {
      const res = await call("DELETE", url(key), { ok: [404] });
      await res.body?.cancel();
    },
    list(prefix) {
      checkPrefix(prefix);
      return listFrom(prefix);
    },
    async deletePrefix(prefix) {
      if (!checkPrefix(prefix)) throw new Error("storage: refusing to delete the whole bucket");
      // One DELETE per object, eight at a time: DeleteObjects needs a Content-MD5 WebCrypto cannot make.
      let n = 0;
      let batch: Promise<void>[] = [];
      for await (const { key } of storage.list(prefix)) {
        batch.push(storage.delete(key));
        n++;
        if (batch.length === 8) {
          await Promise.all(batch);
          batch = [];
        }
      }
      await Promise.all(batch);
      return n;
    },
  };
  return storage;
}
