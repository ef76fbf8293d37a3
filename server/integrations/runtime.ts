/**
 * The integrations' runtime. A ticket whose `useIntegration` is set hands each customer
 * message to its bot: `integrationId` (Typebot, n8n, webhook, Dialogflow) or `promptId` (OpenAI).
 * Sources set those columns (the connection's or queue's integration through step.ts, a chatbot
 * option of kind integration, a flow node); `startIntegration` starts one at once.
 *
 * Provider calls never run in the inbound request: each turn is a durable job
 * (`integrations.turn`, server/jobs/queue.ts) ordered per ticket, so an outage neither loses the
 * customer's message (it is stored before the job exists) nor slows ingest. A turn that gives up
 * writes an `integrationError` line with the reason in the ticket's log.
 */
import { and, eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { enqueue, PermanentJobError, registerQueuedJob } from "../jobs/queue.ts";
import { getTicket, logTicket, type TicketRow } from "../tickets/repo.ts";
import { botClose, botUpdate } from "../automation/bot.ts";
import { deliverStored, findKeyedSend, sendOnTicket } from "../messages/send.ts";
import { renderForTicket } from "../messages/render.ts";
import { cancelTimers } from "../timers/repo.ts";
import { download, downloadLimit } from "../channels/download.ts";
import { getIntegration, getPrompt } from "./service.ts";
import { typebotTurn } from "./typebot.ts";
import { webhookTurn } from "./webhook.ts";
import { dialogflowTurn } from "./dialogflow.ts";
import { openaiTurn } from "./openai.ts";
import { transcribeStored } from "./transcribe.ts";
import { type Outcome, ProviderError, type Reply, type Turn } from "./provider.ts";
import { inlineBotNode, inlineIntegration, inlinePrompt } from "../flows/inline_bots.ts";

type TurnPayload = {
  companyId: number;
  ticketId: number;
  messageId?: number;
  text?: string;
  start?: boolean;
};

const JOB = "integrations.turn";

/** Queues the ticket's bot turn for a stored customer message (the automation step). */
export async function enqueueTurn(deps: Deps, p: TurnPayload): Promise<void> {
  await deps.database.write((tx) =>
    enqueue(tx, {
      name: JOB,
      payload: p,
      companyId: p.companyId,
      runAt: deps.clock.now(),
      // One bot conversation at a time per ticket, in the customer's order.
      orderKey: `integration:${p.ticketId}`,
      dedupeKey: p.messageId ? `integration:msg:${p.messageId}` : undefined,
      maxAttempts: 3,
    })
  );
  deps.jobs.kick();
}

/**
 * Hands the ticket to an integration or a prompt now and runs its first turn (the flow runtime at
 * its integration node). `message` is the text the bot starts with (Typebot: startChat's message;
 * the others answer the ticket's last customer message when it is absent).
 */
export async function startIntegration(
  deps: Deps,
  o: { companyId: number; ticketId: number; integrationId?: number; promptId?: number; message?: string },
): Promise<void> {
  if (!o.integrationId && !o.promptId) return;
  const ticket = await getTicket(deps.db, o.companyId, o.ticketId);
  // Ids come from the caller's own company records; checked anyway (a foreign id answers 404).
  const label = o.promptId
    ? `OpenAI «${(await getPrompt(deps, o.companyId, o.promptId)).name}»`
    : labelOf(await getIntegration(deps, o.companyId, o.integrationId!));
  await botUpdate(deps, ticket, {
    useIntegration: true,
    integrationId: o.promptId ? null : o.integrationId ?? null,
    promptId: o.promptId ?? null,
    typebotSessionId: null,
    typebotStatus: !o.promptId,
  }, { type: "integration", detail: label });
  await enqueueTurn(deps, { companyId: o.companyId, ticketId: o.ticketId, text: o.message, start: true });
}

export const labelOf = (i: { type: string; name: string }) => `${i.type} «${i.name}»`;

/** Gives the ticket back to people: pending in `queueId` (or its own queue), the bot's columns cleared. */
export async function handOver(
  deps: Deps,
  ticket: TicketRow,
  to: { queueId?: number | null; reason: string },
) {
  const queueId = to.queueId !== undefined && to.queueId !== null ? to.queueId : ticket.queueId;
  await botUpdate(
    deps,
    ticket,
    {
      useIntegration: false,
      integrationId: null,
      promptId: null,
      typebotSessionId: null,
      typebotStatus: false,
      typebotSessionTime: null,
      status: ticket.status === "open" ? "open" : "pending",
      queueId,
      // An inline flow node's bot (flows/inline_bots.ts) held the ticket parked on its node: the run ends too.
      ...(!ticket.integrationId && !ticket.promptId && ticket.flowStopped
        ? { flowStopped: null, lastFlowId: null, flowWebhook: false, hashFlowId: null, dataWebhook: null }
        : {}),
    },
    { type: "integrationEnd", queueId, detail: to.reason },
    (tx) => cancelTimers(tx, ticket.id, ["typebotExpiry"]),
  );
}

async function logLine(
  deps: Deps,
  t: { companyId: number; id: number },
  type: "integrationError",
  detail: string,
) {
  await deps.database.write((tx) => logTicket(tx, t.companyId, { ticketId: t.id, type, detail }));
}

/** The send key of a turn's i-th reply: the same id when a re-run after a crash meets it again. */
const replyKey = (jobId: number, i: number) => `turn:${jobId}:${i}`;
/** Replies of one turn looked up on a re-run (a bot answers a turn with a handful). */
const MAX_REPLAYED = 20;

/**
 * Says the bot's replies on the ticket; a failed channel send is on the message bubble already.
 * Each reply is sent under its turn's key (`replyKey`), so it is recorded as handed over before the
 * provider call and a re-run never stores it twice.
 */
async function say(deps: Deps, ticket: TicketRow, replies: Reply[], delayMs: number, jobId: number) {
  for (const [i, r] of replies.entries()) {
    if (i > 0 && delayMs > 0) await new Promise((ok) => setTimeout(ok, delayMs));
    const sendKey = replyKey(jobId, i);
    try {
      if ("text" in r) {
        if (!r.text.trim()) continue;
        await sendOnTicket(deps, ticket.companyId, ticket.id, {
          body: await renderForTicket(deps, ticket.id, r.text),
          sendKey,
        });
      } else if ("file" in r) {
        const media = await deps.media.save(ticket.companyId, "integrations", r.file);
        await sendOnTicket(deps, ticket.companyId, ticket.id, { body: "", media, sendKey });
      } else {
        const { data, mimetype } = await download(deps, r.mediaUrl, {
          maxBytes: await downloadLimit(deps),
          timeoutMs: deps.config.integrationTimeoutMs,
        });
        const name = new URL(r.mediaUrl).pathname.split("/").pop() || "file";
        const media = await deps.media.save(
          ticket.companyId,
          "integrations",
          new File([data as BlobPart], name, { type: mimetype }),
        );
        await sendOnTicket(deps, ticket.companyId, ticket.id, { body: r.caption ?? "", media, sendKey });
      }
    } catch (err) {
      console.warn(`[integrations] ticket ${ticket.id}: a reply was not delivered`, err);
    }
  }
}

/**
 * A turn run again after the process died while saying it (the queue hands a crashed worker's job
 * over): when its replies were already stored, the bot was already asked — asking again would
 * advance its conversation (Typebot, n8n) and answer twice. The stored replies are handed over
 * again by deliverStored's rules (WhatsApp: the same ids; Cloud API, Meta: uncertain, not resent);
 * the provider is not called. True when the turn was such a re-run.
 */
async function replayStored(deps: Deps, p: TurnPayload, jobId: number): Promise<boolean> {
  const replies: number[] = [];
  // Empty replies are skipped without a message, so a gap does not end the stored ones.
  for (let i = 0; i < MAX_REPLAYED; i++) {
    const m = await findKeyedSend(deps, p.companyId, replyKey(jobId, i));
    if (m) replies.push(m.id);
  }
  if (!replies.length) return false;
  for (const id of replies) {
    // Sent ones are skipped on the next attempt (acked), so a retry only finishes the rest.
    await deliverStored(deps, p.companyId, id).catch((err) => {
      throw new ReplayError(err instanceof Error ? err.message : String(err));
    });
  }
  return true;
}

/** A stored reply that could not be handed over again (e.g. the session not open yet): retried. */
class ReplayError extends Error {}

async function runTurn(deps: Deps, p: TurnPayload, job: { id: number; attempts: number }): Promise<void> {
  if (job.attempts > 1 && await replayStored(deps, p, job.id)) return;
  const ticket = await getTicket(deps.db, p.companyId, p.ticketId).catch(() => null);
  // Handed over, taken by an attendant or closed meanwhile: the bot has nothing to answer.
  if (!ticket || !ticket.useIntegration || ticket.userId || ticket.status === "closed") return;
  const [message] = p.messageId
    ? await deps.db.select().from(messages).where(
      and(eq(messages.companyId, p.companyId), eq(messages.id, p.messageId)),
    )
    : [null];
  let text = p.text ?? message?.body ?? "";
  // A voice message reaches the bot as its transcription.
  if (message && p.text === undefined && message.mediaType === "audio" && message.mediaUrl) {
    text = await transcribeStored(deps, ticket, message);
  }
  const turn: Turn = { deps, ticket, message: message ?? null, text: text.trim(), start: !!p.start };
  let out: Outcome;
  if (ticket.promptId) out = await openaiTurn(turn, await getPrompt(deps, p.companyId, ticket.promptId));
  else if (ticket.integrationId) {
    const integration = await getIntegration(deps, p.companyId, ticket.integrationId);
    switch (integration.type) {
      case "typebot":
        out = await typebotTurn(turn, integration);
        break;
      case "n8n":
      case "webhook":
        out = await webhookTurn(turn, integration);
        break;
      case "dialogflow":
        out = await dialogflowTurn(turn, integration);
        break;
      default:
        return; // flowbuilder: the flow runtime's
    }
  } else {
    // A flow node with its settings inline holds the ticket (flows/inline_bots.ts).
    const node = await inlineBotNode(deps, ticket);
    if (!node) return;
    out = node.type === "openai"
      ? await openaiTurn(turn, inlinePrompt(ticket.companyId, node))
      : await typebotTurn(turn, inlineIntegration(ticket.companyId, node));
  }
  // The customer may have been taken by an attendant while the provider thought.
  const fresh = await getTicket(deps.db, p.companyId, p.ticketId);
  if (fresh.userId || fresh.status === "closed" || !fresh.useIntegration) return;
  await say(deps, fresh, out.replies, out.delayMs ?? 0, job.id);
  if (out.close) await botClose(deps, await getTicket(deps.db, p.companyId, p.ticketId), "closed");
  else if (out.handover) {
    await handOver(deps, await getTicket(deps.db, p.companyId, p.ticketId), out.handover);
    // The bot hands the customer to people: as much a transfer as a person's.
    deps.bus.emit("ticket.transferred", { companyId: p.companyId, ticketId: p.ticketId, by: "automation" });
  }
}

registerQueuedJob({
  name: JOB,
  async handle(deps, payload, job) {
    const p = payload as TurnPayload;
    try {
      await runTurn(deps, p, job);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      // Bot answers are not idempotent (Typebot, n8n advance their state): only calls that
      // failed before the provider answered anything are worth a second try.
      // A re-run handing stored replies over again asks no provider: it may always try again.
      const retry = err instanceof ReplayError ||
        (err instanceof ProviderError && /timed out|timeout|ECONN|network|5\d\d|429/i.test(reason));
      if (!retry || job.attempts >= 3) throw new PermanentJobError(reason);
      throw err;
    }
  },
  async onGiveUp(deps, payload, error) {
    const p = payload as TurnPayload;
    const which = p.messageId ? `a mensagem #${p.messageId} do cliente está guardada` : "início da sessão";
    await logLine(deps, { companyId: p.companyId, id: p.ticketId }, "integrationError", `${error} (${which})`)
      .catch((err) => console.error("[integrations] could not log a failure", err));
  },
});
