/**
 * What a channel reports back about a message it delivered: its ack and its send error. Apart from
 * send.ts so that the channels reporting it do not import the path that picks their adapter
 * (send.ts → channels/registry.ts).
 */
import type { Deps } from "../deps.ts";
import { getTicket } from "../tickets/repo.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import { type MessageDTO, messageDTOs } from "./dto.ts";
import { getMessage, updateMessage } from "./repo.ts";

/** Acks never go down (reference §3). Emits the message update. */
export async function setAck(
  deps: Deps,
  companyId: number,
  messageId: number,
  ack: number,
  externalId?: string,
): Promise<MessageDTO> {
  const row = await deps.database.write(async (tx) => {
    const current = await getMessage(tx, companyId, messageId);
    if (current.ack >= ack && (!externalId || externalId === current.wid)) return null;
    return await updateMessage(tx, companyId, messageId, {
      ack: Math.max(ack, current.ack),
      ...(externalId && externalId !== current.wid ? { wid: externalId } : {}),
    });
  });
  const msg = row ?? await getMessage(deps.db, companyId, messageId);
  const [dto] = await messageDTOs(deps.db, deps.media, companyId, [msg]);
  if (row) {
    const [ticket] = await ticketDTOs(deps.db, companyId, [
      await getTicket(deps.db, companyId, msg.ticketId),
    ]);
    deps.bus.emit("message.updated", { companyId, message: dto, ticket });
  }
  return dto;
}

/** Sets (or with null clears) a message's send error and tells the open screens. */
export async function recordSendError(
  deps: Deps,
  companyId: number,
  messageId: number,
  reason: string | null,
): Promise<void> {
  const row = await deps.database.write((tx) =>
    updateMessage(tx, companyId, messageId, { sendError: reason?.slice(0, 500) ?? null })
  );
  const [message] = await messageDTOs(deps.db, deps.media, companyId, [row]);
  const [t] = await ticketDTOs(deps.db, companyId, [await getTicket(deps.db, companyId, row.ticketId)]);
  deps.bus.emit("message.updated", { companyId, message, ticket: t });
}

/**
 * The channel refused an edit or a delete of a message the customer already has (Telegram: a
 * message older than 48 hours cannot be deleted). Our message goes back to what the customer sees
 * — undeleted, or its former text — and carries the reason (`ERR_EDIT_WAPP_MSG: …` /
 * `ERR_DELETE_WAPP_MSG: …`), shown on the bubble like a failed send's.
 */
export async function recordChangeFailure(
  deps: Deps,
  companyId: number,
  messageId: number,
  change: { kind: "edit"; previousBody: string } | { kind: "delete" },
  reason: string,
): Promise<void> {
  const code = change.kind === "edit" ? "ERR_EDIT_WAPP_MSG" : "ERR_DELETE_WAPP_MSG";
  const row = await deps.database.write((tx) =>
    updateMessage(tx, companyId, messageId, {
      ...(change.kind === "edit" ? { body: change.previousBody } : { isDeleted: false }),
      sendError: `${code}: ${reason}`.slice(0, 500),
    })
  );
  const [message] = await messageDTOs(deps.db, deps.media, companyId, [row]);
  const [t] = await ticketDTOs(deps.db, companyId, [await getTicket(deps.db, companyId, row.ticketId)]);
  deps.bus.emit("message.updated", { companyId, message, ticket: t });
}
