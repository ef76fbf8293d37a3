/**
 * What starts the automation: a customer's message (not ours, not a private note, not a machine's
 * auto-reply or bounce) runs the steps of its ticket (runner.ts).
 */
import type { Deps } from "../deps.ts";
import { runAutomation } from "./runner.ts";

export function wireAutomationListeners(deps: Deps): void {
  deps.bus.on("message.created", ({ companyId, message, choice, automated }) => {
    if (automated) return;
    if (!message.fromMe && !message.isPrivate) return runAutomation(deps, companyId, message, choice);
  });
}
