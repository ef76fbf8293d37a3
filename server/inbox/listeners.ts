/** The chatbot/flow runner: automation for customers' messages (inbox/automation.ts). */
import type { Deps } from "../deps.ts";
import { runAutomation } from "./automation.ts";

export function wireInboxListeners(deps: Deps): void {
  deps.bus.on("message.created", ({ companyId, message }) => {
    if (!message.fromMe && !message.isPrivate) return runAutomation(deps, companyId, message);
  });
}
