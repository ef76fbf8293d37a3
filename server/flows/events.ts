/**
 * Live updates of the flow list and the phrase-campaign list: emitted after commit as `flow.changed`;
 * flows/listeners.ts turns it into the socket frame.
 */
import type { Deps } from "../deps.ts";
import type { EventMap } from "../events/types.ts";

type FlowChanged = EventMap["flow.changed"];

export function publishChange(
  deps: Deps,
  companyId: number,
  kind: FlowChanged["kind"],
  change: FlowChanged["change"],
): void {
  deps.bus.emit("flow.changed", { companyId, kind, change });
}
