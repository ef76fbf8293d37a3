/**
 * A company's data over time on the wire: full exports (the admin's and the operator's screens)
 * and retention rules with what they removed (the back office). Plain TypeScript; the server
 * validates bodies with zod in server/retention/schemas.ts.
 */
export type CompanyExportStatus = "pending" | "running" | "done" | "failed" | "expired";

export type CompanyExportDTO = {
  id: number;
  companyId: number;
  status: CompanyExportStatus;
  /** Rows and files written so far, of `total` (0 until counted). */
  done: number;
  total: number;
  requestedByName: string;
  byOperator: boolean;
  size: number | null;
  /** A short-lived download link once done (signed; no session needed to follow it). */
  url: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** Null: keep for ever (a plan's rule) or as the plan says (a company's rule). */
export type RetentionRule = {
  /** Messages older than this many months are purged (or only their media, with `mediaOnly`). */
  messagesMonths: number | null;
  mediaOnly: boolean | null;
  /** Media of tickets closed longer ago than this is removed; the text stays. */
  closedMediaDays: number | null;
  auditDays: number | null;
};

export type RetentionCounts = {
  messagesDeleted: number;
  mediaDeleted: number;
  auditDeleted: number;
  lastRunAt: string | null;
};

/** One company in the operator's retention view: its own rule, the one in force, and the counts. */
export type RetentionCompanyDTO = {
  id: number;
  name: string;
  planId: number;
  rule: RetentionRule | null;
  effective: RetentionRule;
  counts: RetentionCounts;
};

export type RetentionOverviewDTO = {
  plans: { id: number; name: string; rule: RetentionRule | null }[];
  companies: RetentionCompanyDTO[];
};
