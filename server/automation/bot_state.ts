/**
 * Whether a bot really handles a ticket (the list's "handled by the bot" icon showed on
 * every waiting ticket, chatbot or not). Reconciled after each automation run from what the
 * ticket and its connection say: a ticket is the bot's while it waits, unassigned, on a running
 * integration, flow, Typebot or prompt, on the LGPD consent question, on the queue menu (a
 * connection with two or more queues and no queue chosen yet) or inside its queue's option tree
 * (no option chosen yet, or one with sub-options). `isBot` is display state only: no step reads it.
 */
import { eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { getTicket, type TicketRow } from "../tickets/repo.ts";
import { loadForest } from "../queues/chatbot_tree.ts";
import { botUpdate } from "./bot.ts";
import { connectionWithQueues } from "../connections/with_queues.ts";

export async function botEngaged(deps: Deps, t: TicketRow): Promise<boolean> {
  if (t.isGroup || t.userId != null || !t.whatsappId) return false;
  if (t.status === "lgpd") return true;
  if (t.status !== "pending") return false;
  const [contact] = await deps.db.select({ disableBot: contacts.disableBot }).from(contacts)
    .where(eq(contacts.id, t.contactId)).limit(1);
  if (contact?.disableBot) return false;
  if (t.useIntegration || t.flowWebhook || t.typebotStatus || t.promptId != null) return true;
  if (t.queueId == null) {
    const { queues } = await connectionWithQueues(deps, t.companyId, t.whatsappId);
    return queues.length >= 2;
  }
  const forest = await loadForest(deps.db, t.companyId);
  if (!(forest.byQueue.get(t.queueId)?.length)) return false;
  if (t.queueOptionId == null) return true;
  return (forest.byId.get(t.queueOptionId)?.options.length ?? 0) > 0;
}

/** Sets `isBot` to what botEngaged says, emitting the ticket's update only when it changes. */
export async function reconcileBotState(deps: Deps, companyId: number, ticketId: number): Promise<void> {
  const t = await getTicket(deps.db, companyId, ticketId).catch(() => null);
  if (!t) return;
  const engaged = await botEngaged(deps, t);
  if (engaged !== t.isBot) await botUpdate(deps, t, { isBot: engaged });
}
