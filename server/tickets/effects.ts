/**
 * What follows a ticket transition: the service-cycle tracking rows and the messages sent after
 * it (accept greeting, transfer note and transfer message), rendered with the message variables.
 */
import { eq } from "drizzle-orm";
import { queues, ticketTraking } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Tx } from "@db/client.ts";
import type { Actor } from "../lib/context.ts";
import { getConnection } from "../connections/repo.ts";
import { sendOnTicket } from "../messages/send.ts";
import { renderForTicket } from "../messages/render.ts";
import { openTraking, type TicketRow } from "./repo.ts";
import type { UpdateTicketInput } from "./schemas.ts";

export const now = () => new Date().toISOString();

export async function closeTraking(tx: Tx, companyId: number, ticket: TicketRow) {
  const tr = await openTraking(tx, companyId, ticket);
  await tx.update(ticketTraking).set({
    closedAt: now(),
    finishedAt: now(),
    userId: ticket.userId ?? tr.userId,
  })
    .where(eq(ticketTraking.id, tr.id));
}

export async function startTraking(tx: Tx, companyId: number, ticket: TicketRow, userId: number | null) {
  const tr = await openTraking(tx, companyId, ticket);
  await tx.update(ticketTraking).set({ startedAt: userId ? now() : null, userId, queueId: ticket.queueId })
    .where(eq(ticketTraking.id, tr.id));
}

/** Renders a bot text with the ticket's variables. */
export const render = (deps: Deps, actor: Actor, t: TicketRow, text: string): Promise<string> =>
  renderForTicket(deps, t.id, text, actor.user.name);

/** Messages that follow a transition: accept greeting, transfer note and transfer message. */
export async function afterUpdate(
  deps: Deps,
  actor: Actor,
  before: TicketRow,
  t: TicketRow,
  input: UpdateTicketInput,
  transfer: boolean,
  s: Record<string, string>,
) {
  const conn = t.whatsappId ? await getConnection(deps.db, actor.companyId, t.whatsappId) : null;
  const sendable = conn?.status === "CONNECTED" && (!t.isGroup || conn.groupAsTicket === "enabled");
  if (
    t.status === "open" && before.status === "pending" && !transfer && sendable &&
    s.sendGreetingAccepted === "enabled" && s.greetingAcceptedMessage
  ) {
    await sendOnTicket(deps, actor.companyId, t.id, {
      body: await render(deps, actor, t, s.greetingAcceptedMessage),
    });
  }
  if (!transfer) return;
  if (input.msgTransfer?.trim()) {
    await sendOnTicket(deps, actor.companyId, t.id, {
      body: input.msgTransfer,
      isPrivate: true,
      userId: actor.userId,
    });
  }
  if (sendable && s.sendMsgTransfTicket === "enabled" && s.transferMessage) {
    const [q] = t.queueId
      ? await deps.db.select({ name: queues.name }).from(queues).where(eq(queues.id, t.queueId))
      : [];
    const text = s.transferMessage.replaceAll("${queue.name}", q?.name ?? "");
    await sendOnTicket(deps, actor.companyId, t.id, { body: await render(deps, actor, t, text) });
  }
}
