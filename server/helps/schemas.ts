/** Help entries (spec 3 §2 help admin, §3): title, description, video code. */
import { z } from "zod";

/** A YouTube code, or a YouTube link from which the code is taken. */
const video = z.string().trim().max(200).transform((v) => {
  const m = v.match(/(?:youtu\.be\/|[?&]v=|\/embed\/|\/shorts\/)([A-Za-z0-9_-]{6,})/);
  return m ? m[1] : v;
});

export const createHelpInput = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  video: video.nullable().optional(),
  link: z.string().trim().max(500).nullable().optional(),
});
export type CreateHelpInput = z.infer<typeof createHelpInput>;
export const updateHelpInput = createHelpInput.partial();
export type UpdateHelpInput = z.infer<typeof updateHelpInput>;

export const listHelpsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
