/**
 * The summary a transfer leaves for the next attendant when no person's dialog wrote one: a
 * transfer by an API key or by automation (a bot handing over, a flow or redirect moving queues,
 * a rotation). The browser's transfer dialog writes its own note before a person's transfer, so
 * those are left alone. Nothing happens without a provider, past the month's budget, or when a
 * summary note already covers the conversation's latest message — checked again inside the note's
 * write, so one transfer never gets two. The call is logged in ai_usage like any other (no user).
 */
import type { Deps } from "../deps.ts";
import type { EventMap } from "../events/types.ts";
import { addSystemNote } from "../ticket_notes/service.ts";
import * as ctx from "./context.ts";
import { completeCall } from "./run.ts";
import { systemProvider } from "./settings.ts";
import * as repo from "./repo.ts";

/** The language of a note no person asked for (the product's first language). */
const NOTE_LANG = "pt";

export async function summariseTransfer(deps: Deps, e: EventMap["ticket.transferred"]): Promise<void> {
  if (e.by === "user") return;
  const { companyId } = e;
  const ids = [...new Set([e.ticketId, e.fromTicketId ?? e.ticketId])];
  const who = await repo.companyAndPlan(deps.db, companyId);
  if (!who) return;
  const provider = await systemProvider(deps, { companyId, ...who });
  if (!provider) return;
  if (await repo.hasFreshSummary(deps.db, companyId, ids)) return;
  const source = await repo.ticketRow(deps.db, companyId, e.fromTicketId ?? e.ticketId);
  if (!source) return;
  const conv = await ctx.conversation(deps, { companyId }, source);
  if (!conv.transcript) return;
  let text: string;
  try {
    text = await completeCall(deps, { companyId, userId: null }, provider, {
      feature: "summary",
      ticketId: e.ticketId,
      messages: ctx.summaryPrompt(conv, NOTE_LANG),
      maxTokens: 300,
      temperature: 0.2,
    });
  } catch {
    return; // a provider failure is in the usage log; the transfer itself is done
  }
  if (!text) return;
  await addSystemNote(
    deps,
    companyId,
    e.ticketId,
    `${repo.SUMMARY_MARK} ${text}`.slice(0, 5000),
    (tx) => repo.hasFreshSummary(tx, companyId, ids),
  );
}
