/** File lists (spec 2 §3, §5, §7): name at least 3 characters ('nombre muy corto'), message required. */
import { z } from "zod";

const option = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().max(200).default(""),
});

export const createFileListInput = z.object({
  name: z.string().trim().min(3, "nombre muy corto").max(120),
  message: z.string().trim().min(1, "Requerido").max(5000),
  options: z.array(option).max(50).optional(),
});
export type CreateFileListInput = z.infer<typeof createFileListInput>;

export const updateFileListInput = z.object({
  name: z.string().trim().min(3, "nombre muy corto").max(120).optional(),
  message: z.string().trim().min(1, "Requerido").max(5000).optional(),
  /** The list's whole option set: options left out are removed; new ones (no id) are added. */
  options: z.array(option).max(50).optional(),
});
export type UpdateFileListInput = z.infer<typeof updateFileListInput>;

export const listFilesQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
