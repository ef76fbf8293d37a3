/** zod validation for every input; failures become ERR_VALIDATION with the issues as details. */
import { zValidator } from "@hono/zod-validator";
import type { Context, Next, ValidationTargets } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { AppError } from "./errors.ts";
import { formFields, type JsonOptions, readForm, readJson } from "./body.ts";

type Issue = { path: PropertyKey[]; message: string; code: string; minimum?: unknown; maximum?: unknown };
/** Each issue keeps its code and bound, so that the web app can say it in the user's language. */
const issuesOf = (error: { issues: readonly Issue[] }) =>
  error.issues.map((i) => ({
    path: i.path.map(String).join("."),
    message: i.message,
    code: i.code,
    ...(typeof i.minimum === "number" ? { minimum: i.minimum } : {}),
    ...(typeof i.maximum === "number" ? { maximum: i.maximum } : {}),
  }));

/**
 * Bodies ("json", "form") are read by lib/body.ts — size and nesting depth bounded before the
 * schema (recursive ones included) ever sees them, malformed bodies answered 400 — and then
 * validated here; queries and params go through @hono/zod-validator.
 */
export const validate = <T extends z.ZodType, K extends keyof ValidationTargets>(
  target: K,
  schema: T,
  opts: JsonOptions = {},
) => {
  const mw = zValidator(target, schema, (result) => {
    if (!result.success) throw new AppError("ERR_VALIDATION", { details: issuesOf(result.error) });
  });
  if (target === "json" || target === "form") {
    // Read and validated in a call of its own: this frame waits for the handler holding nothing
    // of the body but what the context keeps (the parsed input, a long text with it).
    const read = async (c: Context) => {
      const value = target === "json" ? await readJson(c, opts) : formFields(await readForm(c, opts));
      const result = await schema.safeParseAsync(value);
      if (!result.success) throw new AppError("ERR_VALIDATION", { details: issuesOf(result.error) });
      c.req.addValidatedData(target, result.data as object);
    };
    const body = async (c: Context, next: Next) => {
      await read(c);
      await next();
    };
    return body as unknown as typeof mw;
  }
  // Hono's validator throws a bare HTTPException(400) for input it cannot read; only failures
  // before the handler runs are translated, never errors of the handler itself.
  const wrapped = async (...[c, next]: Parameters<typeof mw>) => {
    let parsed = false;
    try {
      return await mw(c, () => {
        parsed = true;
        return next();
      });
    } catch (err) {
      if (!parsed && err instanceof HTTPException && err.status === 400) {
        throw new AppError("ERR_VALIDATION", { message: err.message, cause: err });
      }
      throw err;
    }
  };
  return wrapped as typeof mw;
};

/** A numeric path id; anything else is a validation error. */
export function idParam(raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "id", message: "must be a positive integer" }],
    });
  }
  return n;
}

export { formFile } from "./body.ts";
