/**
 * A customer's message ends the quiet the inactivity notice was about (reference §3 step 20:
 * each inbound message resets sendInactiveMessage), so the notice can come again.
 */
import type { AutomationContext, AutomationStep } from "../step.ts";
import { botUpdate } from "../bot.ts";

export const activityStep: AutomationStep = {
  name: "activity",
  async run(ctx: AutomationContext) {
    if (ctx.ticket.sendInactiveMessage) await botUpdate(ctx.deps, ctx.ticket, { sendInactiveMessage: false });
    return "continue";
  },
};
