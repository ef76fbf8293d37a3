/**
 * Scheduled-message dispatch (DESIGN §8), run by the scheduler lease holder every 5 s. Due rows
 * (PENDENTE with sendAt ≤ now — however long ago: a slot missed while the server was down is sent
 * late, not dropped) are claimed with a conditional UPDATE (→ AGENDADA). The message is stored and
 * its id written on the schedule in one transaction; the send runs after it. A row left AGENDADA
 * by a dead holder is claimed again after STALE_MS and its stored message handed over again, not
 * stored twice, under the same provider id (a slot's send key); where the provider cannot recognise
 * that (Cloud API, Meta), a message already handed over is not sent again: the slot counts as sent
 * with lastError ERR_SEND_UNCERTAIN. After a send: the next slot (recurrence.ts) and PENDENTE, or ENVIADA with sentAt.
 * A failure is retried after RETRY_MS up to MAX_ATTEMPTS, then the row is ERRO with its reason.
 */
import { staleAfter } from "../jobs/lease.ts";
import { and, eq, sql } from "drizzle-orm";
import { companies, contacts, schedules, users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { getMimeType } from "hono/utils/mime";
import {
  CONTACT_UNREACHABLE,
  deliverStored,
  SEND_UNCERTAIN,
  sendOnTicket,
  uncertainOr,
} from "../messages/send.ts";
import { renderForTicket } from "../messages/render.ts";
import { defaultConnection, getConnection } from "../connections/repo.ts";
import { outboundTicket, settleOutboundTicket } from "../campaigns/outbound.ts";
import { getSchedule, type ScheduleRow } from "./repo.ts";
import { nextSlot } from "./recurrence.ts";

export const STALE_MS = 35_000;
export const RETRY_MS = 30_000;
export const MAX_ATTEMPTS = 3;
const BATCH = 20;

export async function schedulesTick(deps: Deps): Promise<number> {
  let n = 0;
  for (let round = 0; round < 50; round++) {
    const claimed = await claimDue(deps);
    if (!claimed.length) break;
    for (const s of claimed) await sendSchedule(deps, s);
    n += claimed.length;
  }
  return n;
}

export async function claimDue(deps: Deps): Promise<ScheduleRow[]> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const stale = new Date(now.getTime() - staleAfter(deps.config, STALE_MS)).toISOString();
  const retry = new Date(now.getTime() - RETRY_MS).toISOString();
  const ids = await deps.database.write((tx) =>
    tx.all<{ id: number }>(sql`
      UPDATE schedules SET status = 'AGENDADA', attempts = attempts + 1, updated_at = ${at}
      WHERE id IN (
        SELECT id FROM schedules WHERE status = 'PENDENTE' AND send_at <= ${at}
          AND (attempts = 0 OR updated_at <= ${retry})
        UNION ALL
        SELECT id FROM schedules WHERE status = 'AGENDADA' AND updated_at < ${stale}
        LIMIT ${BATCH})
      AND (status = 'PENDENTE' OR (status = 'AGENDADA' AND updated_at < ${stale}))
      RETURNING id`)
  );
  if (!ids.length) return [];
  const rows: ScheduleRow[] = [];
  for (const { id } of ids) {
    const [r] = await deps.db.select().from(schedules).where(eq(schedules.id, id));
    if (r) rows.push(r);
  }
  return rows.sort((a, b) => a.sendAt.localeCompare(b.sendAt));
}

async function connectionFor(deps: Deps, s: ScheduleRow) {
  if (s.whatsappId) return await getConnection(deps.db, s.companyId, s.whatsappId);
  const def = await defaultConnection(deps.db, s.companyId);
  if (!def) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  return def;
}

async function finish(deps: Deps, s: ScheduleRow, values: Partial<ScheduleRow>) {
  await deps.database.write((tx) =>
    tx.update(schedules).set({ ...values, updatedAt: deps.clock.now().toISOString() })
      .where(and(eq(schedules.id, s.id), eq(schedules.status, "AGENDADA")))
  );
  const schedule = await getSchedule(deps.db, s.companyId, s.id).catch(() => null);
  if (schedule) {
    deps.bus.emit("entity.changed", {
      companyId: s.companyId,
      entity: "schedule",
      action: "update",
      record: schedule,
    });
  }
}

export async function sendSchedule(deps: Deps, s: ScheduleRow): Promise<void> {
  // Handed to a provider that cannot recognise a second hand-over before the process died: the
  // slot counts as sent (the customer may have it) and says so in lastError; never sent again.
  let uncertain = false;
  let ticketId: number | null = s.ticketId;
  let messageId: number | null = s.messageId;
  try {
    if (s.messageId) {
      uncertain = await deliverStored(deps, s.companyId, s.messageId).catch(uncertainOr) === "uncertain";
    } else {
      const conn = await connectionFor(deps, s);
      const [contact] = await deps.db.select({ id: contacts.id, unreachableAt: contacts.unreachableAt })
        .from(contacts).where(and(eq(contacts.companyId, s.companyId), eq(contacts.id, s.contactId))).limit(
          1,
        );
      if (!contact) throw notFound("contact");
      // The channel said this contact cannot be reached (a blocked Telegram bot): not sent, with why.
      if (contact.unreachableAt) {
        return await finish(deps, s, { status: "ERRO", lastError: CONTACT_UNREACHABLE });
      }
      const opts = {
        openTicket: s.openTicket === "enabled",
        statusTicket: s.statusTicket,
        userId: s.ticketUserId,
        queueId: s.queueId,
      };
      const { ticket, created } = await outboundTicket(deps, conn, { contactId: s.contactId }, opts);
      ticketId = ticket.id;
      let body = await renderForTicket(deps, ticket.id, s.body);
      if (s.assinar && s.userId) {
        const [u] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, s.userId));
        if (u) body = `*${u.name}:*\n${body}`;
      }
      const media = s.mediaPath
        ? {
          path: s.mediaPath,
          name: s.mediaName ?? "file",
          size: 0,
          mimetype: getMimeType(s.mediaPath) ?? "application/octet-stream",
        }
        : undefined;
      uncertain = await sendOnTicket(deps, s.companyId, ticket.id, {
        body,
        media,
        userId: s.userId,
        // One id per slot: the same id when a re-run after a crash sends it again.
        sendKey: `schedule:${s.id}:${s.sendAt}`,
        onStored: async (tx, id) => {
          messageId = id;
          await tx.update(schedules).set({ messageId: id }).where(eq(schedules.id, s.id));
        },
      }).catch(uncertainOr) === "uncertain";
      await settleOutboundTicket(deps, ticket, created, opts);
    }
    const now = deps.clock.now();
    const [company] = await deps.db.select({ tz: companies.timezone }).from(companies).where(
      eq(companies.id, s.companyId),
    );
    const sent = s.contadorEnvio + 1;
    const next = nextSlot(s, new Date(s.sendAt), sent, now, company?.tz ?? "America/Sao_Paulo");
    await finish(
      deps,
      s,
      next
        ? {
          status: "PENDENTE",
          sendAt: next.toISOString(),
          contadorEnvio: sent,
          messageId: null,
          attempts: 0,
          lastError: uncertain ? SEND_UNCERTAIN : null,
        }
        : {
          status: "ENVIADA",
          sentAt: now.toISOString(),
          contadorEnvio: sent,
          lastError: uncertain ? SEND_UNCERTAIN : null,
        },
    );
    deps.bus.emit("schedule.sent", {
      companyId: s.companyId,
      schedule: {
        id: s.id,
        body: s.body,
        contactId: s.contactId,
        ticketId,
        messageId,
        sendAt: s.sendAt,
        sentAt: now.toISOString(),
      },
    });
  } catch (err) {
    const reason = err instanceof AppError
      ? (err.message !== err.code ? `${err.code}: ${err.message}` : err.code)
      : err instanceof Error
      ? err.message
      : String(err);
    await finish(
      deps,
      s,
      s.attempts >= MAX_ATTEMPTS ? { status: "ERRO", lastError: reason } : {
        status: "PENDENTE",
        lastError: reason,
      },
    );
  }
}
