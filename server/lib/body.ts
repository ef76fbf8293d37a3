/**
 * Request bodies are read here and only here, so every route answers a body it cannot read with
 * 400 ERR_VALIDATION (or 413), never 500, whatever its content type:
 *  - JSON: size-capped, its nesting depth measured by a linear scan BEFORE `JSON.parse` and long
 *    before any recursive validation (zod recursing over a 1,200-level tree overflows the stack);
 *  - multipart / urlencoded: a body the platform cannot parse is the client's error;
 *  - text and bytes: size-capped.
 * `validate("json" | "form", …)` (lib/validate.ts) reads through these helpers; routes that take
 * bodies without a schema call them directly. Reading goes through Hono's body cache, so a second
 * read of the same request (another helper, `c.req.*`) still works.
 */
import type { Context } from "hono";
import { AppError } from "./errors.ts";

/** Deeper than any body we accept: a queue with a 20-level chatbot tree is about 42 levels deep. */
export const MAX_JSON_DEPTH = 64;
/** Default cap for JSON and text bodies; routes that carry base64 files pass their own. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

const invalid = (message: string, cause?: unknown) => new AppError("ERR_VALIDATION", { message, cause });

const mediaType = (c: Context) => (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();

export const isJsonType = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type);
const isFormType = (type: string) =>
  type === "multipart/form-data" || type === "application/x-www-form-urlencoded";

function tooLarge(c: Context, maxBytes: number) {
  const declared = Number(c.req.header("content-length") ?? 0);
  if (declared > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { details: { maxBytes } });
}

/** The raw bytes, at most `maxBytes` (content-length first, then the real size). */
export async function readBytes(c: Context, maxBytes = MAX_JSON_BYTES): Promise<Uint8Array> {
  tooLarge(c, maxBytes);
  const buf = await c.req.arrayBuffer().catch((err) => {
    throw invalid("unreadable body", err);
  });
  if (buf.byteLength > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { details: { maxBytes } });
  return new Uint8Array(buf);
}

/** The body as UTF-8 text, at most `maxBytes`. */
export async function readText(c: Context, maxBytes = MAX_JSON_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBytes(c, maxBytes));
}

/**
 * The deepest nesting of arrays and objects in a JSON text, without parsing it (brackets inside
 * strings do not count). Stops counting past `limit`.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0, max = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return max;
}

/** How many `{` and `[` the text holds, counting stops past `limit` (native indexOf: cheap). */
function openers(text: string, limit: number): number {
  let n = 0;
  for (const ch of ["{", "["]) {
    for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) if (++n > limit) return n;
  }
  return n;
}

/** Parses a JSON text after bounding its depth; malformed or too deep → ERR_VALIDATION. */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  // Fewer brackets than the bound cannot nest past it: most bodies skip the full scan.
  if (openers(text, maxDepth) > maxDepth && jsonDepth(text, maxDepth) > maxDepth) {
    throw new AppError("ERR_VALIDATION", {
      message: `JSON nested deeper than ${maxDepth} levels`,
      details: [{ path: "", message: `at most ${maxDepth} levels of nesting`, code: "too_deep" }],
    });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalid("malformed JSON", err);
  }
}

export type JsonOptions = {
  /** A number, or computed per request (e.g. from the platform's download limit). */
  maxBytes?: number | ((c: Context) => number | Promise<number>);
  maxDepth?: number;
};

/**
 * A JSON body. An empty body reads as `{}` (clients send bodiless PUTs); a non-empty body of a
 * form or other non-JSON type is refused (a missing or text/plain type is read as JSON, as
 * integrators' curl calls send it).
 */
export async function readJson(c: Context, o: JsonOptions = {}): Promise<unknown> {
  const type = mediaType(c);
  const maxBytes = typeof o.maxBytes === "function" ? await o.maxBytes(c) : o.maxBytes;
  const text = await readText(c, maxBytes);
  if (!text.trim()) return {};
  if (type && !isJsonType(type) && type !== "text/plain") {
    throw invalid(`JSON body expected, got ${type.slice(0, 80)}`);
  }
  return parseJson(text, o.maxDepth);
}

/**
 * A multipart or urlencoded body; anything unparseable → ERR_VALIDATION. With `maxBytes`, capped as
 * the JSON reader is: the declared content-length first, then the real size of what was read.
 */
export async function readForm(c: Context, o: Pick<JsonOptions, "maxBytes"> = {}): Promise<FormData> {
  const type = mediaType(c);
  if (!isFormType(type)) throw invalid("multipart/form-data or urlencoded body expected");
  const maxBytes = typeof o.maxBytes === "function" ? await o.maxBytes(c) : o.maxBytes;
  if (maxBytes) tooLarge(c, maxBytes);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch (err) {
    throw invalid(`malformed ${type} body`, err);
  }
  if (maxBytes && formSize(form) > maxBytes) {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", { details: { maxBytes } });
  }
  return form;
}

/** The bytes a form's fields and files hold (its envelope aside). */
function formSize(form: FormData): number {
  let n = 0;
  form.forEach((value, key) => {
    n += key.length + (typeof value === "string" ? new TextEncoder().encode(value).length : value.size);
  });
  return n;
}

/** Whether the body is a form (multipart or urlencoded), for routes that take both forms and JSON. */
export const isFormBody = (c: Context) => isFormType(mediaType(c));

/** One uploaded file of a multipart body. */
export async function formFile(c: Context, field: string): Promise<File> {
  const form = await readForm(c).catch(() => {
    throw new AppError("ERR_VALIDATION", { details: [{ path: field, message: "multipart body expected" }] });
  });
  const f = form.get(field);
  if (!(f instanceof File)) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: field, message: "file required" }] });
  }
  return f;
}

/** A form's fields as an object (`key[]` and repeated keys become arrays), for zod. */
export function formFields(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  form.forEach((value, rawKey) => {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    if (rawKey.endsWith("[]") || prev !== undefined) {
      out[key] = [...(Array.isArray(prev) ? prev : prev === undefined ? [] : [prev]), value];
    } else out[key] = value;
  });
  return out;
}
