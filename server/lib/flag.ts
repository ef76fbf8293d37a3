/**
 * A boolean as the spec's client sends it: true/false, 0/1 or "true"/"false"/"1"/"0"
 * (POST /messages/{ticketId} sends `read: 1`). Parses to a boolean.
 */
import { z } from "zod";

export const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === 1 || v === "true" || v === "1");
