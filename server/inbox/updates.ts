/**
 * Updates to messages already stored, reported by a channel: an edit by the customer, a revoke,
 * or a delivery/read acknowledgement of one of ours. Idempotent; acks never go down.
 */
import type { Deps } from "../deps.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { deleteReactions, findMessageByWid, hidesDeletedMessages, updateMessage } from "../messages/repo.ts";
import { messageDTOs } from "../messages/dto.ts";
import { recordSendError, setAck } from "../messages/delivery.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import { getTicket, updateTicket } from "../tickets/repo.ts";
import { notFound } from "../lib/errors.ts";
import type { MessageRow } from "../messages/dto.ts";
import { scopeOf } from "../lib/actor.ts";

/**
 * The message with this provider id on a ticket of this connection. Looking it up by company
 * alone let one connection's credentials (an api-channel token) edit, revoke or ack the messages
 * of every other connection of the company.
 */
async function findConnectionMessage(
  deps: Deps,
  conn: ConnectionRow,
  externalId: string,
): Promise<MessageRow | null> {
  const m = await findMessageByWid(deps.db, conn.companyId, externalId);
  if (!m) return null;
  const t = await getTicket(deps.db, conn.companyId, m.ticketId);
  return t.whatsappId === conn.id ? m : null;
}

export async function receiveEdit(
  deps: Deps,
  conn: ConnectionRow,
  externalId: string,
  body: string,
): Promise<void> {
  const m = await findConnectionMessage(deps, conn, externalId);
  if (!m) throw notFound("message");
  if (m.body === body) return;
  const { row, ticket } = await deps.database.write(async (tx) => {
    const row = await updateMessage(tx, conn.companyId, m.id, { body, isEdited: true });
    const t = await getTicket(tx, conn.companyId, m.ticketId);
    const ticket = t.lastMessage === m.body
      ? await updateTicket(tx, conn.companyId, t.id, { lastMessage: body.slice(0, 500) })
      : t;
    return { row, ticket };
  });
  const [message] = await messageDTOs(deps.db, deps.media, conn.companyId, [row]);
  const [t] = await ticketDTOs(deps.db, conn.companyId, [ticket]);
  deps.bus.emit("message.updated", { companyId: conn.companyId, message, ticket: t });
  deps.bus.emit("ticket.updated", { companyId: conn.companyId, ticket: t, before: scopeOf(t) });
}

export async function receiveRevoke(deps: Deps, conn: ConnectionRow, externalId: string): Promise<void> {
  const m = await findConnectionMessage(deps, conn, externalId);
  if (!m || m.isDeleted) return;
  const row = await deps.database.write((tx) => updateMessage(tx, conn.companyId, m.id, { isDeleted: true }));
  const [message] = await messageDTOs(deps.db, deps.media, conn.companyId, [row]);
  const [t] = await ticketDTOs(deps.db, conn.companyId, [
    await getTicket(deps.db, conn.companyId, m.ticketId),
  ]);
  if (await hidesDeletedMessages(deps, conn.companyId)) {
    deps.bus.emit("message.deleted", { companyId: conn.companyId, messageId: m.id, ticket: t });
    return;
  }
  deps.bus.emit("message.updated", { companyId: conn.companyId, message, ticket: t });
}

/** ack: 1 sent, 2 delivered, 3 read, 4 played (spec 1 §4). */
export async function receiveAck(
  deps: Deps,
  conn: ConnectionRow,
  externalId: string,
  ack: number,
): Promise<void> {
  const m = await findConnectionMessage(deps, conn, externalId);
  if (!m) throw notFound("message");
  await setAck(deps, conn.companyId, m.id, ack);
}

/**
 * The provider could not deliver one of ours (Cloud API status `failed`): the reason goes on the
 * message, so the attendant sees it on the bubble and can retry. The ack is left as it was.
 */
export async function receiveFailure(
  deps: Deps,
  conn: ConnectionRow,
  externalId: string,
  reason: string,
): Promise<void> {
  const m = await findConnectionMessage(deps, conn, externalId);
  if (!m) throw notFound("message");
  if (m.sendError === reason) return;
  await recordSendError(deps, conn.companyId, m.id, reason);
}

/**
 * A customer took back a reaction (an empty emoji, Messenger `unreact`): the reaction they left
 * on that message disappears. Reactions are stored as messages quoting the one reacted to.
 */
export async function receiveUnreaction(
  deps: Deps,
  conn: ConnectionRow,
  reactedExternalId: string,
  customerNumber: string,
): Promise<void> {
  const target = await findConnectionMessage(deps, conn, reactedExternalId);
  if (!target) return;
  const removed = await deps.database.write((tx) =>
    deleteReactions(tx, conn.companyId, target.id, customerNumber)
  );
  if (!removed.length) return;
  const [t] = await ticketDTOs(deps.db, conn.companyId, [
    await getTicket(deps.db, conn.companyId, target.ticketId),
  ]);
  for (const id of removed) {
    deps.bus.emit("message.deleted", { companyId: conn.companyId, messageId: id, ticket: t });
  }
}
