/**
 * Ticket reads and creation (spec 1 §4, §7; reference §4). The status transitions live in
 * transitions.ts.
 */
import { and, asc, eq } from "drizzle-orm";
import { contacts, queues, ticketLogs, tickets, users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, noPermission, notFound } from "../lib/errors.ts";
import { shouldMask } from "../lib/lgpd.ts";
import { readSetting } from "../settings/repo.ts";
import { can, requireExplicitUser, requirePermission } from "../auth/permissions.ts";
import { defaultConnection, getConnection } from "../connections/repo.ts";
import { canViewTicket } from "./policy.ts";
import { type TicketDTO, ticketDTOs } from "./dto.ts";
import { findActiveTicket, getTicket, logTicket, type TicketRow } from "./repo.ts";
import { openTicket } from "./open.ts";
import { mediaOfTicket, unreferencedMessageFiles } from "../messages/stored_files.ts";
import type { CreateTicketInput } from "./schemas.ts";

export { openTicket };

export async function maskFor(deps: Deps, actor: Actor): Promise<boolean> {
  return shouldMask(actor.user.profile, await readSetting(deps.db, actor.companyId, "lgpdHideNumber"));
}

export async function dtoFor(deps: Deps, actor: Actor, row: TicketRow): Promise<TicketDTO> {
  return (await ticketDTOs(deps.db, actor.companyId, [row], { maskNumbers: await maskFor(deps, actor) }))[0];
}

/** The ticket if the actor may see it: 404 for another company's, 403 for one outside his scope. */
export async function getVisibleTicket(deps: Deps, actor: Actor, id: number): Promise<TicketRow> {
  const t = await getTicket(deps.db, actor.companyId, id);
  if (!canViewTicket(actor.viewer, t)) throw noPermission();
  return t;
}

export async function showTicket(deps: Deps, actor: Actor, id: number): Promise<TicketDTO> {
  return await dtoFor(deps, actor, await getVisibleTicket(deps, actor, id));
}

export async function showTicketByUuid(deps: Deps, actor: Actor, uuid: string): Promise<TicketDTO> {
  const [t] = await deps.db.select().from(tickets)
    .where(and(eq(tickets.companyId, actor.companyId), eq(tickets.uuid, uuid))).limit(1);
  if (!t) throw notFound("ticket");
  if (!canViewTicket(actor.viewer, t)) throw noPermission();
  await deps.database.write((tx) =>
    logTicket(tx, actor.companyId, { ticketId: t.id, type: "access", userId: actor.userId })
  );
  return await dtoFor(deps, actor, t);
}

/** The JSON-string conflict body of ERR_OTHER_OPEN_TICKET that the spec's client parses. */
async function otherOpenTicket(deps: Deps, t: TicketRow): Promise<AppError> {
  const [u] = t.userId
    ? await deps.db.select({ name: users.name }).from(users).where(eq(users.id, t.userId))
    : [];
  const [q] = t.queueId
    ? await deps.db.select({ name: queues.name }).from(queues).where(eq(queues.id, t.queueId))
    : [];
  const info = {
    id: t.id,
    userId: t.userId,
    user: u ? { name: u.name } : null,
    queue: q ? { name: q.name } : null,
    uuid: t.uuid,
    status: t.status,
  };
  return new AppError("ERR_OTHER_OPEN_TICKET", { message: JSON.stringify(info), details: info });
}

/** An attendant opens a conversation with a contact (status open, assigned to him). */
export async function createTicket(deps: Deps, actor: Actor, input: CreateTicketInput): Promise<TicketDTO> {
  const [contact] = await deps.db.select().from(contacts)
    .where(and(eq(contacts.companyId, actor.companyId), eq(contacts.id, input.contactId)));
  if (!contact) throw notFound("contact");
  const connId = input.whatsappId ?? actor.user.whatsappId ??
    (await defaultConnection(deps.db, actor.companyId))?.id;
  if (!connId) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  const conn = await getConnection(deps.db, actor.companyId, connId);
  if (input.queueId) {
    const [q] = await deps.db.select({ id: queues.id }).from(queues)
      .where(and(eq(queues.companyId, actor.companyId), eq(queues.id, input.queueId)));
    if (!q) throw notFound("queue");
  }
  if (input.status === "open") requireExplicitUser(actor, input.userId, "opens a ticket");
  const assignee = input.userId && input.userId !== actor.userId && can(actor, "tickets-manager:showall")
    ? input.userId
    : actor.userId;
  if (assignee !== actor.userId) {
    // users.id is a global key: without this check a ticket could be assigned to another
    // company's user, leaving it held by nobody this company knows (user: null in every DTO).
    const [u] = await deps.db.select({ id: users.id }).from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, assignee)));
    if (!u) throw notFound("user");
  }
  const existing = await findActiveTicket(deps.db, actor.companyId, contact.id, conn.id);
  if (existing) throw await otherOpenTicket(deps, existing);
  const status = contact.isGroup ? "group" : input.status;
  const r = await deps.database.write((tx) =>
    openTicket(tx, actor.companyId, {
      contactId: contact.id,
      whatsappId: conn.id,
      queueId: input.queueId ?? null,
      userId: status === "pending" ? null : assignee,
      status,
      isGroup: contact.isGroup,
      channel: conn.channel,
      isActiveDemand: true,
      isBot: false,
    }, {
      log: { userId: actor.userId },
      // Assigned at once: its tracking cycle starts now.
      tracking: status === "pending" ? "queued" : { startedBy: assignee },
    })
  );
  if (!r.created) throw await otherOpenTicket(deps, r.ticket);
  const dto = await dtoFor(deps, actor, r.ticket);
  deps.bus.emit("ticket.updated", {
    companyId: actor.companyId,
    ticket: (await ticketDTOs(deps.db, actor.companyId, [r.ticket]))[0],
    before: null,
    actorUserId: actor.userId,
  });
  return dto;
}

export async function deleteTicket(deps: Deps, actor: Actor, id: number): Promise<void> {
  const t = await getTicket(deps.db, actor.companyId, id);
  requirePermission(actor, "ticket-options:deleteTicket");
  const files = await deps.database.write(async (tx) => {
    const paths = await mediaOfTicket(tx, actor.companyId, id);
    await tx.delete(tickets).where(and(eq(tickets.companyId, actor.companyId), eq(tickets.id, id)));
    return paths;
  });
  await deps.media.removeOwned(
    actor.companyId,
    await unreferencedMessageFiles(deps.db, actor.companyId, files),
  );
  deps.bus.emit("ticket.deleted", { companyId: actor.companyId, ticketId: id, scope: t });
}

export async function ticketLog(deps: Deps, actor: Actor, ticketId: number) {
  await getVisibleTicket(deps, actor, ticketId);
  const rows = await deps.db.select({
    log: ticketLogs,
    user: { id: users.id, name: users.name },
    queue: { id: queues.id, name: queues.name },
  })
    .from(ticketLogs)
    .leftJoin(users, eq(users.id, ticketLogs.userId))
    .leftJoin(queues, eq(queues.id, ticketLogs.queueId))
    .where(and(eq(ticketLogs.companyId, actor.companyId), eq(ticketLogs.ticketId, ticketId)))
    .orderBy(asc(ticketLogs.id));
  return rows.map((r) => ({
    ...r.log,
    user: r.user?.id ? r.user : null,
    queue: r.queue?.id ? r.queue : null,
  }));
}
