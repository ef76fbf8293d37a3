/**
 * The inbound pipeline, the same for every channel (DESIGN §7, reference §3 steps 1–9, 12):
 * contact → ticket (find-or-create, reopen window) → message (idempotent on the provider id) →
 * ticket counters and tracking → events. Messages are written in group commits: one short write
 * transaction per batch (store.ts), media written to disk before it, each message answered once
 * its batch has committed — batches formed here (batcher.ts) or, under load, on the ingest Worker
 * (ingest_thread.ts). Automation (greeting, queue menu, chatbots, flows) runs afterwards from the
 * `message.created` listener, so a slow bot never delays storing the next message.
 */
import type { Deps } from "../deps.ts";
import { downloadLimit } from "../channels/download.ts";
import type { InboundMessage } from "../channels/adapter.ts";
import type { StoredFile } from "../media/store.ts";
import { AppError } from "../lib/errors.ts";
import { findMessageByWid } from "../messages/repo.ts";
import { type MessageDTO, messageDTOs, type MessageRow } from "../messages/dto.ts";
import { type TicketDTO, ticketDTOs } from "../tickets/dto.ts";
import type { TicketRow } from "../tickets/repo.ts";
import { Batcher, type Settled } from "./batcher.ts";
import { type InboundResult, storeBatch, type Stored, type StoreJob } from "./store.ts";
// Registers the media job, which fetches what an arrival left pending (store.ts enqueues it).
import "./media.ts";
import { countMainBatch, startIngestThread, ThreadDown, usableIngestThread } from "./ingest_thread.ts";

export type { InboundResult };

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
  // The file is on disk already; only plain data goes to the transaction (maybe on the Worker).
  const { media: _, ...plain } = msg;
  const job: StoreJob = { msg: plain, stored, imported: !!o.imported, now: deps.clock.now().getTime() };
  const thread = usableIngestThread(deps);
  if (thread) {
    try {
      return await thread.submit(job);
    } catch (e) {
      if (!(e instanceof ThreadDown)) throw e;
    }
  }
  return await batcherOf(deps).submit(job);
}

type Written = Settled<Stored>[];

const batchers = new WeakMap<Deps, Batcher<StoreJob, InboundResult>>();
function batcherOf(deps: Deps): Batcher<StoreJob, InboundResult> {
  let b = batchers.get(deps);
  if (!b) batchers.set(deps, b = new Batcher((jobs) => ingestBatch(deps, jobs)));
  return b;
}

/**
 * On this thread: one write transaction for the whole batch, where a failing message fails alone
 * (store.ts), then its finish. After `config.ingestThreadAfter` such batches the ingest Worker
 * takes over.
 */
async function ingestBatch(deps: Deps, jobs: StoreJob[]): Promise<Settled<InboundResult>[]> {
  countMainBatch(deps, finishBatch);
  return await finishBatch(deps, jobs, await deps.database.write((tx) => storeBatch(tx, jobs)));
}

/** Starts the ingest Worker now (tests, benchmarks); true once it takes messages. */
export function startIngestWorker(deps: Deps): Promise<boolean> {
  return startIngestThread(deps, finishBatch);
}

/** After the commit: the batch's DTOs per company in one round of reads, then the events in arrival order. */
async function finishBatch(deps: Deps, jobs: StoreJob[], stored: Written): Promise<Settled<InboundResult>[]> {
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
      if (r.moved) deps.bus.emit("ticket.updated", { companyId, ticket, before: r.before ?? null });
      const choice = jobs[i].msg.choice;
      const automated = jobs[i].msg.automated;
      deps.bus.emit("message.created", {
        companyId,
        message,
        ticket,
        ...(choice ? { choice } : {}),
        ...(automated ? { automated } : {}),
      });
      results.push({ ok: true, value: { messageId: r.message.id, ticketId: r.ticket.id, duplicate: false } });
    }
  }
  return results;
}
