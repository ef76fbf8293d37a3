/**
 * The per-ticket integration switch (spec 1: `useIntegration` on PUT /tickets/{id}). Off ends the
 * ticket's bot the way an integration's own end does (its columns cleared, a log line
 * `integrationEnd`, which keeps the queue's or connection's bot from starting again on that ticket);
 * on gives the ticket to the bot of its queue, or of its connection when it has no queue, and the
 * bot answers the customer's next message. On without such a bot is refused (ERR_NO_INTEGRATION).
 * Kept here, not in the integrations feature, because the ticket's update writes it in its own
 * transaction; the integrations step reads the same source (`botSourceOf`).
 */
import { and, eq } from "drizzle-orm";
import { prompts, queueIntegrations, queues, ticketLogs, type tickets } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { AppError } from "../lib/errors.ts";
import { logTicket, type TicketRow } from "./repo.ts";

type Patch = Partial<typeof tickets.$inferInsert>;
export type BotSource = { integrationId: number | null; promptId: number | null };
type Conn = { integrationId: number | null; promptId: number | null } | null;

/** The bot a ticket may have: its queue's (prompt first), else — queue-less — its connection's. */
export async function botSourceOf(
  db: Db | Tx,
  t: { companyId: number; queueId: number | null },
  conn: Conn,
): Promise<BotSource | null> {
  if (!t.queueId) {
    if (conn?.promptId) return { integrationId: null, promptId: conn.promptId };
    if (conn?.integrationId) return { integrationId: conn.integrationId, promptId: null };
    return null;
  }
  const [q] = await db.select({ integrationId: queues.integrationId, promptId: queues.promptId }).from(queues)
    .where(and(eq(queues.companyId, t.companyId), eq(queues.id, t.queueId)));
  if (q?.promptId) return { integrationId: null, promptId: q.promptId };
  if (q?.integrationId) return { integrationId: q.integrationId, promptId: null };
  return null;
}

/** A bot already handed the ticket over (log `integrationEnd`): the queue's or connection's stays off. */
export async function botEndedBefore(db: Db | Tx, ticketId: number): Promise<boolean> {
  const [row] = await db.select({ id: ticketLogs.id }).from(ticketLogs)
    .where(and(eq(ticketLogs.ticketId, ticketId), eq(ticketLogs.type, "integrationEnd"))).limit(1);
  return !!row;
}

export type BotSwitch =
  | { on: false }
  | { on: true; source: BotSource; label: string; typebot: boolean };

/**
 * What turning the switch to `on` means for `before`, or null when it changes nothing (already so).
 * On needs a bot of the ticket's queue or connection: ERR_NO_INTEGRATION (400) otherwise.
 */
export async function planBotSwitch(
  db: Db,
  before: TicketRow,
  on: boolean,
  conn: Conn,
): Promise<BotSwitch | null> {
  if (on === before.useIntegration) return null;
  if (!on) return { on: false };
  const source = await botSourceOf(db, before, conn);
  if (!source) throw new AppError("ERR_NO_INTEGRATION");
  if (source.promptId) {
    const [p] = await db.select({ name: prompts.name }).from(prompts)
      .where(and(eq(prompts.companyId, before.companyId), eq(prompts.id, source.promptId)));
    return { on: true, source, label: `OpenAI «${p?.name ?? source.promptId}»`, typebot: false };
  }
  const [i] = await db.select({ type: queueIntegrations.type, name: queueIntegrations.name })
    .from(queueIntegrations).where(
      and(eq(queueIntegrations.companyId, before.companyId), eq(queueIntegrations.id, source.integrationId!)),
    );
  if (!i) throw new AppError("ERR_NO_INTEGRATION");
  return { on: true, source, label: `${i.type} «${i.name}»`, typebot: i.type === "typebot" };
}

/** The ticket columns of the switch (a fresh bot session either way). */
export function botSwitchPatch(s: BotSwitch): Patch {
  const cleared = { typebotSessionId: null, typebotSessionTime: null };
  if (!s.on) {
    // A flow run the bot was (a flowbuilder integration, an inline bot node) ends with it.
    const flow = {
      flowStopped: null,
      lastFlowId: null,
      flowWebhook: false,
      hashFlowId: null,
      dataWebhook: null,
    };
    return {
      ...cleared,
      ...flow,
      useIntegration: false,
      integrationId: null,
      promptId: null,
      typebotStatus: false,
    };
  }
  return {
    ...cleared,
    useIntegration: true,
    integrationId: s.source.integrationId,
    promptId: s.source.promptId,
    typebotStatus: s.typebot,
  };
}

/** The switch's line in the ticket's history, by the attendant who turned it. */
export async function logBotSwitch(tx: Tx, t: TicketRow, s: BotSwitch, userId: number): Promise<void> {
  await logTicket(tx, t.companyId, {
    ticketId: t.id,
    type: s.on ? "integration" : "integrationEnd",
    userId,
    queueId: t.queueId,
    detail: s.on ? s.label : "turned off by an attendant",
  });
}
