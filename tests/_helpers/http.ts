/**
 * The assertions every API test reads responses with, in the house order (status, then error
 * code, then body), and the small bodies tests send: a one-file multipart form and a valid PNG.
 */
import assert from "node:assert/strict";

export type Json = Record<string, unknown>;

/** Asserts the status, that the answer is JSON, then the error code; returns the body. */
export async function expectError(res: Response, status: number, code: string): Promise<Json> {
  const text = await res.text();
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status}: ${text}`);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const b = JSON.parse(text) as Json;
  assert.equal(b.error, code, `expected ${code}, got ${text}`);
  return b;
}

/** Asserts a success status and returns the parsed JSON body (null when there is none). */
export async function expectOk<T = Json>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The raw bytes of a response (a served file). */
export const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/** A valid 1×1 PNG. */
export const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (ch) => ch.charCodeAt(0),
);

/** A multipart body with one file field (plus optional text fields). */
export function multipart(
  field: string,
  bytes: Uint8Array | string,
  name: string,
  type: string,
  extra: Record<string, string> = {},
): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  fd.append(field, new File([bytes as BlobPart], name, { type }));
  return fd;
}
