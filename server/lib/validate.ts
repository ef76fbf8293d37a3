/** zod validation for every input; failures become ERR_VALIDATION with the issues as details. */
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { AppError } from "./errors.ts";

export const validate = <T extends z.ZodType, K extends keyof ValidationTargets>(target: K, schema: T) => {
  const mw = zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError("ERR_VALIDATION", {
        details: result.error.issues.map((i) => ({
          path: i.path.join("."),
          message: i.message,
          code: i.code,
        })),
      });
    }
  });
  // Hono's validator throws a bare HTTPException(400) when the body cannot be parsed at all
  // (malformed JSON or form data); without this it reached onError as an unknown error (500).
  // Only failures before the handler runs are translated, never errors of the handler itself.
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

/** Reads one uploaded file from a multipart body. */
export async function formFile(req: { formData(): Promise<FormData> }, field: string): Promise<File> {
  const form = await req.formData().catch(() => {
    throw new AppError("ERR_VALIDATION", { details: [{ path: field, message: "multipart body expected" }] });
  });
  const f = form.get(field);
  if (!(f instanceof File)) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: field, message: "file required" }] });
  }
  return f;
}
