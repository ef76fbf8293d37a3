/**
 * Whether closing a ticket asks the customer for a rating, and the question itself (reference §3
 * step 10). The close transition (transitions.ts) asks; the automation's rating step
 * (server/automation/steps/rating.ts) takes the answer.
 */
import type { Deps } from "../deps.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { sendOnTicket } from "../messages/send.ts";
import { renderForTicket } from "../messages/render.ts";
import type { TicketRow } from "./repo.ts";

export async function ratingApplies(deps: Deps, before: TicketRow, conn: ConnectionRow | null) {
  if (!conn?.ratingMessage?.trim() || !before.userId || before.isGroup || before.status !== "open") {
    return false;
  }
  return (await deps.caches.settings.get(before.companyId, "userRating")) === "enabled";
}

/** Sends the connection's rating message as the bot does (variables rendered; nothing when blank). */
export async function askRating(deps: Deps, ticket: TicketRow, conn: ConnectionRow) {
  const text = conn.ratingMessage ?? "";
  if (!text.trim()) return;
  const body = await renderForTicket(deps, ticket.id, text);
  await sendOnTicket(deps, ticket.companyId, ticket.id, { body });
}
