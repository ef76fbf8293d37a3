/**
 * A person taking the ticket ends its bot (hand-over to a human): when an attendant accepts or is
 * assigned a ticket that a bot still holds, the bot's columns are cleared with an
 * `integrationEnd` line, so sending it back to the queue later does not wake the old session.
 */
import type { Deps } from "../deps.ts";
import { getTicket } from "../tickets/repo.ts";
import { handOver } from "./runtime.ts";

export function wireIntegrationListeners(deps: Deps): void {
  deps.bus.on("ticket.updated", async ({ companyId, ticket }) => {
    if (!ticket.useIntegration || !ticket.userId) return;
    const fresh = await getTicket(deps.db, companyId, ticket.id).catch(() => null);
    if (!fresh?.useIntegration || !fresh.userId) return;
    await handOver(deps, fresh, { queueId: fresh.queueId, reason: "taken by an attendant" });
  });
}
