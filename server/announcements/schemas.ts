/** Announcement inputs (spec 2 §3, §5, §7): title and text required, priority 1–3 (default 3). */
import { z } from "zod";

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])])
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");
const priority = z.coerce.number().int().min(1).max(3);
/** An ISO instant or a calendar day (the end of that day, UTC); "" or null clears it. */
const expiresAt = z.preprocess(
  (v) => (v === "" ? null : v),
  z.string().trim().refine((s) => !Number.isNaN(Date.parse(s)), "a date").nullable(),
).transform((
  v,
) => (v == null ? null : /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : new Date(v).toISOString()));

export const createAnnouncementInput = z.object({
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(10_000),
  priority: priority.default(3),
  status: flag.default(true),
  expiresAt: expiresAt.optional(),
});
export type CreateAnnouncementInput = z.infer<typeof createAnnouncementInput>;

export const updateAnnouncementInput = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  text: z.string().trim().min(1).max(10_000).optional(),
  priority: priority.optional(),
  status: flag.optional(),
  expiresAt: expiresAt.optional(),
});
export type UpdateAnnouncementInput = z.infer<typeof updateAnnouncementInput>;

export const listAnnouncementsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  /** The operator's admin screen: every announcement, also inactive and expired ones. */
  all: z.enum(["0", "1", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
});
