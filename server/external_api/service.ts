/**
 * The external send API (spec 3 "Messages API", reference §9 without its holes): an integrator
 * holding a connection's token sends a text or files to a number through that connection.
 * Contact and ticket are found or created on that connection, each message is stored and sent
 * by sendOnTicket (so it shows in the inbox like an attendant's), then the ticket is closed
 * (closeTicket, no farewell) or given to `userId`, and the day's usage is counted in the
 * company's time zone. The channel's own rules apply before anything is stored (the adapter's
 * assertCanSend, e.g. Meta's 24-hour window).
 */
import { and, eq, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { apiUsages, queues, ticketTraking, users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { CompanyRow } from "../lib/context.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { todayIn } from "../lib/time.ts";
import type { StoredFile } from "../media/store.ts";
import { findContactByNumber } from "../contacts/repo.ts";
import { upsertInboundContact } from "../inbox/contacts.ts";
import { adapterFor, hasAdapter } from "../channels/registry.ts";
import { downloadLimit } from "../channels/download.ts";
import { sendOnTicket } from "../messages/send.ts";
import { ATTACHMENT_TYPES, BLOCKED_EXTENSIONS } from "../messages/service.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import {
  findActiveTicket,
  getTicket,
  logTicket,
  openTraking,
  type TicketRow,
  updateTicket,
} from "../tickets/repo.ts";
import { openTicket } from "../tickets/service.ts";
import { isGroupNumber, type SendInput } from "./schemas.ts";

export type SendResponse = { status: "SUCCESS"; ticketId: number; messageIds: number[] };

/** `userId` / `queueId` must belong to the token's company (another company's answers 404). */
async function userOf(deps: Deps, companyId: number, id?: number) {
  if (!id) return null;
  const [row] = await deps.db.select({ id: users.id, name: users.name }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id))).limit(1);
  if (!row) throw notFound("user");
  return row;
}

async function assertQueue(deps: Deps, companyId: number, id?: number) {
  if (!id) return;
  const [row] = await deps.db.select({ id: queues.id }).from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id))).limit(1);
  if (!row) throw notFound("queue");
}

async function storeFiles(deps: Deps, companyId: number, files: File[]): Promise<StoredFile[]> {
  const maxBytes = await downloadLimit(deps);
  for (const f of files) {
    if (BLOCKED_EXTENSIONS.test(f.name) || !ATTACHMENT_TYPES.test(f.type || "")) {
      throw new AppError("ERR_UNSUPPORTED_MEDIA", { details: { filename: f.name, mimetype: f.type } });
    }
    if (f.size > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
  }
  const out: StoredFile[] = [];
  for (const f of files) {
    out.push(await deps.media.save(companyId, "messages", f, { maxBytes, accept: ATTACHMENT_TYPES }));
  }
  return out;
}

/** The contact's active ticket on the connection, or a new one (open for `userId`, else pending). */
async function ticketFor(
  deps: Deps,
  conn: ConnectionRow,
  number: string,
  o: { userId: number | null; queueId: number | null },
): Promise<TicketRow> {
  const companyId = conn.companyId;
  const isGroup = isGroupNumber(number);
  const r = await deps.database.write(async (tx) => {
    const { contact, created: contactCreated } = await upsertInboundContact(tx, companyId, {
      number,
      isGroup,
      channel: conn.channel,
      whatsappId: conn.id,
    });
    const active = await findActiveTicket(tx, companyId, contact.id, conn.id);
    if (active?.status === "open" && o.userId && active.userId && active.userId !== o.userId) {
      throw new AppError("ERR_OTHER_OPEN_TICKET", { details: { ticketId: active.id } });
    }
    const { ticket } = await openTicket(tx, companyId, {
      contactId: contact.id,
      whatsappId: conn.id,
      status: isGroup && conn.groupAsTicket !== "enabled" ? "group" : o.userId ? "open" : "pending",
      userId: o.userId,
      queueId: o.queueId,
      isGroup,
      channel: conn.channel,
      isActiveDemand: true,
    }, { log: { userId: o.userId, queueId: o.queueId }, tracking: "queued" });
    return { ticket, contact, contactCreated };
  });
  if (r.contactCreated) {
    deps.bus.emit("entity.changed", { companyId, entity: "contact", action: "create", record: r.contact });
  }
  return r.ticket;
}

/** closeTicket: closed without a farewell; else userId/queueId: open and assigned. */
async function settle(deps: Deps, t0: TicketRow, input: SendInput): Promise<void> {
  const companyId = t0.companyId;
  const now = deps.clock.now().toISOString();
  const changed = await deps.database.write(async (tx) => {
    const t = await getTicket(tx, companyId, t0.id);
    if (input.closeTicket) {
      if (t.status === "closed") return null;
      const row = await updateTicket(tx, companyId, t.id, {
        status: "closed",
        closedAt: now,
        unreadMessages: 0,
      });
      const tr = await openTraking(tx, companyId, t);
      await tx.update(ticketTraking).set({ closedAt: now, finishedAt: now, userId: t.userId ?? tr.userId })
        .where(eq(ticketTraking.id, tr.id));
      await logTicket(tx, companyId, {
        ticketId: t.id,
        type: "closed",
        userId: input.userId,
        queueId: row.queueId,
      });
      return { before: t, row };
    }
    const wantsOpen = !!input.userId && (t.status !== "open" || t.userId !== input.userId);
    const wantsQueue = !!input.queueId && t.queueId !== input.queueId;
    if (!wantsOpen && !wantsQueue || t.status === "group") return null;
    const row = await updateTicket(tx, companyId, t.id, {
      ...(wantsOpen
        ? { status: "open" as const, userId: input.userId, isBot: false, unreadMessages: 0 }
        : {}),
      ...(input.queueId ? { queueId: input.queueId } : {}),
    });
    if (wantsOpen) {
      const tr = await openTraking(tx, companyId, row);
      await tx.update(ticketTraking).set({ startedAt: now, userId: input.userId, queueId: row.queueId })
        .where(eq(ticketTraking.id, tr.id));
      await logTicket(tx, companyId, {
        ticketId: t.id,
        type: "open",
        userId: input.userId,
        queueId: row.queueId,
      });
    }
    return { before: t, row };
  });
  if (!changed) return;
  const [ticket] = await ticketDTOs(deps.db, companyId, [changed.row]);
  deps.bus.emit("ticket.updated", { companyId, ticket, before: changed.before });
}

/** apiUsages: one row per company and day (company zone), incremented atomically. */
async function countUsage(deps: Deps, company: CompanyRow, sent: { media?: StoredFile }[]) {
  if (!sent.length) return;
  const n = (p: (m?: StoredFile) => boolean) => sent.filter((s) => p(s.media)).length;
  const add = {
    usedOnDay: sent.length,
    usedText: n((m) => !m),
    usedPDF: n((m) => m?.mimetype === "application/pdf"),
    usedImage: n((m) => !!m?.mimetype.startsWith("image/")),
    usedOther: n((m) => !!m && m.mimetype !== "application/pdf" && !m.mimetype.startsWith("image/")),
  };
  const inc = (col: AnySQLiteColumn, v: number) => sql`${col} + ${v}`;
  await deps.database.write((tx) =>
    tx.insert(apiUsages).values({
      companyId: company.id,
      dateUsed: todayIn(deps.clock.now(), company.timezone),
      ...add,
    }).onConflictDoUpdate({
      target: [apiUsages.companyId, apiUsages.dateUsed],
      set: {
        usedOnDay: inc(apiUsages.usedOnDay, add.usedOnDay),
        usedText: inc(apiUsages.usedText, add.usedText),
        usedPDF: inc(apiUsages.usedPDF, add.usedPDF),
        usedImage: inc(apiUsages.usedImage, add.usedImage),
        usedOther: inc(apiUsages.usedOther, add.usedOther),
        updatedAt: new Date().toISOString(),
      },
    })
  );
}

export async function sendExternal(
  deps: Deps,
  caller: { conn: ConnectionRow; company: CompanyRow },
  input: SendInput,
  files: File[],
): Promise<SendResponse> {
  const { conn, company } = caller;
  const companyId = conn.companyId;
  if (!input.body.trim() && !files.length) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "body", message: "body or medias required" }] });
  }
  const user = await userOf(deps, companyId, input.userId);
  await assertQueue(deps, companyId, input.queueId);
  // The channel's own rules (Meta's 24-hour window) before a contact or ticket is created.
  if (hasAdapter(conn.channel)) {
    const known = await findContactByNumber(deps.db, companyId, input.number);
    await adapterFor(conn.channel).assertCanSend?.(deps, conn, known ?? { id: 0, number: input.number });
  }
  const stored = await storeFiles(deps, companyId, files);
  const body = input.sendSignature && user && input.body ? `*${user.name}:*\n${input.body}` : input.body;
  const ticket = await ticketFor(deps, conn, input.number, {
    userId: user?.id ?? null,
    queueId: input.queueId ?? null,
  });

  const parts: { media?: StoredFile; body: string }[] = stored.length
    ? stored.map((media, i) => ({ media, body: i === 0 ? body : "" }))
    : [{ body }];
  const sent: { media?: StoredFile; id: number }[] = [];
  try {
    for (const p of parts) {
      const m = await sendOnTicket(deps, companyId, ticket.id, {
        body: p.body,
        media: p.media,
        userId: user?.id,
      });
      sent.push({ media: p.media, id: m.id });
    }
  } finally {
    await countUsage(deps, company, sent);
  }
  await settle(deps, ticket, input);
  return { status: "SUCCESS", ticketId: ticket.id, messageIds: sent.map((s) => s.id) };
}
