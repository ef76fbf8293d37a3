/** Internal chat inputs (spec 2 §3, §5, §7). */
import { z } from "zod";

/** The spec's client sends users as [{id, name}]; plain ids are accepted too. */
const userList = z.array(
  z.union([
    z.coerce.number().int().positive(),
    z.object({ id: z.coerce.number().int().positive() }).passthrough(),
  ]),
).transform((xs) => [...new Set(xs.map((x) => (typeof x === "number" ? x : x.id)))]);

export const createChatInput = z.object({
  title: z.string().trim().min(1).max(120),
  users: userList.refine((xs) => xs.length > 0, "at least one user"),
});
export type CreateChatInput = z.infer<typeof createChatInput>;

export const updateChatInput = z.object({
  title: z.string().trim().min(1).max(120).optional(),
  users: userList.optional(),
});
export type UpdateChatInput = z.infer<typeof updateChatInput>;

export const listChatsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});

export const messagesQuery = z.object({ pageNumber: z.coerce.number().int().min(1).default(1) });

export const sendChatMessageInput = z.object({ message: z.string().trim().min(1).max(10_000) });
