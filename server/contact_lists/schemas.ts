/** Request bodies and queries of contact lists and their items (spec 3 §3, §5, §7). */
import { z } from "zod";
import { int, nullableText, paged, timestamp } from "../lib/answers.ts";
import type { ContactListRow, ItemRow } from "./repo.ts";

/**
 * Number normalisation for list items: digits only (masks, spaces and "+" dropped), an
 * international "00" prefix dropped; 8 to 20 digits remain.
 */
export function normaliseNumber(raw: string): string | null {
  let n = String(raw ?? "").replace(/\D/g, "");
  if (n.startsWith("00")) n = n.slice(2);
  return n.length >= 8 && n.length <= 20 ? n : null;
}

const number = z.string().max(80).transform((s, ctx) => {
  const n = normaliseNumber(s);
  if (!n) {
    ctx.addIssue({ code: "custom", message: "8 to 20 digits" });
    return z.NEVER;
  }
  return n;
});
const email = z.union([z.literal(""), z.email().max(200)]).nullish().transform((e) =>
  e ? e.toLowerCase() : null
);

export const listQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type ListQuery = z.infer<typeof listQuery>;

export const contactListInput = z.object({ name: z.string().trim().min(2).max(50) });

export const itemsQuery = listQuery.extend({ contactListId: z.coerce.number().int().positive() });
export type ItemsQuery = z.infer<typeof itemsQuery>;

export const createItemInput = z.object({
  contactListId: z.coerce.number().int().positive(),
  name: z.string().trim().min(2).max(50),
  number,
  email: email.optional(),
});
export type CreateItemInput = z.infer<typeof createItemInput>;

export const updateItemInput = z.object({
  name: z.string().trim().min(2).max(50).optional(),
  number: number.optional(),
  email: email.optional(),
});
export type UpdateItemInput = z.infer<typeof updateItemInput>;

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const contactListAnswer = z.object({
  id: int,
  companyId: int,
  name: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  contactsCount: int,
}).meta({ id: "ContactList" }) satisfies z.ZodType<ContactListRow>;

export const contactListPageAnswer = paged("records", contactListAnswer);

export const contactListItemAnswer = z.object({
  id: int,
  companyId: int,
  contactListId: int,
  name: z.string(),
  number: z.string(),
  email: nullableText,
  isWhatsappValid: z.boolean().nullable().describe("null: not checked yet."),
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ id: "ContactListItem" }) satisfies z.ZodType<ItemRow>;

export const contactListItemPageAnswer = paged("contacts", contactListItemAnswer);
