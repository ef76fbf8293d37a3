/**
 * Baileys `messages.update` and `message-receipt.update` → acks, edits and revokes (reference §3
 * "Acks and calls"). Baileys status 2 (server ack) is our ack 1; status 3 (delivered) on our own
 * message maps to ack 2; 4 (read) and 5 (played) pass through. setAck never lowers an ack.
 */
import { proto, type WAMessageKey, type WAMessageUpdate } from "baileys";
import type { ConnectionRow } from "../../connections/repo.ts";
import { findConnection } from "../../connections/repo.ts";
import { receiveAck, receiveRevoke } from "../../inbox/updates.ts";
import { isNotFound } from "../../lib/errors.ts";
import { editIfKnown, textOf } from "./inbound.ts";
import type { WaContext } from "./socket.ts";

const Status = proto.WebMessageInfo.Status;

/** Our ack for a Baileys message status, or null when it says nothing new. */
export function ackOf(status: number | null | undefined): number | null {
  switch (status) {
    case Status.SERVER_ACK:
      return 1;
    case Status.DELIVERY_ACK:
      return 2;
    case Status.READ:
      return 4;
    case Status.PLAYED:
      return 5;
    default:
      return null;
  }
}

async function ack(ctx: WaContext, conn: ConnectionRow, key: WAMessageKey, value: number | null) {
  if (!key.fromMe || !key.id || value === null) return;
  await receiveAck(ctx.deps, conn, key.id, value).catch((err) => {
    // Acks of messages we never stored (sent before the session existed) are ignored.
    if (!isNotFound(err)) throw err;
  });
}

const connOf = (ctx: WaContext) =>
  findConnection(ctx.deps.db, ctx.session.companyId, ctx.session.connectionId);

export async function handleMessageUpdates(ctx: WaContext, updates: WAMessageUpdate[]): Promise<void> {
  const conn = await connOf(ctx);
  if (!conn) return;
  for (const { key, update } of updates) {
    try {
      if (!key.id) continue;
      const edited = update.message?.editedMessage?.message;
      if (edited) {
        const body = textOf(edited);
        if (body !== null) await editIfKnown(ctx, conn, key.id, body);
      } else if (update.messageStubType === proto.WebMessageInfo.StubType.REVOKE) {
        await receiveRevoke(ctx.deps, conn, key.id);
      }
      if (update.status != null) await ack(ctx, conn, key, ackOf(update.status));
    } catch (err) {
      console.error(`[wa ${conn.id}] update ${key.id}`, err);
    }
  }
}

export async function handleReceipts(
  ctx: WaContext,
  receipts: { key: WAMessageKey; receipt: proto.IUserReceipt }[],
): Promise<void> {
  const conn = await connOf(ctx);
  if (!conn) return;
  for (const { key, receipt } of receipts) {
    const value = receipt.playedTimestamp
      ? 5
      : receipt.readTimestamp
      ? 4
      : receipt.receiptTimestamp
      ? 2
      : null;
    try {
      await ack(ctx, conn, key, value);
    } catch (err) {
      console.error(`[wa ${conn.id}] receipt ${key.id}`, err);
    }
  }
}
