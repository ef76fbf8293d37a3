/**
 * Automation after an inbound message is stored (reference §3 steps 13–20). Steps run in order
 * for one ticket at a time (a per-ticket chain, so a customer's quick second message never races
 * the bot's answer to the first); each step returns "stop" when it handled the message.
 *
 * Each step lives in its own file (steps/, and the steps of campaigns, flows and integrations in
 * their features) and implements the contract of step.ts; add one to STEPS.
 */
import { eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { ContactRow } from "../contacts/repo.ts";
import { connectionWithQueues } from "../connections/with_queues.ts";
import { getTicket } from "../tickets/repo.ts";
import type { MessageDTO } from "../messages/dto.ts";
import type { AutomationStep } from "./step.ts";
import { queueStep } from "./steps/queue.ts";
import { campaignConfirmationStep } from "../campaigns/confirmation_step.ts";
import { outOfHoursStep } from "./steps/out_of_hours.ts";
import { audioStep } from "./steps/audio.ts";
import { queueHoursStep } from "./steps/queue_hours.ts";
import { chatbotStep } from "./steps/chatbot.ts";
import { lgpdStep } from "./steps/lgpd.ts";
import { activityStep } from "./steps/activity.ts";
import { ratingStep } from "./steps/rating.ts";
import { integrationStep } from "../integrations/step.ts";
import { flowStep } from "../flows/step.ts";
import { reconcileBotState } from "./bot_state.ts";
import { TicketMovedMeanwhile } from "./bot.ts";

/**
 * DESIGN §11 order. A reply to a campaign's confirmation question is taken before anything that
 * answers the customer (reference §3: campaign replies are checked first and are exempt from LGPD),
 * or the out-of-hours text or the consent question would end the chain and the shipment would wait
 * forever. Integrations and flows (in progress, phrase campaign, welcome flow) plug in between the
 * rating answer and the audio refusal; a chatbot option of type integration leaves the ticket with
 * useIntegration set for them.
 */
export const STEPS: AutomationStep[] = [
  activityStep,
  // A reply to a campaign's confirmation question.
  campaignConfirmationStep,
  outOfHoursStep,
  lgpdStep,
  ratingStep,
  audioStep,
  queueHoursStep,
  // A ticket in a flow keeps its place; a flow node may hand the ticket to a bot.
  flowStep,
  // A ticket handed to a bot: Typebot, n8n, webhook, Dialogflow, OpenAI.
  integrationStep,
  chatbotStep,
  queueStep,
];

const chains = new Map<number, Promise<void>>();

/** Queues the automation of one inbound message behind earlier ones of the same ticket. */
export function runAutomation(
  deps: Deps,
  companyId: number,
  message: MessageDTO,
  /** The tapped button or row's id (a menu's option), when the message is a tap. */
  choice?: string,
): Promise<void> {
  const prev = chains.get(message.ticketId) ?? Promise.resolve();
  const next = prev.then(() => runSteps(deps, companyId, message, choice))
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

async function runSteps(deps: Deps, companyId: number, message: MessageDTO, choice0?: string) {
  let body = message.body.trim();
  let choice = choice0;
  const consume = () => void (body = "", choice = undefined);
  let contactRead: Promise<ContactRow | undefined> | undefined;
  for (const step of STEPS) {
    // Re-read: an earlier step (or another message) may have moved the ticket.
    const ticket = await getTicket(deps.db, companyId, message.ticketId);
    if (!ticket.whatsappId || ticket.status === "closed") return;
    const { connection, queues } = await connectionWithQueues(deps, companyId, ticket.whatsappId);
    const contact = () =>
      contactRead ??= deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId)).limit(1)
        .then((rows) => rows[0]);
    const r = await step.run({ deps, ticket, connection, queues, message, body, choice, consume, contact });
    if (r === "stop") return;
  }
}
