/**
 * The body of POST /api/messages/send (spec 3 "Messages API"), as JSON or multipart with the
 * files in `medias`. Multipart fields arrive as strings, so flags accept "true"/"false" too.
 */
import { z } from "zod";

const flag = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
])
  .optional();
const optionalId = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

export const sendInput = z.object({
  /** Digits only (country code, area code, number); more than 17 digits is a WhatsApp group id. */
  number: z.union([z.string(), z.number()]).transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{5,30}$/, "digits only, with country and area code")),
  body: z.string().max(65_536).default(""),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: flag,
  closeTicket: flag,
});
export type SendInput = z.infer<typeof sendInput>;

/** At most 25 files per call. */
export const MAX_MEDIAS = 25;

export const isGroupNumber = (number: string) => number.length > 17;

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const sendAnswer = z.object({
  status: z.literal("SUCCESS"),
  ticketId: z.number().int(),
  messageIds: z.array(z.number().int()),
}).meta({ id: "SendResponse" });
