/**
 * Building blocks of the answer schemas: the zod shapes of what routes send back. Each feature
 * writes its answers in its own schemas.ts with these, next to the request schemas, so that the
 * OpenAPI document (server/api_docs) describes requests and answers from one source; the contract
 * test validates real answers against them, so an answer that changes without its schema fails.
 */
import { z } from "zod";

/** A row id or any other whole number. */
export const int = z.number().int();
/** ISO-8601 text, as every timestamp crosses the wire. */
export const timestamp = z.string().describe("ISO-8601 date-time");
export const nullableText = z.string().nullable();
export const nullableInt = z.number().int().nullable();
export const nullableTimestamp = timestamp.nullable();

/** `{<key>: T[], count, hasMore}`: the answer of the paged list endpoints. */
export const paged = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object(
    { [key]: z.array(item), count: int, hasMore: z.boolean() } as { [P in K]: z.ZodArray<T> } & {
      count: typeof int;
      hasMore: z.ZodBoolean;
    },
  );

/** The error answer of every route (DESIGN §3). */
export const errorAnswer = z.object({
  error: z.string().describe("Error code, e.g. ERR_VALIDATION."),
  message: z.string().optional(),
  details: z.unknown().optional(),
});
