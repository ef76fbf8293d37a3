/**
 * Byte ranges of a stored file (HTTP Range, so audio and video can seek): the one parser of a
 * `Range` header and the one rule that turns a requested range into bytes of a file of known
 * size, shared by both storage backends and the media route.
 */

/** What was asked: `bytes=a-b`, `bytes=a-` (to the end) or `bytes=-n` (the last n bytes). */
export type ByteRange = { start: number; end?: number } | { suffix: number };
/** The bytes served, both ends included; "unsatisfiable" answers 416. */
export type ResolvedRange = { start: number; end: number } | "unsatisfiable";

/**
 * A single `bytes=` range, or null when the header is absent, of another unit, malformed or asks
 * for several ranges (then the whole file is served, as HTTP allows). A reversed range is kept
 * (it resolves to "unsatisfiable").
 */
export function parseRange(header: string | null | undefined): ByteRange | null {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (!m[1] && !m[2])) return null;
  if (m[1].length > 15 || m[2].length > 15) return null;
  if (!m[1]) return { suffix: Number(m[2]) };
  return m[2] ? { start: Number(m[1]), end: Number(m[2]) } : { start: Number(m[1]) };
}

export function resolveRange(r: ByteRange, size: number): ResolvedRange {
  if ("suffix" in r) {
    if (r.suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - r.suffix), end: size - 1 };
  }
  if (r.start >= size || (r.end !== undefined && r.end < r.start)) return "unsatisfiable";
  return { start: r.start, end: Math.min(r.end ?? size - 1, size - 1) };
}

/** The `Range` header a bucket is sent for it. */
export function rangeHeader(r: ByteRange): string {
  return "suffix" in r ? `bytes=-${r.suffix}` : `bytes=${r.start}-${r.end ?? ""}`;
}

/**
 * The bytes `skip` … `skip + take - 1` of a stream (a bucket that answered more than was asked);
 * the rest of the source is cancelled.
 */
export function trimStream(
  src: ReadableStream<Uint8Array>,
  skip: number,
  take: number,
): ReadableStream<Uint8Array> {
  const reader = src.getReader();
  return new ReadableStream({
    async pull(ctl) {
      for (;;) {
        if (take <= 0) {
          await reader.cancel().catch(() => undefined);
          return ctl.close();
        }
        const { value, done } = await reader.read();
        if (done) return ctl.close();
        let chunk = value;
        if (skip > 0) {
          const drop = Math.min(skip, chunk.length);
          skip -= drop;
          chunk = chunk.subarray(drop);
        }
        if (!chunk.length) continue;
        if (chunk.length > take) chunk = chunk.subarray(0, take);
        take -= chunk.length;
        return ctl.enqueue(chunk);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
