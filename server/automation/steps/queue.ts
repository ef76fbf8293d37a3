/**
 * The greeting and queue step (reference §3 step 17): a ticket with no queue and no attendant on
 * a connection with queues gets the connection's greeting and a numbered queue menu; a digit picks
 * the queue; "sair" ends the conversation. One queue is chosen without asking. The menu is sent at
 * most maxUseBotQueues times (0 = unlimited), and not again inside timeUseBotQueues minutes.
 * E-mail sends no menu unless its connection has a greeting (the admin asked for one).
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { tickets, ticketTraking } from "@db/schema.ts";
import { sendOnTicket } from "../../messages/send.ts";
import { renderForTicket } from "../../messages/render.ts";
import { logTicket, type TicketRow, updateTicket } from "../../tickets/repo.ts";
import { botClose, botMenu, botUpdate, touchTraking } from "../bot.ts";
import { pickOption } from "../../messages/menu.ts";
import type { AutomationContext, AutomationStep } from "../step.ts";
import { EXIT_LINE, presentQueueOptions } from "./chatbot.ts";
import { queueHours } from "./queue_hours.ts";
import { connectionLimits } from "./out_of_hours.ts";
import { sendStoredMedia } from "../file_list.ts";

type QueueRef = { id: number; name: string; greetingMessage?: string | null };

/** The id a queue carries in a native queue menu (and comes back with its tap). */
export const queueOptionId = (q: { id: number }) => `queue:${q.id}`;

export const queueStep: AutomationStep = {
  name: "queue",
  async run(ctx) {
    const { deps, ticket, connection, queues } = ctx;
    if (ticket.queueId || ticket.userId || ticket.useIntegration) return "continue";
    if (ticket.isGroup && connection.groupAsTicket !== "enabled") return "continue";
    if (!queues.length) return "continue";
    const contact = await ctx.contact();
    // disableBot silences the bot, not the routing: the only queue is still assigned (as in the
    // reference), otherwise the ticket stayed queue-less and hidden from that queue's attendants.
    if (contact?.disableBot) {
      if (queues.length === 1) await assignQueue(ctx, queues[0]);
      return "continue";
    }
    const s = await deps.caches.settings.getMany(ticket.companyId, [
      "sendGreetingMessageOneQueues",
      "sendQueuePosition",
      "sendQueuePositionMessage",
    ]);
    const say = (text: string) => sendText(ctx, text);

    if (queues.length === 1) {
      if (s.sendGreetingMessageOneQueues === "enabled" && connection.greetingMessage) {
        await say(connection.greetingMessage);
        await greetingMedia(ctx);
      }
      const row = await assignQueue(ctx, queues[0]);
      await enterQueue(ctx, row, queues[0].id, s, say, false);
      return "stop";
    }

    // E-mail's default: no numbered menu in a mail. Without a greeting (which an e-mail connection
    // may leave empty) the ticket takes the connection's first queue; writing one asks for the menu.
    if (connection.channel === "email" && !connection.greetingMessage?.trim()) {
      const row = await assignQueue(ctx, queues[0]);
      await enterQueue(ctx, row, queues[0].id, s, say, false);
      return "stop";
    }

    if (ctx.body.toLowerCase() === "sair") {
      if (connection.complationMessage) await say(connection.complationMessage);
      // The menu counter restarts with the close (botClose), as on every other close.
      await botClose(deps, ticket);
      return "stop";
    }
    const choice = pickOption(queues, ctx, queueOptionId);
    if (choice) {
      const row = await assignQueue(ctx, choice);
      await enterQueue(ctx, row, choice.id, s, say, true);
      return "stop";
    }
    const max = connection.maxUseBotQueues;
    if (max > 0 && ticket.amountUsedBotQueues >= max) return "stop";
    if (connection.timeUseBotQueues > 0 && ticket.amountUsedBotQueues > 0) {
      const since = deps.clock.now().getTime() - connection.timeUseBotQueues * 60_000;
      const [tr] = await deps.db.select().from(ticketTraking).where(eq(ticketTraking.ticketId, ticket.id))
        .limit(1);
      if (tr?.chatbotAt && Date.parse(tr.chatbotAt) > since) return "stop";
    }
    await botMenu(
      deps,
      ticket,
      connection.greetingMessage,
      queues.map((q) => ({ id: queueOptionId(q), title: q.name })),
      [EXIT_LINE],
    );
    if (ticket.amountUsedBotQueues === 0) await greetingMedia(ctx);
    await deps.database.write(async (tx) => {
      await updateTicket(tx, ticket.companyId, ticket.id, {
        amountUsedBotQueues: ticket.amountUsedBotQueues + 1,
      });
      await touchTraking(tx, ticket.id, deps.clock.now().toISOString());
      await logTicket(tx, ticket.companyId, { ticketId: ticket.id, type: "chatBot" });
    });
    return "stop";
  },
};

/**
 * The ticket has just entered the queue: out of its hours (scheduleType queue) it gets the queue's
 * out-of-hours message; otherwise the queue's greeting with its chatbot options when it has some
 * (spec 2 §4), else the greeting (when `greet`) and the queue position.
 */
async function enterQueue(
  ctx: AutomationContext,
  ticket: TicketRow,
  queueId: number,
  s: Record<string, string>,
  say: (t: string) => Promise<void>,
  greet: boolean,
) {
  if ((await queueHours(ctx.deps, ticket, queueId, connectionLimits(ctx.connection))) === "stop") return;
  const full = await ctx.deps.db.query.queues.findFirst({ where: (q, { eq }) => eq(q.id, queueId) });
  if (await presentQueueOptions(ctx.deps, ticket, queueId, full?.greetingMessage)) return;
  if (greet && full?.greetingMessage) await say(full.greetingMessage);
  await sendPosition(ctx, queueId, s, say);
}

/** The connection's greeting media (POST /whatsapp/{id}/media-upload), after the greeting. */
async function greetingMedia(ctx: AutomationContext) {
  const path = ctx.connection.greetingMediaAttachment;
  if (path) await sendStoredMedia(ctx.deps, ctx.ticket, path);
}

async function sendText(ctx: AutomationContext, text: string) {
  const body = await renderForTicket(ctx.deps, ctx.ticket.id, text);
  await sendOnTicket(ctx.deps, ctx.ticket.companyId, ctx.ticket.id, { body });
}

async function assignQueue(ctx: AutomationContext, q: QueueRef): Promise<TicketRow> {
  const { deps, ticket } = ctx;
  const now = deps.clock.now().toISOString();
  return await botUpdate(
    deps,
    ticket,
    { queueId: q.id, status: ticket.status === "lgpd" ? "pending" : ticket.status, amountUsedBotQueues: 0 },
    { type: "queue", queueId: q.id },
    (tx) => touchTraking(tx, ticket.id, now, q.id),
  );
}

/** "sendQueuePositionMessage *N*": N = waiting tickets in the queue without an attendant. */
async function sendPosition(
  ctx: AutomationContext,
  queueId: number,
  s: Record<string, string>,
  say: (t: string) => Promise<void>,
) {
  if (s.sendQueuePosition !== "enabled" || !s.sendQueuePositionMessage) return;
  const [{ n }] = await ctx.deps.db.select({ n: count() }).from(tickets).where(and(
    eq(tickets.companyId, ctx.ticket.companyId),
    eq(tickets.queueId, queueId),
    eq(tickets.status, "pending"),
    isNull(tickets.userId),
  ));
  await say(`${s.sendQueuePositionMessage} *${n}*`);
}
