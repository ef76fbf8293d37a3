/**
 * Scheduled messages (spec 1 §2 /schedules and the schedule dialog, §3, §5, §7): the plan must
 * include schedules. Admins see and edit every schedule of the company; a profile user only the
 * ones he created. A sent schedule (sentAt) is read-only; saving one in ERRO puts it back to
 * PENDENTE for another try. Changes are emitted as company-{id}-schedule.
 */
import { and, eq } from "drizzle-orm";
import { contacts, queues, users, whatsapps } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { pageOf } from "../lib/paging.ts";
import { isAdmin, requirePlan } from "../auth/permissions.ts";
import { ATTACHMENT_TYPES } from "../messages/service.ts";
import { downloadLimit } from "../channels/download.ts";
import * as repo from "./repo.ts";
import type { CreateScheduleInput, ListSchedulesQuery, UpdateScheduleInput } from "./schemas.ts";

type Owned = typeof contacts | typeof users | typeof queues | typeof whatsapps;

async function owned(
  deps: Deps,
  companyId: number,
  table: Owned,
  id: number | null | undefined,
  what: string,
) {
  if (!id) return;
  const [r] = await deps.db.select({ id: table.id }).from(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id))).limit(1);
  if (!r) throw notFound(what);
}

async function checkRefs(deps: Deps, companyId: number, v: UpdateScheduleInput) {
  await owned(deps, companyId, contacts, v.contactId, "contact");
  await owned(deps, companyId, whatsapps, v.whatsappId, "whatsapp");
  await owned(deps, companyId, queues, v.queueId, "queue");
  await owned(deps, companyId, users, v.ticketUserId, "user");
  await owned(deps, companyId, users, v.userId, "user");
}

/** The schedule, if the actor may see it (another user's answers 404 to a profile user). */
async function visible(deps: Deps, actor: Actor, id: number) {
  requirePlan(actor.plan, "useSchedules");
  const s = await repo.getSchedule(deps.db, actor.companyId, id);
  if (!isAdmin(actor) && s.userId !== actor.userId) throw notFound("schedule");
  return s;
}

function emit(deps: Deps, companyId: number, action: "create" | "update", schedule: unknown) {
  deps.bus.emit("entity.changed", { companyId, entity: "schedule", action, record: schedule });
}

export async function listSchedules(deps: Deps, actor: Actor, q: ListSchedulesQuery) {
  requirePlan(actor.plan, "useSchedules");
  const page = pageOf(q.pageNumber, q.pageSize);
  const { rows, count } = await repo.listSchedules(deps.db, actor.companyId, {
    search: q.searchParam,
    contactId: q.contactId,
    userId: isAdmin(actor) ? q.userId : actor.userId,
    from: q.from,
    to: q.to,
    ...page,
  });
  return { schedules: rows, count, hasMore: page.hasMore(count) };
}

export const showSchedule = (deps: Deps, actor: Actor, id: number) => visible(deps, actor, id);

export async function createSchedule(deps: Deps, actor: Actor, input: CreateScheduleInput) {
  requirePlan(actor.plan, "useSchedules");
  const userId = isAdmin(actor) && input.userId ? input.userId : actor.userId;
  await checkRefs(deps, actor.companyId, { ...input, userId });
  const row = await deps.database.write((tx) =>
    repo.insertSchedule(tx, { ...input, userId, companyId: actor.companyId, status: "PENDENTE" })
  );
  const schedule = await repo.getSchedule(deps.db, actor.companyId, row.id);
  emit(deps, actor.companyId, "create", schedule);
  deps.jobs.kick();
  return schedule;
}

export async function updateSchedule(deps: Deps, actor: Actor, id: number, input: UpdateScheduleInput) {
  const cur = await visible(deps, actor, id);
  if (cur.sentAt) throw new AppError("ERR_CONFLICT", { message: "a sent schedule cannot be edited" });
  const { userId: _u, ...rest } = input;
  await checkRefs(deps, actor.companyId, rest);
  await deps.database.write((tx) =>
    repo.updateSchedule(tx, actor.companyId, id, {
      ...rest,
      ...(cur.status === "ERRO" || cur.status === "PENDENTE"
        ? { status: "PENDENTE", attempts: 0, lastError: null }
        : {}),
    })
  );
  const schedule = await repo.getSchedule(deps.db, actor.companyId, id);
  emit(deps, actor.companyId, "update", schedule);
  return schedule;
}

export async function deleteSchedule(deps: Deps, actor: Actor, id: number) {
  const cur = await visible(deps, actor, id);
  await deps.database.write((tx) => repo.deleteSchedule(tx, actor.companyId, id));
  if (cur.mediaPath) await deps.media.remove(cur.mediaPath).catch(() => undefined);
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "schedule", action: "delete", id });
}

export async function uploadMedia(deps: Deps, actor: Actor, id: number, file: File) {
  const cur = await visible(deps, actor, id);
  const stored = await deps.media.save(actor.companyId, "schedules", file, {
    maxBytes: await downloadLimit(deps),
    accept: ATTACHMENT_TYPES,
  });
  await deps.database.write((tx) =>
    repo.updateSchedule(tx, actor.companyId, id, { mediaPath: stored.path, mediaName: stored.name })
  );
  if (cur.mediaPath) await deps.media.remove(cur.mediaPath).catch(() => undefined);
  const schedule = await repo.getSchedule(deps.db, actor.companyId, id);
  emit(deps, actor.companyId, "update", schedule);
  return schedule;
}

export async function deleteMedia(deps: Deps, actor: Actor, id: number) {
  const cur = await visible(deps, actor, id);
  await deps.database.write((tx) =>
    repo.updateSchedule(tx, actor.companyId, id, { mediaPath: null, mediaName: null })
  );
  if (cur.mediaPath) await deps.media.remove(cur.mediaPath).catch(() => undefined);
  const schedule = await repo.getSchedule(deps.db, actor.companyId, id);
  emit(deps, actor.companyId, "update", schedule);
  return schedule;
}
