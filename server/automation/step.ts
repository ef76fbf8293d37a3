/**
 * The contract of an automation step (DESIGN §11): what the runner hands each step and what a step
 * answers. Steps, here and in campaigns, flows and integrations, import only this file, not the
 * runner that lists them.
 */
import type { Deps } from "../deps.ts";
import type { ContactRow } from "../contacts/repo.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import type { ConnectionQueue } from "../connections/with_queues.ts";
import type { TicketRow } from "../tickets/repo.ts";
import type { MessageDTO } from "../messages/dto.ts";

export type AutomationContext = {
  deps: Deps;
  ticket: TicketRow;
  connection: ConnectionRow;
  /** The connection's queues, in menu order. */
  queues: readonly ConnectionQueue[];
  message: MessageDTO;
  /** The message's trimmed text; "" once a step consumed it (a consent "1" is no menu choice). */
  body: string;
  /** The id of the button, list row or quick reply tapped (menu.ts ids); cleared with `consume`. */
  choice?: string;
  /** Later steps see an empty body (the message answered this step's question). */
  consume(): void;
  /** The ticket's contact, read once for the whole chain (several steps look at it). */
  contact(): Promise<ContactRow | undefined>;
};

export type AutomationStep = { name: string; run(ctx: AutomationContext): Promise<"continue" | "stop"> };
