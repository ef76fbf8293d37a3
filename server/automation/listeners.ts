/**
 * What starts the automation: a customer's message (not ours, not a private note) runs the steps
 * of its ticket (runner.ts).
 */
import type { Deps } from "../deps.ts";
import { runAutomation } from "./runner.ts";

export function wireAutomationListeners(deps: Deps): void {
  deps.bus.on("message.created", ({ companyId, message, choice }) => {
    if (!message.fromMe && !message.isPrivate) return runAutomation(deps, companyId, message, choice);
  });
}
