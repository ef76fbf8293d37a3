/** Request bodies, queries and answers of the contacts feature (spec 1 §3, §5, §7). */
import { z } from "zod";
import { flag } from "../lib/flag.ts";
import { int, nullableInt, nullableText, nullableTimestamp, paged, timestamp } from "../lib/answers.ts";
import { CHANNEL_KINDS } from "@contract/common.ts";
import type { ContactDTO } from "@contract/contacts.ts";

const channel = z.enum(["whatsapp", "whatsappapi", "facebook", "instagram", "api"]);
const boolish = z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).transform((v) =>
  v === true || v === "true" || v === "1"
);

/** Digits only; the number form accepts masks and spaces ("+55 (11) 9…"). */
export const contactNumber = z.string().max(80).transform((s) => s.replace(/\D/g, "")).pipe(
  z.string().min(8, "at least 8 digits").max(50, "at most 50 digits"),
);

const email = z.union([z.literal(""), z.email().max(200)]).nullish().transform((e) =>
  e ? e.toLowerCase() : null
);

export const extraInfoInput = z.array(z.object({
  name: z.string().trim().min(1).max(100),
  value: z.string().max(2000).default(""),
})).max(100);

export const createContactInput = z.object({
  name: z.string().trim().min(2).max(250),
  number: contactNumber,
  email: email.optional(),
  extraInfo: extraInfoInput.default([]),
});
export type CreateContactInput = z.infer<typeof createContactInput>;

/**
 * Same rules, every field optional. `number` is kept raw here: a masked viewer resends the masked
 * value it was shown ("*********88"), which means "unchanged"; the service parses it otherwise.
 */
export const updateContactInput = z.object({
  name: z.string().trim().min(2).max(250).optional(),
  number: z.string().max(80).optional(),
  email: email.optional(),
  extraInfo: extraInfoInput.optional(),
});
export type UpdateContactInput = z.infer<typeof updateContactInput>;

export const listContactsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  channel: channel.optional(),
  isGroup: boolish.optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type ListContactsQuery = z.infer<typeof listContactsQuery>;

export const acceptAudioInput = z.object({ acceptAudioMessage: flag });
export const blockInput = z.object({ active: flag });

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const contactTagRef = z.object({ id: int, name: z.string(), color: z.string(), kanban: int })
  .meta({ id: "ContactTag" });

export const contactAnswer = z.object({
  id: int,
  companyId: int,
  name: z.string(),
  number: z.string(),
  email: nullableText,
  active: z.boolean().describe("false: blocked"),
  acceptAudioMessage: z.boolean(),
  disableBot: z.boolean(),
  lgpdAcceptedAt: nullableTimestamp,
  urlPicture: nullableText,
  channel: z.enum(CHANNEL_KINDS),
  isGroup: z.boolean(),
  whatsappId: nullableInt.describe("The connection the contact first wrote to."),
  remoteJid: nullableText,
  lid: nullableText,
  walletUserId: nullableInt.describe("Wallet owner: new tickets open assigned to this user."),
  profilePicUpdatedAt: nullableTimestamp,
  unreachableAt: nullableTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
  tags: z.array(contactTagRef),
  extraInfo: z.array(z.object({ id: int, name: z.string(), value: z.string() })),
}).meta({ id: "Contact" }) satisfies z.ZodType<ContactDTO>;

export const contactPageAnswer = paged("contacts", contactAnswer);

/** POST /contacts/import: which WhatsApp line's address book (default: the company's line). */
export const phoneImportInput = z.object({ whatsappId: z.coerce.number().int().positive().optional() });
