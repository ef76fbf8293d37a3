/**
 * What follows a ticket transition: the messages sent after it (accept greeting, transfer note and
 * transfer message), rendered with the message variables. The tracking rows are in tracking.ts.
 */
import { eq } from "drizzle-orm";
import { queues } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { getConnection } from "../connections/repo.ts";
import { sendOnTicket } from "../messages/send.ts";
import { renderForTicket } from "../messages/render.ts";
import type { TicketRow } from "./repo.ts";
import type { UpdateTicketInput } from "./schemas.ts";

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
