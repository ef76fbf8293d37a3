/** A transfer by an API key or automation → the AI summary note for the next attendant. */
import type { Deps } from "../deps.ts";
import { summariseTransfer } from "./transfer_note.ts";

export function wireAiAssistListeners(deps: Deps): void {
  deps.bus.on("ticket.transferred", (e) => summariseTransfer(deps, e));
}
