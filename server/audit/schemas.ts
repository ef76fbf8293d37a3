/** Query of the audit-log list and export. Dates are calendar days in the reader's time zone. */
import { z } from "zod";
import { DATE_LANGS } from "@contract/dates.ts";

const optId = z.preprocess(
  (v) => v === undefined || v === "" || v === "0" ? undefined : Number(v),
  z.number().int().positive().optional(),
);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD").optional().or(
  z.literal("").transform(() => undefined),
);
const word = z.string().trim().max(60).regex(/^[a-z_.]*$/i).optional().transform((v) => v || undefined);

export const auditQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Operator only; an admin's list is always his own company's. */
  companyId: optId,
  userId: optId,
  action: word,
  entity: word,
  dateFrom: day,
  dateTo: day,
  /** The export's date format (the UI language). */
  lang: z.enum(DATE_LANGS).default("pt"),
});
export type AuditQuery = z.infer<typeof auditQuery>;
