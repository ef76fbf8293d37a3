/**
 * Audio refusal (reference §3 step 18): an inbound audio gets a fixed answer when the company does
 * not take audio (acceptAudioMessageContact disabled) or the contact is marked not to.
 */
import type { AutomationContext, AutomationStep } from "../step.ts";
import { botSay } from "../bot.ts";

export const AUDIO_REFUSAL =
  "Infelizmente não conseguimos escutar nem enviar áudios por este canal de atendimento, por favor, envie uma mensagem de *texto*.";

export const audioStep: AutomationStep = {
  name: "audio",
  async run(ctx: AutomationContext) {
    const { deps, ticket, message } = ctx;
    if (message.mediaType !== "audio") return "continue";
    const setting = await deps.caches.settings.get(ticket.companyId, "acceptAudioMessageContact");
    const contact = await ctx.contact();
    if (setting !== "disabled" && contact?.acceptAudioMessage !== false) return "continue";
    await botSay(deps, ticket, AUDIO_REFUSAL);
    return "stop";
  },
};
