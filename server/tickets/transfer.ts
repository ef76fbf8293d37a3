/** Transfer with closeTicketOnTransfer: the old ticket closes and the chat continues in a new one. */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { type TicketDTO, ticketDTOs } from "./dto.ts";
import { logTicket, type TicketRow, updateTicket } from "./repo.ts";
import { openTicket } from "./open.ts";
import { dtoFor } from "./service.ts";
import type { UpdateTicketInput } from "./schemas.ts";
import { afterUpdate } from "./effects.ts";
import { closeTraking, now } from "./tracking.ts";

/**
 * closeTicketOnTransfer: the old ticket closes (its history stays with it) and the conversation
 * continues in a new ticket of the target queue.
 */
export async function transferToNewTicket(
  deps: Deps,
  actor: Actor,
  before: TicketRow,
  input: UpdateTicketInput,
  s: Record<string, string>,
): Promise<TicketDTO> {
  const { closed, next } = await deps.database.write(async (tx) => {
    const closed = await updateTicket(tx, actor.companyId, before.id, {
      status: "closed",
      closedAt: now(),
      unreadMessages: 0,
    });
    await closeTraking(tx, actor.companyId, before);
    await logTicket(tx, actor.companyId, {
      ticketId: before.id,
      type: "transfered",
      userId: actor.userId,
      queueId: input.queueId,
    });
    // The new ticket starts its own tracking cycle even while waiting (it had none when pending).
    const r = await openTicket(tx, actor.companyId, {
      contactId: before.contactId,
      whatsappId: before.whatsappId!,
      queueId: input.queueId,
      userId: input.userId ?? null,
      status: input.userId ? (before.isGroup ? "group" : "open") : "pending",
      isGroup: before.isGroup,
      channel: before.channel,
      isTransfered: true,
    }, {
      log: { userId: actor.userId, queueId: input.queueId },
      tracking: { startedBy: input.userId ?? null },
      evenWhenFound: true,
    });
    if (input.userId) {
      await logTicket(tx, actor.companyId, {
        ticketId: r.ticket.id,
        type: "receivedTransfer",
        userId: input.userId,
        queueId: input.queueId,
      });
    }
    return { closed, next: r.ticket };
  });
  await afterUpdate(deps, actor, { ...before, status: "open" }, next, input, true, s);
  const [c, n] = await ticketDTOs(deps.db, actor.companyId, [closed, next]);
  deps.bus.emit("ticket.updated", {
    companyId: actor.companyId,
    ticket: c,
    before,
    actorUserId: actor.userId,
  });
  deps.bus.emit("ticket.updated", {
    companyId: actor.companyId,
    ticket: n,
    before: null,
    actorUserId: actor.userId,
  });
  deps.bus.emit("ticket.transferred", {
    companyId: actor.companyId,
    ticketId: next.id,
    fromTicketId: before.id,
    by: actor.apiKey ? "apiKey" : "user",
  });
  return await dtoFor(deps, actor, next);
}
