/**
 * Retrying one of our messages that failed (the provider's `failed` status, or a send that
 * threw): an attendant who may see the ticket sends it again through the same adapter, with a
 * fresh id so the provider does not take it for the failed one. The error is cleared first, so a
 * second failure writes its own reason.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { getVisibleTicket } from "../tickets/service.ts";
import { type MessageDTO, messageDTOs } from "./dto.ts";
import { getMessage, updateMessage } from "./repo.ts";
import { deliver, newExternalId, outboundOf } from "./send.ts";

export async function retryMessage(deps: Deps, actor: Actor, id: number): Promise<MessageDTO> {
  const m = await getMessage(deps.db, actor.companyId, id);
  await getVisibleTicket(deps, actor, m.ticketId);
  // A refused edit or delete (channel_changes.ts) is no failed send: the customer has the message.
  const changeFailed = /^ERR_(EDIT|DELETE)_WAPP_MSG\b/.test(m.sendError ?? "");
  if (!m.fromMe || m.isPrivate || m.isDeleted || !m.sendError || changeFailed) {
    throw new AppError("ERR_VALIDATION", { message: "only a failed message can be sent again" });
  }
  const externalId = newExternalId();
  const out = await outboundOf(deps, actor.companyId, m, externalId);
  const row = await deps.database.write((tx) =>
    updateMessage(tx, actor.companyId, id, { wid: externalId, sendError: null })
  );
  const [dto] = await messageDTOs(deps.db, deps.media, actor.companyId, [row]);
  return await deliver(deps, out, dto);
}
