/**
 * Provider message ids derived from what is being sent, so that a dispatcher re-running after a
 * crash sends under the same id as the first attempt. The id has the shape Baileys gives its own
 * (`3EB0` + 18 upper-case hex digits, generateMessageIDV2): WhatsApp takes it as the message's key,
 * and the customer's phone shows a message whose id it has already seen only once. Other channels
 * see it as our external id until the provider assigns its own.
 */
import { createHash } from "node:crypto";

/** The id of the send named by `key` (e.g. `campaign:12:send`), unique per company. */
export function stableMessageId(companyId: number, key: string): string {
  const hash = createHash("sha256").update(`${companyId}:${key}`).digest("hex");
  return "3EB0" + hash.toUpperCase().slice(0, 18);
}

/** True for an id WhatsApp accepts as a message id of ours (Baileys' format). */
export const isWhatsappMessageId = (id: string) => /^3EB0[0-9A-F]{18}$/.test(id);
