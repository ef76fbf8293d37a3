/**
 * Import of old messages (spec 2 §3 import fields, §4, §7): a connection with importOldMessages
 * links its device with the history sync on, and every `messaging-history.set` chunk Baileys
 * emits is imported through the inbound pipeline as `imported` — only messages inside
 * [importOldMessages, importRecentMessages or now], groups only with importOldMessagesGroups.
 *
 * statusImportMessages: the start time in ms (a numeric string; the page shows "preparing" for
 * 35 s after it) while importing; at the end "renderButtonCloseTickets" (the page offers to close
 * the imported tickets, POST /closedimported/:id), or, with closedTicketsPostImported, the
 * imported tickets are closed at once and the status cleared. Progress goes to every user of the
 * company as `importMessages-{companyId}` {action: "update", status: {this, all, state}}.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type BaileysEventMap, isJidGroup, proto, toNumber, type WAMessage } from "baileys";
import { tickets, ticketTraking } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import { type ConnectionRow, findConnection } from "../../connections/repo.ts";
import { importDateMs } from "../../connections/schemas.ts";
import { updateSession } from "../../connections/status.ts";
import { logTicket } from "../../tickets/repo.ts";
import { ticketDTOs } from "../../tickets/dto.ts";
import { handleOne } from "./inbound.ts";
import type { HistoryProgress, WaContext } from "./socket.ts";

export const RENDER_CLOSE_BUTTON = "renderButtonCloseTickets";
export type ImportState = "preparing" | "importing" | "finished";

/** Messages between two progress events. */
const PROGRESS_EVERY = 20;
/** Sync phases whose end ends the import (INITIAL_BOOTSTRAP comes first and is followed by RECENT). */
const FINAL_SYNC = new Set<number>([
  proto.HistorySync.HistorySyncType.RECENT,
  proto.HistorySync.HistorySyncType.FULL,
]);

/** The import window in ms, or null when the connection imports nothing. */
export function importWindow(conn: ConnectionRow, now: Date): { from: number; to: number } | null {
  if (!conn.importOldMessages) return null;
  const from = importDateMs(conn.importOldMessages, "start");
  const recent = conn.importRecentMessages ? importDateMs(conn.importRecentMessages, "end") : NaN;
  const to = Number.isFinite(recent) ? Math.min(recent, now.getTime()) : now.getTime();
  return Number.isFinite(from) ? { from, to } : null;
}

const tsMs = (m: WAMessage) => toNumber(m.messageTimestamp ?? 0) * 1000;

export async function handleHistorySet(
  ctx: WaContext,
  h: BaileysEventMap["messaging-history.set"],
): Promise<void> {
  const { deps, session } = ctx;
  const conn = await findConnection(deps.db, session.companyId, session.connectionId);
  const win = conn && importWindow(conn, deps.clock.now());
  if (!conn || !win) return;
  const picked = (h.messages ?? []).filter((m) => {
    const jid = m.key?.remoteJid;
    if (!jid || !m.key.id || !m.message) return false;
    if (isJidGroup(jid) && !conn.importOldMessagesGroups) return false;
    const at = tsMs(m);
    return at >= win.from && at <= win.to;
  }).sort((a, b) => tsMs(a) - tsMs(b)); // oldest first: the ticket preview ends on the newest

  const p: HistoryProgress = session.history ??= { processed: 0, total: 0, started: false, finished: false };
  if (!p.started) {
    p.started = true;
    await setImportStatus(deps, conn, String(deps.clock.now().getTime()));
    publishProgress(deps, conn.companyId, p, "preparing");
  }
  p.total += picked.length;
  for (const m of picked) {
    try {
      await handleOne(ctx, conn, m, { imported: true });
    } catch (err) {
      console.error(`[wa ${conn.id}] import ${m.key.id}`, err);
    }
    p.processed++;
    if (p.processed % PROGRESS_EVERY === 0) publishProgress(deps, conn.companyId, p, "importing");
  }
  // A chunk after the end (a FULL sync after RECENT completed) is imported and ends again.
  if (p.finished || (h.progress ?? 0) >= 100) return await finishImport(ctx, conn);
  publishProgress(deps, conn.companyId, p, "importing");
}

/** Baileys' sync milestones: the end (or the stall) of the RECENT / FULL phase ends the import. */
export async function handleHistoryStatus(
  ctx: WaContext,
  h: BaileysEventMap["messaging-history.status"],
): Promise<void> {
  const p = ctx.session.history;
  if (!p?.started || p.finished || !FINAL_SYNC.has(h.syncType)) return;
  const conn = await findConnection(ctx.deps.db, ctx.session.companyId, ctx.session.connectionId);
  if (conn) await finishImport(ctx, conn);
}

async function finishImport(ctx: WaContext, conn: ConnectionRow): Promise<void> {
  const { deps, session } = ctx;
  const p = session.history!;
  p.finished = true;
  if (conn.closedTicketsPostImported) {
    await closeImportedTickets(deps, conn);
    await setImportStatus(deps, conn, null);
  } else {
    await setImportStatus(deps, conn, RENDER_CLOSE_BUTTON);
  }
  publishProgress(deps, conn.companyId, p, "finished");
}

function publishProgress(deps: Deps, companyId: number, p: HistoryProgress, state: ImportState) {
  deps.bus.emit("connection.import_progress", { companyId, processed: p.processed, total: p.total, state });
}

/** Sets statusImportMessages and publishes the row like a session change (whatsappSession). */
export async function setImportStatus(deps: Deps, conn: ConnectionRow, status: string | null) {
  await updateSession(deps, conn, { statusImportMessages: status });
}

/**
 * Closes the connection's imported tickets that are still active (open, pending, or a group
 * ticket), without farewell; each closed ticket is published like the tickets page's closeAll.
 */
export async function closeImportedTickets(
  deps: Deps,
  conn: ConnectionRow,
  userId?: number,
): Promise<number> {
  const now = new Date().toISOString();
  const ACTIVE = ["open", "pending", "group"] as const;
  const { before, rows } = await deps.database.write(async (tx) => {
    const where = and(
      eq(tickets.companyId, conn.companyId),
      eq(tickets.whatsappId, conn.id),
      eq(tickets.imported, true),
      inArray(tickets.status, [...ACTIVE]),
    );
    const before = new Map(
      (await tx.select({ id: tickets.id, status: tickets.status }).from(tickets).where(where))
        .map((r) => [r.id, r.status]),
    );
    if (!before.size) return { before, rows: [] };
    const rows = await tx.update(tickets).set({
      status: "closed",
      closedAt: now,
      unreadMessages: 0,
      amountUsedBotQueues: 0,
      updatedAt: now,
    }).where(and(where, inArray(tickets.id, [...before.keys()]))).returning();
    for (const t of rows) {
      await tx.update(ticketTraking).set({ closedAt: now, finishedAt: now })
        .where(and(eq(ticketTraking.ticketId, t.id), isNull(ticketTraking.finishedAt)));
      await logTicket(tx, conn.companyId, { ticketId: t.id, type: "closed", userId: userId ?? null });
    }
    return { before, rows };
  });
  const dtos = await ticketDTOs(deps.db, conn.companyId, rows);
  for (const d of dtos) {
    const status = before.get(d.id) ?? "pending";
    deps.bus.emit("ticket.updated", { companyId: conn.companyId, ticket: d, before: { ...d, status } });
  }
  return rows.length;
}
