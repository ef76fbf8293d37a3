/** zod validation for every input; failures become ERR_VALIDATION with the issues as details. */
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError } from "./errors.ts";

export const validate = <T extends z.ZodType, K extends keyof ValidationTargets>(target: K, schema: T) =>
  zValidator(target, schema, (result) => {
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
