/**
 * PUT /tickets/{id}: accept, return to queue, close (with or without farewell), ignore, reopen,
 * transfer (spec 1 §4 table; reference §4 UpdateTicketService, without its holes).
 */
import { and, eq } from "drizzle-orm";
import { contactTags, messages, tickets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, noPermission } from "../lib/errors.ts";
import { assertOwned } from "../lib/owned.ts";
import { isAdmin, requireExplicitUser } from "../auth/permissions.ts";
import { readSettings } from "../settings/repo.ts";
import { getConnection } from "../connections/repo.ts";
import { sendOnTicket } from "../messages/send.ts";
import { canViewTicket } from "./policy.ts";
import { type TicketDTO, ticketDTOs } from "./dto.ts";
import { findActiveTicket, getTicket, logTicket, type TicketRow, updateTicket } from "./repo.ts";
import { dtoFor } from "./service.ts";
import type { UpdateTicketInput } from "./schemas.ts";
import { afterUpdate, render } from "./effects.ts";
import { closeTraking, now, startTraking } from "./tracking.ts";
import { transferToNewTicket } from "./transfer.ts";
import { type ReadMessage, receiptsFor } from "../messages/read_receipts.ts";
import { askRating, ratingApplies } from "./rating.ts";
import { botSwitchPatch, logBotSwitch, planBotSwitch } from "./bot_switch.ts";

export async function updateTicketStatus(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateTicketInput,
): Promise<TicketDTO> {
  const before = await getTicket(deps.db, actor.companyId, id);
  if (!canViewTicket(actor.viewer, before)) throw noPermission();
  // Closing a closed ticket changes nothing. It used to send the farewell again and open and
  // close a fresh tracking cycle, which the dashboard then counted as another finished service.
  if (input.status === "closed" && before.status === "closed") return await dtoFor(deps, actor, before);
  const s = await readSettings(deps.db, actor.companyId, [
    "requiredTag",
    "sendFarewellWaitingTicket",
    "sendGreetingAccepted",
    "greetingAcceptedMessage",
    "sendMsgTransfTicket",
    "transferMessage",
    "closeTicketOnTransfer",
  ]);

  // Reopening while another ticket of the contact is active there returns that ticket unchanged.
  if (before.status === "closed" && input.status && input.status !== "closed" && before.whatsappId) {
    const other = await findActiveTicket(deps.db, actor.companyId, before.contactId, before.whatsappId);
    if (other) return await dtoFor(deps, actor, other);
  }
  await assertOwned(deps.db, actor.companyId, {
    queue: input.queueId,
    user: input.userId,
    queueIntegration: input.integrationId,
  });

  const conn = before.whatsappId ? await getConnection(deps.db, actor.companyId, before.whatsappId) : null;
  // The conversation's integration switch (bot_switch.ts). On gives an attended ticket back to the
  // bot: it waits without an attendant, as every ticket a bot holds does.
  const bot = input.useIntegration === undefined || input.status === "closed"
    ? null
    : await planBotSwitch(deps.db, before, input.useIntegration, conn);
  if (bot?.on && before.status === "open" && input.status === undefined) {
    input = { ...input, status: "pending" };
  }
  const closing = input.status === "closed";
  if (closing) await assertMayClose(deps, actor, before, s.requiredTag === "enabled");

  // With ratings on, an attended ticket waits for the customer's rating (status nps) instead;
  // the farewell follows the rating (server/automation/steps/rating.ts).
  const rating = closing && await ratingApplies(deps, before, conn);
  // Farewell goes out before the ticket closes, so the customer's reply to it still lands here.
  if (closing && !rating && input.sendFarewellMessage !== false && conn) {
    const wantsIt = before.status !== "pending" || s.sendFarewellWaitingTicket === "enabled";
    const groupOk = !before.isGroup || conn.groupAsTicket === "enabled";
    const text = actor.user.farewellMessage || conn.complationMessage;
    if (wantsIt && groupOk && text && conn.status === "CONNECTED") {
      await sendOnTicket(deps, actor.companyId, id, {
        body: await render(deps, actor, before, text),
        userId: actor.userId,
      });
    }
  }

  const transfer = !!input.isTransfered ||
    (!closing && input.queueId !== undefined && input.queueId !== before.queueId &&
      before.status !== "pending");
  if (
    transfer && s.closeTicketOnTransfer === "enabled" && input.queueId && input.queueId !== before.queueId
  ) {
    return await transferToNewTicket(deps, actor, before, input, s);
  }
  let readNow: ReadMessage[] = [];
  const updated = await deps.database.write(async (tx) => {
    const patch: Partial<typeof tickets.$inferInsert> = bot ? botSwitchPatch(bot) : {};
    if (bot) await logBotSwitch(tx, before, bot, actor.userId);
    else if (input.useIntegration !== undefined) patch.useIntegration = input.useIntegration;
    if (input.integrationId !== undefined && !bot) patch.integrationId = input.integrationId;
    if (input.queueId !== undefined) patch.queueId = input.queueId;
    if (rating) {
      const t = await updateTicket(tx, actor.companyId, id, {
        ...patch,
        status: "nps",
        amountUsedBotQueuesNPS: 0,
      });
      await logTicket(tx, actor.companyId, {
        ticketId: id,
        type: "nps",
        userId: actor.userId,
        queueId: t.queueId,
      });
      return t;
    }
    if (closing) {
      Object.assign(patch, {
        status: "closed",
        closedAt: now(),
        unreadMessages: 0,
        amountUsedBotQueues: 0,
        flowWebhook: false,
        lastFlowId: null,
        flowStopped: null,
        hashFlowId: null,
        dataWebhook: null,
      });
      const t = await updateTicket(tx, actor.companyId, id, patch);
      await closeTraking(tx, actor.companyId, before);
      await logTicket(tx, actor.companyId, {
        ticketId: id,
        type: "closed",
        userId: actor.userId,
        queueId: t.queueId,
      });
      return t;
    }
    // Accepting or reopening without an explicit userId gives the ticket to the current user
    // (spec 1 §4); falling back to before.userId handed a reopened ticket back to whoever had
    // closed it.
    const taking = (input.status === "open" || input.status === "group") && before.status !== "open" &&
      before.status !== "group";
    if (taking && input.userId === undefined) requireExplicitUser(actor, undefined, "accepts a ticket");
    const target = input.userId !== undefined
      ? input.userId
      : input.status === "pending"
      ? null
      : taking
      ? actor.userId
      : before.userId;
    const status = input.status === "pending" || (transfer && !target)
      ? "pending"
      : input.status === "open" || input.status === "group" || (transfer && target)
      ? (before.isGroup && conn?.groupAsTicket !== "enabled" ? "group" : "open")
      : before.status;
    const userId = status === "pending"
      ? null
      : (target ?? (input.status === "open" ? actor.userId : before.userId));
    if (transfer) patch.isTransfered = true;
    if (input.amountUsedBotQueues !== undefined) patch.amountUsedBotQueues = input.amountUsedBotQueues;
    const t = await updateTicket(tx, actor.companyId, id, {
      ...patch,
      status,
      userId,
      ...(status === "open" ? { unreadMessages: 0, isBot: false } : {}),
      // A reopened ticket is no longer closed (the inbound reopen window clears it the same way).
      ...(before.status === "closed" ? { closedAt: null } : {}),
    });
    if (status === "open" && before.status !== "open") await startTraking(tx, actor.companyId, t, userId);
    if (status === "pending" && before.status !== "pending") await startTraking(tx, actor.companyId, t, null);
    const type = transfer
      ? "transfered"
      : status === before.status
      ? null
      : status === "pending"
      ? "pending"
      : before.status === "closed"
      ? "reopen"
      : "open";
    if (type) {
      await logTicket(tx, actor.companyId, { ticketId: id, type, userId: actor.userId, queueId: t.queueId });
    }
    if (transfer && userId && userId !== actor.userId) {
      await logTicket(tx, actor.companyId, {
        ticketId: id,
        type: "receivedTransfer",
        userId,
        queueId: t.queueId,
      });
    }
    if (status === "open") {
      readNow = await tx.update(messages).set({ read: true }).where(
        and(eq(messages.ticketId, id), eq(messages.read, false)),
      ).returning({ wid: messages.wid, fromMe: messages.fromMe, participant: messages.participant });
    }
    return t;
  });
  // Accepting reads the conversation (opening a waiting ticket does not): the customer is told.
  receiptsFor(deps, actor.companyId, updated, readNow);

  await afterUpdate(deps, actor, before, updated, input, transfer, s);
  const [broadcast] = await ticketDTOs(deps.db, actor.companyId, [updated]);
  deps.bus.emit("ticket.updated", {
    companyId: actor.companyId,
    ticket: broadcast,
    before,
    actorUserId: actor.userId,
  });
  if (transfer) {
    deps.bus.emit("ticket.transferred", {
      companyId: actor.companyId,
      ticketId: updated.id,
      by: actor.apiKey ? "apiKey" : "user",
    });
  }
  if (rating && conn) await askRating(deps, updated, conn);
  return await dtoFor(deps, actor, updated);
}

async function assertMayClose(deps: Deps, actor: Actor, t: TicketRow, requiredTag: boolean) {
  if (t.status === "pending" && !isAdmin(actor) && actor.user.userClosePendingTicket !== "enabled") {
    throw noPermission();
  }
  if (!requiredTag) return;
  const [tag] = await deps.db.select({ id: contactTags.tagId }).from(contactTags)
    .where(and(eq(contactTags.companyId, actor.companyId), eq(contactTags.contactId, t.contactId))).limit(1);
  if (!tag) throw new AppError("ERR_TAG_REQUIRED");
}
