/**
 * LGPD consent (spec 1 §6; reference §3 steps 4c and 11). With enableLGPD and a consent message, a
 * new conversation of a contact who has not accepted (or of anyone, with lgpdConsent "always ask")
 * waits in status lgpd: the customer gets the message, the privacy link and "[1] Sim [2] Não".
 * "1" stores lgpdAcceptedAt on contact and ticket and lets the conversation go on (pending);
 * "2" ends it with the farewell; anything else asks again within maxUseBotQueues.
 */
import { eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { AutomationContext, AutomationStep } from "../step.ts";
import { botClose, botSay, botUpdate } from "../bot.ts";
import { optionLine } from "../../messages/menu.ts";

export const LGPD_QUESTION = [
  "Estou ciente sobre o tratamento dos meus dados pessoais.",
  "",
  optionLine(1, "Sim"),
  optionLine(2, "Não"),
].join("\n");

export const lgpdStep: AutomationStep = {
  name: "lgpd",
  async run(ctx: AutomationContext) {
    const { deps, ticket, connection } = ctx;
    if (ticket.isGroup || ticket.userId || ticket.isActiveDemand) return "continue";
    if (ticket.status !== "lgpd" && (ticket.status !== "pending" || ticket.lgpdSendMessageAt)) {
      return "continue";
    }
    const s = await deps.caches.settings.getMany(ticket.companyId, [
      "enableLGPD",
      "lgpdMessage",
      "lgpdLink",
      "lgpdConsent",
    ]);
    const message = connection.lgpdMessage || s.lgpdMessage;
    const link = connection.lgpdLink || s.lgpdLink;
    if (s.enableLGPD !== "enabled" || !message) return "continue";
    const contact = await ctx.contact();
    const now = deps.clock.now().toISOString();
    const ask = async () => {
      await botSay(
        deps,
        ticket,
        [message, link, "", LGPD_QUESTION].filter((x) => x !== null).join("\n").trim(),
      );
    };

    if (ticket.status === "pending") {
      // A fresh conversation (nothing asked yet, no queue chosen): ask unless already accepted.
      if (ticket.queueId || (contact?.lgpdAcceptedAt && s.lgpdConsent !== "enabled")) return "continue";
      await botUpdate(deps, ticket, {
        status: "lgpd",
        lgpdSendMessageAt: now,
        amountUsedBotQueues: 1,
      }, { type: "lgpd" });
      await ask();
      return "stop";
    }

    if (ctx.body === "1") {
      await deps.database.write((tx) =>
        tx.update(contacts).set({ lgpdAcceptedAt: now, updatedAt: now }).where(
          eq(contacts.id, ticket.contactId),
        )
      );
      await botUpdate(deps, ticket, {
        status: "pending",
        lgpdAcceptedAt: now,
        amountUsedBotQueues: 0,
        isBot: true,
      });
      ctx.consume();
      return "continue";
    }
    if (ctx.body === "2") {
      if (connection.complationMessage) await botSay(deps, ticket, connection.complationMessage);
      await botClose(deps, ticket);
      return "stop";
    }
    const max = connection.maxUseBotQueues;
    if (max > 0 && ticket.amountUsedBotQueues >= max) return "stop";
    await ask();
    await botUpdate(deps, ticket, { amountUsedBotQueues: ticket.amountUsedBotQueues + 1 });
    return "stop";
  },
};
