/**
 * What the automation steps do to a ticket: say something (through the attendants' send path:
 * store → emit → adapter), change the ticket with its log line and event, close it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { ticketTraking } from "@db/schema.ts";
import type { Tx } from "@db/client.ts";
import type { Deps } from "../deps.ts";
import { sendOnTicket } from "../messages/send.ts";
import { renderForTicket } from "../messages/render.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import {
  getTicket,
  logTicket,
  type TicketRow,
  updateTicket,
  updateTicketIfUnmoved,
} from "../tickets/repo.ts";
import { closeTraking } from "../tickets/tracking.ts";
import type { tickets } from "@db/schema.ts";
import { type MenuOption, menuText } from "../messages/menu.ts";

type TicketLogType = Parameters<typeof logTicket>[2]["type"];

/**
 * Sends `text` (variables rendered) on the ticket as the bot. `sendKey`: for a send a queued job may
 * run again after a crash (messages/send.ts): the re-run finds it stored and does not say it twice.
 */
export async function botSay(deps: Deps, ticket: TicketRow, text: string, sendKey?: string): Promise<void> {
  if (!text.trim()) return;
  const body = await renderForTicket(deps, ticket.id, text);
  await sendOnTicket(deps, ticket.companyId, ticket.id, { body, sendKey });
}

/**
 * Sends a numbered menu as the bot. With the company's chatBotType list or button the options
 * travel with it (`rich` menu) and each channel that has choices shows them natively
 * (messages/menu.ts); the body is always the numbered text, what the others send.
 */
export async function botMenu(
  deps: Deps,
  ticket: TicketRow,
  header: string | null | undefined,
  options: readonly MenuOption[],
  footer: readonly string[],
): Promise<void> {
  const rendered = header?.trim() ? await renderForTicket(deps, ticket.id, header) : "";
  const type = await deps.caches.settings.get(ticket.companyId, "chatBotType");
  const data = { header: rendered, options: [...options], footer: [...footer] };
  const body = menuText({ style: "list", ...data });
  if (!body.trim()) return;
  const style = type === "list" || type === "button" ? type : null;
  await sendOnTicket(deps, ticket.companyId, ticket.id, {
    body,
    ...(style ? { rich: { kind: "menu" as const, data: { style, ...data } } } : {}),
  });
}

/**
 * A bot write that moves the ticket found it no longer where the bot read it: an attendant
 * accepted, transferred or closed it meanwhile. Nothing was written; the bot lets go (the
 * automation chain stops quietly, a timer or job runs again on the fresh row).
 */
export class TicketMovedMeanwhile extends Error {
  constructor(readonly ticketId: number, readonly expected: string) {
    super(`ticket ${ticketId} moved (from ${expected}) while the bot was acting on it`);
  }
}

/**
 * Writes ticket fields (plus optional extra writes), logs, and emits ticket.updated. A write that
 * moves the ticket (status, queue or attendant) only lands while the ticket is still where the
 * caller read it — same status, queue and attendant (compare and set): the bot's "pending" must
 * never reopen a ticket an attendant closed or take back one he accepted, and the bot's queue
 * choice (or a timer's redirect) must not undo his transfer, during the bot's turn.
 */
export async function botUpdate(
  deps: Deps,
  ticket: TicketRow,
  values: Partial<typeof tickets.$inferInsert>,
  log?: { type: TicketLogType; queueId?: number | null; userId?: number | null; detail?: string | null },
  extra?: (tx: Tx, row: TicketRow) => Promise<void>,
): Promise<TicketRow> {
  const row = await deps.database.write(async (tx) => {
    const moves = values.status !== undefined || values.queueId !== undefined || values.userId !== undefined;
    const t = moves
      ? await updateTicketIfUnmoved(tx, ticket.companyId, ticket.id, ticket, values)
      : await updateTicket(tx, ticket.companyId, ticket.id, values);
    if (!t) throw new TicketMovedMeanwhile(ticket.id, ticket.status);
    if (log) await logTicket(tx, ticket.companyId, { ticketId: ticket.id, ...log });
    await extra?.(tx, t);
    return t;
  });
  const [dto] = await ticketDTOs(deps.db, ticket.companyId, [row]);
  deps.bus.emit("ticket.updated", { companyId: ticket.companyId, ticket: dto, before: ticket });
  // Automation handing the customer on: a rotation to another attendant, or a move between queues.
  const requeued = (log?.type === "queue" || log?.type === "redirect") && ticket.queueId !== null &&
    row.queueId !== ticket.queueId;
  if (log?.type === "transfered" || requeued) {
    deps.bus.emit("ticket.transferred", { companyId: ticket.companyId, ticketId: row.id, by: "automation" });
  }
  return row;
}

/** Sets the tracking row's queue/chatbot time for the ticket's open cycle. */
export async function touchTraking(tx: Tx, ticketId: number, at: string, queueId?: number | null) {
  await tx.update(ticketTraking).set({ chatbotAt: at, ...(queueId !== undefined ? { queueId } : {}) })
    .where(and(eq(ticketTraking.ticketId, ticketId), isNull(ticketTraking.finishedAt)));
}

/** Closes the ticket as the bot (menu counters restart, tracking closed, log `type`). */
export async function botClose(
  deps: Deps,
  ticket: TicketRow,
  type: TicketLogType = "closed",
  extra?: Partial<typeof tickets.$inferInsert>,
): Promise<TicketRow> {
  const fresh = await getTicket(deps.db, ticket.companyId, ticket.id);
  if (fresh.status === "closed") return fresh;
  return await botUpdate(
    deps,
    fresh,
    {
      status: "closed",
      closedAt: deps.clock.now().toISOString(),
      unreadMessages: 0,
      amountUsedBotQueues: 0,
      amountUsedBotQueuesNPS: 0,
      isOutOfHour: false,
      // A closed ticket leaves its flow: reopened, it must not resume a stale parked run.
      flowWebhook: false,
      lastFlowId: null,
      flowStopped: null,
      hashFlowId: null,
      dataWebhook: null,
      ...extra,
    },
    { type },
    (tx) => closeTraking(tx, fresh.companyId, fresh),
  );
}
