/**
 * The chatbot option tree at run time (reference §3 step 20; spec 2 §4). A ticket waiting in a
 * queue with options walks the tree by number: "#" goes back to the main menu, "sair" ends the
 * conversation. Where the contact stands lives in `dialog_chatbots` (one row per contact): the
 * option whose sub-options were listed last (null: the queue's own options).
 *
 * What an option does depends on its queueType: text (its message, then its sub-options), queue
 * (move to that queue), attendent (that queue and attendant: the attendant's waiting list),
 * integration (hand the ticket to the integration runner, which integrations plug in after this
 * step sets useIntegration), file (send the file list). closeTicket closes after acting.
 *
 * Menus go through `botMenu`: numbered text, and with chatBotType list or button the channel's own
 * choices where it has them; a tapped choice (ctx.choice, the option's id) picks like its number.
 */
import { and, eq } from "drizzle-orm";
import { dialogChatbots } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import { getTicket, type TicketRow } from "../../tickets/repo.ts";
import { type ChatbotNode, type Forest, loadForest } from "../../queues/chatbot_tree.ts";
import type { AutomationContext, AutomationStep } from "../step.ts";
import { botClose, botMenu, botSay, botUpdate, touchTraking } from "../bot.ts";
import { optionLine, pickOption } from "../../messages/menu.ts";
import { sendFileList } from "../file_list.ts";
import { flowbuilderIntegration, startFlowbuilder } from "../../flows/integration.ts";

export const BACK_LINE = optionLine("#", "Voltar ao menu principal");
export const EXIT_LINE = optionLine("Sair", "Encerrar atendimento");

/** The id a chatbot option carries in a native menu (and comes back with its tap). */
export const optionId = (o: { id: number }) => `chatbot:${o.id}`;

/** Says a level's options under an optional header (numbered, or the channel's choices). */
function sayLevel(deps: Deps, ticket: TicketRow, header: string | null | undefined, options: ChatbotNode[]) {
  return botMenu(
    deps,
    ticket,
    header,
    options.map((o) => ({ id: optionId(o), title: o.name })),
    [BACK_LINE, EXIT_LINE],
  );
}

type Dialog = typeof dialogChatbots.$inferSelect;

async function readDialog(deps: Deps, ticket: TicketRow): Promise<Dialog | null> {
  const [row] = await deps.db.select().from(dialogChatbots).where(and(
    eq(dialogChatbots.companyId, ticket.companyId),
    eq(dialogChatbots.contactId, ticket.contactId),
  )).limit(1);
  return row ?? null;
}

async function setDialog(
  deps: Deps,
  ticket: TicketRow,
  queueId: number,
  chatbotId: number | null,
  awaiting = true,
) {
  const now = deps.clock.now().toISOString();
  await deps.database.write(async (tx) => {
    await tx.insert(dialogChatbots).values({
      companyId: ticket.companyId,
      contactId: ticket.contactId,
      ticketId: ticket.id,
      queueId,
      chatbotId,
      awaiting,
    }).onConflictDoUpdate({
      target: [dialogChatbots.companyId, dialogChatbots.contactId],
      set: { ticketId: ticket.id, queueId, chatbotId, awaiting, updatedAt: now },
    });
    await touchTraking(tx, ticket.id, now);
  });
}

export async function clearDialog(deps: Deps, companyId: number, contactId: number) {
  await deps.database.write((tx) =>
    tx.delete(dialogChatbots).where(
      and(eq(dialogChatbots.companyId, companyId), eq(dialogChatbots.contactId, contactId)),
    )
  );
}

/** Hops an automatic chain may take (a queue option leading to a queue whose only option …). */
const MAX_HOPS = 25;

/**
 * Lists a queue's options under `header` and waits for a choice; a single option is chosen at
 * once (spec 2 §4). Answers false when the queue has no options (nothing sent).
 */
export async function presentQueueOptions(
  deps: Deps,
  ticket: TicketRow,
  queueId: number,
  header: string | null | undefined,
  hops = 0,
  /** The company's option tree when the caller already has it. */
  forest?: Forest,
): Promise<boolean> {
  forest ??= await loadForest(deps.db, ticket.companyId);
  const roots = forest.byQueue.get(queueId) ?? [];
  if (!roots.length) return false;
  await presentLevel(deps, forest, ticket, queueId, null, roots, header, hops);
  return true;
}

async function presentLevel(
  deps: Deps,
  forest: Forest,
  ticket: TicketRow,
  queueId: number,
  parentId: number | null,
  options: ChatbotNode[],
  header: string | null | undefined,
  hops: number,
): Promise<void> {
  if (options.length === 1 && hops < MAX_HOPS) {
    if (header?.trim()) await botSay(deps, ticket, header);
    await act(deps, forest, ticket, queueId, options[0], hops + 1);
    return;
  }
  await setDialog(deps, ticket, queueId, parentId);
  await sayLevel(deps, ticket, header, options);
}

async function act(
  deps: Deps,
  forest: Forest,
  ticket0: TicketRow,
  queueId: number,
  o: ChatbotNode,
  hops: number,
): Promise<void> {
  let ticket = await getTicket(deps.db, ticket0.companyId, ticket0.id);
  const pending = ticket.status === "lgpd" ? "pending" : ticket.status;
  const now = deps.clock.now().toISOString();
  switch (o.queueType) {
    case "text": {
      if (o.options.length) {
        await presentLevel(deps, forest, ticket, queueId, o.id, o.options, o.greetingMessage, hops);
      } else {
        if (o.greetingMessage) await botSay(deps, ticket, o.greetingMessage);
        // The end of the tree: the bot has said its part and the conversation waits for an attendant.
        await setDialog(deps, ticket, queueId, o.id, false);
      }
      ticket = await botUpdate(deps, ticket, { queueOptionId: o.id, amountUsedBotQueues: 0 });
      break;
    }
    case "queue":
    case "attendent": {
      if (o.greetingMessage) await botSay(deps, ticket, o.greetingMessage);
      await clearDialog(deps, ticket.companyId, ticket.contactId);
      const userId = o.queueType === "attendent" ? o.optUserId : null;
      ticket = await botUpdate(
        deps,
        ticket,
        { queueId: o.optQueueId, userId, status: pending, queueOptionId: o.id, amountUsedBotQueues: 0 },
        { type: "queue", queueId: o.optQueueId, userId },
        (tx) => touchTraking(tx, ticket.id, now, o.optQueueId),
      );
      // Moved to a queue with options of its own: carry on there (an attendant's ticket waits).
      if (!userId && o.optQueueId && o.optQueueId !== queueId && !o.closeTicket) {
        const q = await deps.db.query.queues.findFirst({ where: (t, { eq }) => eq(t.id, o.optQueueId!) });
        await presentQueueOptions(deps, ticket, o.optQueueId, q?.greetingMessage, hops + 1, forest);
      }
      break;
    }
    case "integration": {
      if (o.greetingMessage) await botSay(deps, ticket, o.greetingMessage);
      await clearDialog(deps, ticket.companyId, ticket.contactId);
      ticket = await botUpdate(deps, ticket, {
        useIntegration: true,
        integrationId: o.optIntegrationId,
        queueId: null,
        queueOptionId: o.id,
        status: pending,
      }, { type: "chatBot" });
      // A flowbuilder integration starts its flow as it is chosen (flows/integration.ts).
      const fb = await flowbuilderIntegration(deps, ticket.companyId, o.optIntegrationId);
      if (fb) ticket = await startFlowbuilder(deps, ticket, fb, "");
      break;
    }
    case "file": {
      if (o.greetingMessage) await botSay(deps, ticket, o.greetingMessage);
      if (o.optFileId) await sendFileList(deps, ticket, o.optFileId);
      ticket = await botUpdate(deps, ticket, { queueOptionId: o.id });
      break;
    }
  }
  if (o.closeTicket) {
    await clearDialog(deps, ticket.companyId, ticket.contactId);
    await botClose(deps, ticket);
  }
}

export const chatbotStep: AutomationStep = {
  name: "chatbot",
  async run(ctx: AutomationContext) {
    const { deps, ticket, connection } = ctx;
    if (!ticket.queueId || ticket.userId || ticket.useIntegration) return "continue";
    if (ticket.status === "open" || ticket.status === "group" || ticket.status === "nps") return "continue";
    if (ticket.isGroup && connection.groupAsTicket !== "enabled") return "continue";
    if ((await ctx.contact())?.disableBot) return "continue";

    const forest = await loadForest(deps.db, ticket.companyId);
    const roots = forest.byQueue.get(ticket.queueId) ?? [];
    if (!roots.length) return "continue";
    const dialog = await readDialog(deps, ticket);
    const body = ctx.body.toLowerCase();

    if (body === "sair") {
      await clearDialog(deps, ticket.companyId, ticket.contactId);
      if (connection.complationMessage) await botSay(deps, ticket, connection.complationMessage);
      await botClose(deps, ticket);
      return "stop";
    }
    if (body === "#") {
      // Back to the main menu: the queue step (after this one) shows it again.
      await clearDialog(deps, ticket.companyId, ticket.contactId);
      await botUpdate(deps, ticket, { queueId: null, queueOptionId: null, amountUsedBotQueues: 0 });
      return "continue";
    }
    if (!dialog || dialog.ticketId !== ticket.id || dialog.queueId !== ticket.queueId) {
      // In the queue without a dialog (moved here by a transfer or a redirect): offer its options.
      const q = await deps.db.query.queues.findFirst({ where: (t, { eq }) => eq(t.id, ticket.queueId!) });
      await presentLevel(deps, forest, ticket, ticket.queueId, null, roots, q?.greetingMessage, 0);
      return "stop";
    }
    // A leaf was reached: what the customer writes now is for the attendant, not the bot.
    if (!dialog.awaiting) return "stop";
    const parent = dialog.chatbotId ? forest.byId.get(dialog.chatbotId) : null;
    const level = parent ? parent.options : roots;
    const choice = pickOption(level, { body, choice: ctx.choice }, optionId);
    if (choice) {
      await act(deps, forest, ticket, ticket.queueId, choice, 0);
      return "stop";
    }
    // Not a valid choice: the level again, within maxUseBotQueues (0 = unlimited).
    const max = connection.maxUseBotQueues;
    if (max > 0 && ticket.amountUsedBotQueues >= max) return "stop";
    await sayLevel(deps, ticket, parent?.greetingMessage, level);
    await botUpdate(deps, ticket, { amountUsedBotQueues: ticket.amountUsedBotQueues + 1 });
    return "stop";
  },
};
