/**
 * Retrying one of our messages that failed (the provider's `failed` status, or a send that
 * threw): an attendant who may see the ticket sends it again through the same adapter, with a
 * fresh id so the provider does not take it for the failed one. The error is cleared first, so a
 * second failure writes its own reason.
 */
import { eq } from "drizzle-orm";
import { getMimeType } from "hono/utils/mime";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { getConnection } from "../connections/repo.ts";
import { getVisibleTicket } from "../tickets/service.ts";
import { type MessageDTO, messageDTOs } from "./dto.ts";
import { getMessage, updateMessage } from "./repo.ts";
import { deliver, newExternalId } from "./send.ts";

export async function retryMessage(deps: Deps, actor: Actor, id: number): Promise<MessageDTO> {
  const m = await getMessage(deps.db, actor.companyId, id);
  const ticket = await getVisibleTicket(deps, actor, m.ticketId);
  if (!m.fromMe || m.isPrivate || m.isDeleted || !m.sendError) {
    throw new AppError("ERR_VALIDATION", { message: "only a failed message can be sent again" });
  }
  if (!ticket.whatsappId) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  const connection = await getConnection(deps.db, actor.companyId, ticket.whatsappId);
  const [contact] = await deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
  const quoted = m.quotedMsgId ? await getMessage(deps.db, actor.companyId, m.quotedMsgId) : null;
  const externalId = newExternalId();
  const row = await deps.database.write((tx) =>
    updateMessage(tx, actor.companyId, id, { wid: externalId, sendError: null })
  );
  const [dto] = await messageDTOs(deps.db, deps.media, actor.companyId, [row]);
  return await deliver(deps, {
    companyId: actor.companyId,
    connection,
    messageId: id,
    externalId,
    to: { number: contact.number, isGroup: contact.isGroup, remoteJid: contact.remoteJid },
    body: m.mediaUrl && m.body === m.mediaName ? "" : m.body,
    media: m.mediaUrl
      ? {
        path: m.mediaUrl,
        mimetype: getMimeType(m.mediaName ?? m.mediaUrl) ?? "application/octet-stream",
        filename: m.mediaName ?? m.mediaUrl.split("/").pop()!,
      }
      : undefined,
    quotedExternalId: quoted?.wid,
  }, dto);
}
