/**
 * Domain events → the webhooks outbox (outbox.ts), in emission order: messages, ticket changes of
 * status, queue or assignee (and the ticket.created derived from a new ticket's first event),
 * contacts, finished campaigns and sent schedules.
 */
import type { Deps } from "../deps.ts";
import { Outbox } from "./outbox.ts";
import { campaignFinished, contactEvent, messageEvent, scheduleSent, ticketEvent } from "./payloads.ts";

export function wireWebhookListeners(deps: Deps): void {
  const outbox = new Outbox(deps);
  deps.bus.on("message.created", (e) => outbox.add(messageEvent("message.created", e)));
  deps.bus.on("message.updated", (e) => outbox.add(messageEvent("message.updated", e)));
  deps.bus.on("ticket.updated", (e) => outbox.add(ticketEvent(e)));
  deps.bus.on("entity.changed", (e) => {
    const c = contactEvent(e);
    return c ? outbox.add(c) : undefined;
  });
  deps.bus.on("campaign.finished", (e) => outbox.add(campaignFinished(e)));
  deps.bus.on("schedule.sent", (e) => outbox.add(scheduleSent(e)));
}
