/**
 * The inbound pipeline, the same for every channel (DESIGN §7, reference §3 steps 1–9, 12):
 * contact → ticket (find-or-create, reopen window) → message (idempotent on the provider id) →
 * ticket counters and tracking → events. Messages are written in group commits (batcher.ts): one
 * short write transaction per batch, media written to disk before it, each message answered
 * once its batch has committed. Automation (greeting, queue menu, chatbots, flows) runs afterwards from the
 * `message.created` listener, so a slow bot never delays storing the next message.
 */
import type { Deps } from "../deps.ts";
import { downloadLimit } from "../channels/download.ts";
import type { InboundMessage } from "../channels/adapter.ts";
import type { StoredFile } from "../media/store.ts";
import { AppError } from "../lib/errors.ts";
import { readSetting } from "../settings/repo.ts";
import { findMessageByWid, insertMessage } from "../messages/repo.ts";
import { type MessageDTO, messageDTOs, type MessageRow, previewOf } from "../messages/dto.ts";
import { type TicketDTO, ticketDTOs } from "../tickets/dto.ts";
import { Batcher, type Settled } from "./batcher.ts";
import {
  findActiveTicket,
  findLatestTicket,
  findOrCreateActiveTicket,
  logTicket,
  openTraking,
  type TicketRow,
  updateTicket,
} from "../tickets/repo.ts";
import type { Tx } from "@db/client.ts";
import { sql } from "drizzle-orm";
import type { ConnectionRow } from "../connections/repo.ts";
import { type ContactRow, upsertInboundContact } from "./contacts.ts";

export type InboundResult = { messageId: number; ticketId: number; duplicate: boolean };

/**
 * `imported`: a message of the history import (spec 2 §3 importOldMessages). It is stored read,
 * in the contact's active ticket or a new one flagged `imported` in the connection's
 * queueIdImportMessages; nothing is reopened, no tracking opens, and no event is emitted (no
 * appMessage, no automation): the importer publishes its progress instead.
 */
export type InboundOptions = { imported?: boolean };

export async function receiveInbound(
  deps: Deps,
  msg: InboundMessage,
  o: InboundOptions = {},
): Promise<InboundResult> {
  const companyId = msg.connection.companyId;
  let stored: StoredFile | undefined;
  if (msg.media) {
    // Only media pays for a read before the batch: a duplicate must not write its file again.
    const dup = await findMessageByWid(deps.db, companyId, msg.externalId);
    if (dup) return { messageId: dup.id, ticketId: dup.ticketId, duplicate: true };
    const file = new File([msg.media.data as BlobPart], msg.media.filename, { type: msg.media.mimetype });
    stored = await deps.media.save(companyId, "messages", file, { maxBytes: await downloadLimit(deps) });
  }
  return await batcherOf(deps).submit({ msg, stored, imported: !!o.imported });
}

const SAVEPOINT = sql`savepoint inbound`;
const RELEASE = sql`release inbound`;
const ROLLBACK_TO = sql`rollback to inbound`;

type Job = { msg: InboundMessage; stored?: StoredFile; imported: boolean };
type Stored = Awaited<ReturnType<typeof storeInbound>>;

const batchers = new WeakMap<Deps, Batcher<Job, InboundResult>>();
function batcherOf(deps: Deps): Batcher<Job, InboundResult> {
  let b = batchers.get(deps);
  if (!b) batchers.set(deps, b = new Batcher((jobs) => ingestBatch(deps, jobs)));
  return b;
}

/**
 * One write transaction for the whole batch, each message in its own savepoint (a failing
 * message fails alone); then, after the commit, the DTOs of the batch per company in one round
 * of reads, and the events in arrival order.
 */
async function ingestBatch(deps: Deps, jobs: Job[]): Promise<Settled<InboundResult>[]> {
  const stored = await deps.database.write(async (tx) => {
    const out: Settled<Stored>[] = [];
    // Plain SAVEPOINT statements: a Drizzle nested transaction builds a new database object (a
    // query builder per table) for every message.
    for (const job of jobs) {
      await tx.run(SAVEPOINT);
      try {
        out.push({ ok: true, value: await storeInbound(tx, deps, job) });
        await tx.run(RELEASE);
      } catch (error) {
        await tx.run(ROLLBACK_TO);
        await tx.run(RELEASE);
        out.push({ ok: false, error });
      }
    }
    return out;
  });

  const fresh = new Map<number, { tickets: TicketRow[]; messages: MessageRow[] }>();
  for (const s of stored) {
    if (!s.ok || !s.value?.ticket) continue;
    const { ticket, message } = s.value;
    const f = fresh.get(ticket.companyId) ?? { tickets: [], messages: [] };
    f.tickets.push(ticket);
    f.messages.push(message);
    fresh.set(ticket.companyId, f);
  }
  const dtos = new Map<number, { tickets: TicketDTO[]; messages: MessageDTO[] }>();
  for (const [companyId, f] of fresh) {
    const [tickets, messages] = await Promise.all([
      ticketDTOs(deps.db, companyId, f.tickets),
      messageDTOs(deps.db, deps.media, companyId, f.messages),
    ]);
    dtos.set(companyId, { tickets, messages });
  }

  const results: Settled<InboundResult>[] = [];
  for (let i = 0; i < jobs.length; i++) {
    const s = stored[i];
    const companyId = jobs[i].msg.connection.companyId;
    if (!s.ok) {
      results.push(s);
    } else if (!s.value) {
      // A duplicate (found inside the transaction): answer with the stored message.
      const again = await findMessageByWid(deps.db, companyId, jobs[i].msg.externalId);
      results.push(
        again
          ? { ok: true, value: { messageId: again.id, ticketId: again.ticketId, duplicate: true } }
          : { ok: false, error: new AppError("ERR_CREATING_MESSAGE") },
      );
    } else if (s.value.importedOnly) {
      results.push({ ok: true, value: { ...s.value.importedOnly, duplicate: false } });
    } else {
      const r = s.value;
      const d = dtos.get(companyId)!;
      const ticket = d.tickets.shift()!;
      const message = d.messages.shift()!;
      if (r.contactCreated) {
        deps.bus.emit("entity.changed", {
          companyId,
          entity: "contact",
          action: "create",
          record: r.contact,
        });
      }
      // A message in a running conversation moves nothing between lists: its appMessage create
      // carries the updated ticket (as in the reference), which halves the frames per message.
      if (r.moved) deps.bus.emit("ticket.updated", { companyId, ticket, before: r.before });
      deps.bus.emit("message.created", { companyId, message, ticket });
      results.push({ ok: true, value: { messageId: r.message.id, ticketId: r.ticket.id, duplicate: false } });
    }
  }
  return results;
}

/** Steps 1–9 for one message inside the batch's transaction; null for a duplicate. */
async function storeInbound(tx: Tx, deps: Deps, { msg, stored, imported }: Job) {
  const conn = msg.connection;
  const companyId = conn.companyId;
  if (await findMessageByWid(tx, companyId, msg.externalId)) return null;
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
  const { ticket, before } = await ticketFor(tx, deps, conn, owner.contact, {
    isGroup: !!msg.group,
    fromMe: msg.fromMe,
    walletUserId: imported ? null : owner.contact.walletUserId,
    imported,
  });
  const at = (msg.timestamp ?? deps.clock.now()).toISOString();
  const message = await insertMessage(tx, {
    companyId,
    wid: msg.externalId,
    ticketId: ticket.id,
    contactId: sender.contact.id,
    body: msg.body,
    fromMe: msg.fromMe,
    read: msg.fromMe || imported,
    mediaType: msg.mediaType ?? (stored ? stored.mimetype.split("/")[0] : "chat"),
    mediaUrl: stored?.path,
    mediaName: stored?.name,
    ack: msg.fromMe ? 1 : 0,
    queueId: ticket.queueId,
    participant: msg.group ? msg.from.number : null,
    channel: conn.channel,
    createdAt: at,
  });
  if (!message) return null;
  if (imported) {
    // Old history must not touch a live ticket's preview or unread count.
    if (ticket.imported) {
      await updateTicket(tx, companyId, ticket.id, {
        lastMessage: previewOf(msg.body, message.mediaType, stored?.name).slice(0, 500),
        fromMe: msg.fromMe,
      });
    }
    return { importedOnly: { ticketId: ticket.id, messageId: message.id } };
  }
  const updated = await updateTicket(tx, companyId, ticket.id, {
    lastMessage: previewOf(msg.body, message.mediaType, stored?.name).slice(0, 500),
    unreadMessages: msg.fromMe ? 0 : ticket.unreadMessages + 1,
    fromMe: msg.fromMe,
    status: ticket.status === "closed" ? "pending" : ticket.status,
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
 * The ticket a new inbound message belongs to: the active one; else, within the connection's
 * timeCreateNewTicket window, the latest one reopened as pending; else a new one.
 */
async function ticketFor(
  tx: Tx,
  deps: Deps,
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
    const since = deps.clock.now().getTime() - conn.timeCreateNewTicket * 60_000;
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
  const { ticket, created } = await findOrCreateActiveTicket(tx, companyId, {
    contactId: contact.id,
    whatsappId: conn.id,
    status: groupTicket ? "group" : wallet ? "open" : "pending",
    userId: wallet ? o.walletUserId : null,
    isGroup: o.isGroup,
    isBot: !o.isGroup && !o.imported,
    channel: conn.channel,
    isActiveDemand: o.fromMe,
    ...(o.imported ? { imported: true, queueId: conn.queueIdImportMessages } : {}),
  });
  if (created) await logTicket(tx, companyId, { ticketId: ticket.id, type: "create" });
  return { ticket };
}
