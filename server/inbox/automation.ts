/**
 * Automation after an inbound message is stored (reference §3 steps 13–20). Steps run in order
 * for one ticket at a time (a per-ticket chain, so a customer's quick second message never races
 * the bot's answer to the first); each step returns "stop" when it handled the message.
 *
 * Each step lives in its own file; add one to STEPS.
 */
import { eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { ContactRow } from "./contacts.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { findConnection, queuesOfConnections } from "../connections/repo.ts";
import { notFound } from "../lib/errors.ts";
import type { TicketRow } from "../tickets/repo.ts";
import { getTicket } from "../tickets/repo.ts";
import type { MessageDTO } from "../messages/dto.ts";
import { queueStep } from "./queue_step.ts";
import { campaignConfirmationStep } from "../campaigns/confirmation_step.ts";
import { outOfHoursStep } from "./out_of_hours_step.ts";
import { audioStep } from "./audio_step.ts";
import { queueHoursStep } from "./queue_hours_step.ts";
import { chatbotStep } from "./chatbot_step.ts";
import { lgpdStep } from "./lgpd_step.ts";
import { activityStep } from "./activity_step.ts";
import { ratingStep } from "./rating_step.ts";
import { integrationStep } from "../integrations/step.ts";
import { flowStep } from "../flows/step.ts";
import { reconcileBotState } from "./bot_state.ts";
import { TicketMovedMeanwhile } from "./bot.ts";

export type ConnectionQueue = { id: number; name: string; color: string; orderQueue: number | null };

/** A connection with its queues in menu order, as `deps.caches.connections` holds it. */
export type ConnectionWithQueues = { connection: ConnectionRow; queues: readonly ConnectionQueue[] };

export type AutomationContext = {
  deps: Deps;
  ticket: TicketRow;
  connection: ConnectionRow;
  /** The connection's queues, in menu order. */
  queues: readonly ConnectionQueue[];
  message: MessageDTO;
  /** The message's trimmed text; "" once a step consumed it (a consent "1" is no menu choice). */
  body: string;
  /** Later steps see an empty body (the message answered this step's question). */
  consume(): void;
  /** The ticket's contact, read once for the whole chain (several steps look at it). */
  contact(): Promise<ContactRow | undefined>;
};

export type AutomationStep = { name: string; run(ctx: AutomationContext): Promise<"continue" | "stop"> };

/**
 * DESIGN §11 order. Integrations and flows (in progress, phrase campaign, welcome flow) plug in
 * between the rating answer and the audio refusal; a chatbot option of type integration leaves
 * the ticket with useIntegration set for them.
 */
export const STEPS: AutomationStep[] = [
  activityStep,
  outOfHoursStep,
  lgpdStep,
  ratingStep,
  // A reply to a campaign's confirmation question (issue 17).
  campaignConfirmationStep,
  audioStep,
  queueHoursStep,
  // A ticket in a flow (issue 16) keeps its place; a flow node may hand the ticket to a bot.
  flowStep,
  // A ticket handed to a bot (issue 15): Typebot, n8n, webhook, Dialogflow, OpenAI.
  integrationStep,
  chatbotStep,
  queueStep,
];

const chains = new Map<number, Promise<void>>();

/** Queues the automation of one inbound message behind earlier ones of the same ticket. */
export function runAutomation(deps: Deps, companyId: number, message: MessageDTO): Promise<void> {
  const prev = chains.get(message.ticketId) ?? Promise.resolve();
  const next = prev.then(() => runSteps(deps, companyId, message))
    .then(() => reconcileBotState(deps, companyId, message.ticketId)).catch((err) => {
      // An attendant took the ticket during the bot's turn: the bot let go, nothing to report.
      if (err instanceof TicketMovedMeanwhile) return;
      console.error(`[automation] ticket ${message.ticketId} failed`, err);
    });
  chains.set(message.ticketId, next);
  next.finally(() => {
    if (chains.get(message.ticketId) === next) chains.delete(message.ticketId);
  });
  return next;
}

async function runSteps(deps: Deps, companyId: number, message: MessageDTO) {
  let body = message.body.trim();
  const consume = () => void (body = "");
  let contactRead: Promise<ContactRow | undefined> | undefined;
  for (const step of STEPS) {
    // Re-read: an earlier step (or another message) may have moved the ticket.
    const ticket = await getTicket(deps.db, companyId, message.ticketId);
    if (!ticket.whatsappId || ticket.status === "closed") return;
    const { connection, queues } = await connectionWithQueues(deps, companyId, ticket.whatsappId);
    const contact = () =>
      contactRead ??= deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId)).limit(1)
        .then((rows) => rows[0]);
    const r = await step.run({ deps, ticket, connection, queues, message, body, consume, contact });
    if (r === "stop") return;
  }
}

/**
 * The connection and its queues through `deps.caches.connections` (read for every customer
 * message). Writes to the company's connections or queues invalidate it (server/caches.ts).
 */
export async function connectionWithQueues(
  deps: Deps,
  companyId: number,
  id: number,
): Promise<ConnectionWithQueues> {
  const entry = await deps.caches.connections.getOrLoad(id, async () => {
    const connection = await findConnection(deps.db, companyId, id);
    if (!connection) return null;
    const queues = (await queuesOfConnections(deps.db, companyId, [id])).get(id) ?? [];
    return Object.freeze({
      connection: Object.freeze(connection),
      queues: Object.freeze(queues.map((q) => Object.freeze(q))),
    });
  });
  // Keyed by id alone: an entry of another company answers like a missing row.
  if (!entry || entry.connection.companyId !== companyId) throw notFound("whatsapp");
  return entry;
}
