/** Timer arming follows the ticket's transitions (registered by server/compose.ts). */
import type { Deps } from "../deps.ts";
import { TimerArmer } from "./reconcile.ts";

export function wireTimerListeners(deps: Deps): void {
  const armer = new TimerArmer(deps);
  deps.bus.on("ticket.updated", ({ companyId, ticket }) => armer.request(companyId, ticket.id));
}
