/**
 * The write half of the inbound pipeline (pipeline.ts): steps 1–9 of a batch of messages in one
 * write transaction, where a failing message fails alone (storeBatch). It uses
 * only the transaction and what the job carries (no deps), so it runs the same on the main thread
 * and on the ingest Worker (ingest_thread.ts), whose results must cross a thread: plain rows.
 */
import type { InboundMessage } from "../channels/adapter.ts";
import type { StoredFile } from "../media/store.ts";
import { readSetting } from "../settings/repo.ts";
import { findMessageByWid, findStoredWids, insertMessage } from "../messages/repo.ts";
import { type MessageRow, previewOf } from "../messages/dto.ts";
import {
  findActiveTicket,
  findLatestTicket,
  logTicket,
  openTraking,
  type TicketRow,
  updateHeldTicket,
  updateTicket,
} from "../tickets/repo.ts";
import { openTicket } from "../tickets/open.ts";
import type { Tx } from "@db/client.ts";
import { sql } from "drizzle-orm";
import type { ConnectionRow } from "../connections/repo.ts";
import { type ContactRow, upsertInboundContact } from "./contacts.ts";
import type { Settled } from "./batcher.ts";
import { enqueueMediaFetch } from "./media_job.ts";

/** One message to store; `media` is already on disk (`stored`), so it never crosses a thread. */
/** What receiving one inbound message gave (pipeline.ts's receiveInbound, the ingest thread). */
export type InboundResult = { messageId: number; ticketId: number; duplicate: boolean };

export type StoreJob = {
  msg: Omit<InboundMessage, "media">;
  stored?: StoredFile;
  imported: boolean;
  /** The clock's time when the message arrived (ms). */
  now: number;
};

/** What storing one message gave: null for a duplicate, `importedOnly` for a history import. */
export type Stored =
  | null
  | { importedOnly: { ticketId: number; messageId: number }; ticket?: undefined }
  | {
    importedOnly?: undefined;
    ticket: TicketRow;
    before?: TicketRow;
    moved: boolean;
    message: MessageRow;
    contactCreated: boolean;
    contact: ContactRow;
  };

/**
 * Runs inside the batch's write transaction; settles every job, in order. Optimistic: the batch
 * runs under one savepoint; only if a message fails is it rolled back and run again with a
 * savepoint per message, so that the failing one fails alone (failures are rare; a savepoint
 * and its release cost ≈ 13 µs per message).
 */
export async function storeBatch(tx: Tx, jobs: StoreJob[]): Promise<Settled<Stored>[]> {
  if (jobs.length > 1) {
    try {
      return await inSavepoint(tx, BATCH, async () => {
        const seen = await storedWids(tx, jobs);
        const out: Settled<Stored>[] = [];
        for (const job of jobs) out.push({ ok: true, value: await storeInbound(tx, job, seen) });
        return out;
      });
    } catch { /* one message failed: again, one savepoint each */ }
  }
  const seen = await storedWids(tx, jobs);
  const out: Settled<Stored>[] = [];
  for (const job of jobs) {
    try {
      out.push({ ok: true, value: await inSavepoint(tx, ONE, () => storeInbound(tx, job, seen)) });
    } catch (error) {
      out.push({ ok: false, error });
    }
  }
  return out;
}

// Plain SAVEPOINT statements: a Drizzle nested transaction builds a new database object (a query
// builder per table) each time.
const savepoint = (name: string) => ({
  open: sql.raw(`savepoint ${name}`),
  release: sql.raw(`release ${name}`),
  rollback: sql.raw(`rollback to ${name}`),
});
const BATCH = savepoint("inbound_batch");
const ONE = savepoint("inbound");

/** `fn` under a savepoint: kept if it returns, undone (and the error rethrown) if it throws. */
async function inSavepoint<T>(tx: Tx, sp: typeof ONE, fn: () => Promise<T>): Promise<T> {
  await tx.run(sp.open);
  try {
    const r = await fn();
    await tx.run(sp.release);
    return r;
  } catch (e) {
    await tx.run(sp.rollback);
    await tx.run(sp.release);
    throw e;
  }
}

const widKey = (companyId: number, wid: string) => `${companyId}:${wid}`;

/** The batch's provider ids already stored, one query per company (the dedupe of step 0). */
async function storedWids(tx: Tx, jobs: StoreJob[]): Promise<Set<string>> {
  const byCompany = new Map<number, string[]>();
  for (const { msg } of jobs) {
    const c = msg.connection.companyId;
    const wids = byCompany.get(c);
    if (wids) wids.push(msg.externalId);
    else byCompany.set(c, [msg.externalId]);
  }
  const seen = new Set<string>();
  for (const [companyId, wids] of byCompany) {
    for (const wid of await findStoredWids(tx, companyId, wids)) seen.add(widKey(companyId, wid));
  }
  return seen;
}

/** Steps 1–9 for one message inside the batch's transaction; null for a duplicate. */
async function storeInbound(
  tx: Tx,
  { msg, stored, imported, now }: StoreJob,
  seen: Set<string>,
): Promise<Stored> {
  const conn = msg.connection;
  const companyId = conn.companyId;
  const key = widKey(companyId, msg.externalId);
  if (seen.has(key)) return null;
  seen.add(key); // a second copy in the same batch is a duplicate too
  const sender = await upsertInboundContact(tx, companyId, {
    number: msg.from.number,
    name: msg.from.name,
    lid: msg.from.lid,
    isGroup: false,
    channel: conn.channel,
    whatsappId: conn.id,
  });
  const owner = msg.group
    ? await upsertInboundContact(tx, companyId, {
      number: msg.group.id,
      name: msg.group.name,
      isGroup: true,
      channel: conn.channel,
      whatsappId: conn.id,
    })
    : sender;
  const { ticket, before } = await ticketFor(tx, now, conn, owner.contact, {
    isGroup: !!msg.group,
    fromMe: msg.fromMe,
    walletUserId: imported ? null : owner.contact.walletUserId,
    imported,
  });
  const at = (msg.timestamp ?? new Date(now)).toISOString();
  const pending = stored ? undefined : msg.pendingMedia;
  // A reply or a reaction points at a message the company has (by its provider id).
  const quoted = msg.quotedExternalId ? await findMessageByWid(tx, companyId, msg.quotedExternalId) : null;
  const message = await insertMessage(tx, {
    companyId,
    wid: msg.externalId,
    ticketId: ticket.id,
    contactId: sender.contact.id,
    body: msg.body,
    fromMe: msg.fromMe,
    read: msg.fromMe || imported,
    mediaType: msg.mediaType ?? (stored ? stored.mimetype.split("/")[0] : pending?.mediaType ?? "chat"),
    mediaUrl: stored?.path,
    mediaName: stored?.name,
    // Stored at once without its file; the media job fetches it (media_job.ts, media.ts).
    mediaStatus: pending ? (pending.unavailable ? "unavailable" : "pending") : undefined,
    mediaLink: pending?.link,
    ack: msg.fromMe ? 1 : 0,
    queueId: ticket.queueId,
    participant: msg.group ? msg.from.number : null,
    channel: conn.channel,
    quotedMsgId: quoted?.id,
    ...(msg.data ? { dataJson: JSON.stringify(msg.data) } : {}),
    createdAt: at,
  });
  if (!message) return null;
  if (pending && !pending.unavailable) {
    await enqueueMediaFetch(tx, {
      companyId,
      messageId: message.id,
      connectionId: conn.id,
      source: pending.source,
    }, now);
  }
  if (imported) {
    // Old history must not touch a live ticket's preview or unread count.
    if (ticket.imported) {
      await updateTicket(tx, companyId, ticket.id, {
        lastMessage: lastMessageOf(msg.body, message.mediaType, stored?.name),
        fromMe: msg.fromMe,
      });
    }
    return { importedOnly: { ticketId: ticket.id, messageId: message.id } };
  }
  const updated = await updateHeldTicket(tx, ticket, {
    lastMessage: lastMessageOf(msg.body, message.mediaType, stored?.name),
    unreadMessages: msg.fromMe ? 0 : ticket.unreadMessages + 1,
    fromMe: msg.fromMe,
    status: ticket.status === "closed" ? "pending" : ticket.status,
    ...(msg.subject && !ticket.subject ? { subject: msg.subject.slice(0, 500) } : {}),
  });
  await openTraking(tx, companyId, updated);
  return {
    ticket: updated,
    before,
    /** Created, reopened, or its status, assignee or queue changed. */
    moved: !before || before.status !== updated.status || before.userId !== updated.userId ||
      before.queueId !== updated.queueId,
    message,
    contactCreated: owner.created || sender.created,
    contact: owner.contact,
  };
}

/**
 * The ticket's preview of its last message, at most 500 characters, as a string of its own: a
 * slice of a long body is a view that keeps the whole body alive as long as the ticket row.
 */
const lastMessageOf = (body: string, mediaType: string | null, filename?: string) => {
  const preview = previewOf(body, mediaType, filename);
  return preview.length > 500 ? structuredClone(preview.slice(0, 500)) : preview;
};

/**
 * The ticket a new inbound message belongs to: the active one; else, within the connection's
 * timeCreateNewTicket window, the latest one reopened as pending; else a new one.
 */
async function ticketFor(
  tx: Tx,
  now: number,
  conn: ConnectionRow,
  contact: ContactRow,
  /** The contact's wallet owner; used only when the company's DirectTicketsToWallets is enabled. */
  o: { isGroup: boolean; fromMe: boolean; walletUserId: number | null; imported: boolean },
): Promise<{ ticket: TicketRow; before?: TicketRow }> {
  const companyId = conn.companyId;
  const active = await findActiveTicket(tx, companyId, contact.id, conn.id);
  if (active) return { ticket: active, before: active };
  if (conn.timeCreateNewTicket > 0 && !o.imported) {
    const latest = await findLatestTicket(tx, companyId, contact.id, conn.id);
    const since = now - conn.timeCreateNewTicket * 60_000;
    if (latest && Date.parse(latest.updatedAt) >= since) {
      const reopened = await updateTicket(tx, companyId, latest.id, {
        status: "pending",
        userId: null,
        closedAt: null,
      });
      await logTicket(tx, companyId, { ticketId: latest.id, type: "reopen" });
      return { ticket: reopened, before: latest };
    }
  }
  const groupTicket = o.isGroup && conn.groupAsTicket !== "enabled";
  // Read only when a ticket is about to be created (not for every message of a running chat).
  const wallet = !o.isGroup && o.walletUserId &&
    (await readSetting(tx, companyId, "DirectTicketsToWallets")) === "enabled";
  // The tracking cycle opens below, once the message is stored (storeInbound).
  const { ticket } = await openTicket(tx, companyId, {
    contactId: contact.id,
    whatsappId: conn.id,
    status: groupTicket ? "group" : wallet ? "open" : "pending",
    userId: wallet ? o.walletUserId : null,
    isGroup: o.isGroup,
    // Whether a bot handles it is decided after the automation ran (bot_state.ts).
    isBot: false,
    channel: conn.channel,
    isActiveDemand: o.fromMe,
    ...(o.imported ? { imported: true, queueId: conn.queueIdImportMessages } : {}),
  });
  return { ticket };
}
