/** Request bodies and queries of ticket notes (spec 1 §3, §5, §7). */
import { z } from "zod";

const id = z.coerce.number().int().positive();

export const listNotesQuery = z.object({ ticketId: id, contactId: id.optional() });
export type ListNotesQuery = z.infer<typeof listNotesQuery>;

export const createNoteInput = z.object({
  note: z.string().trim().min(2).max(5000),
  ticketId: id,
  /** Optional; when sent it must be the ticket's contact. */
  contactId: id.optional(),
});
export type CreateNoteInput = z.infer<typeof createNoteInput>;
