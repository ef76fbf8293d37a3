/** What both storage backends check and share: the shape of a key, reading a stream whole. */
const BAD_SEGMENT = /^\.{0,2}$|[\\\0]/;

/** Keys are relative, "/"-separated, without empty, "." or ".." segments: no way out of the root. */
export function checkKey(key: string): string {
  if (key.startsWith("/") || key.split("/").some((s) => BAD_SEGMENT.test(s))) {
    throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
  }
  return key;
}

export function checkPrefix(prefix: string): string {
  if (prefix === "") return prefix;
  if (!prefix.endsWith("/")) throw new Error(`storage: a prefix is a folder ending in "/": ${prefix}`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/** Reads a stream to its end into one array (for `bytes()`: small files only). */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
