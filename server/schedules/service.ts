/**
 * Scheduled messages (spec 1 §2 /schedules and the schedule dialog, §3, §5, §7): the plan must
 * include schedules. Admins see and edit every schedule of the company; a profile user only the
 * ones he created. A sent schedule (sentAt) is read-only; saving one in ERRO puts it back to
 * PENDENTE for another try. Changes are emitted as company-{id}-schedule.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { pageOf } from "../lib/paging.ts";
import { isAdmin, requirePlan } from "../auth/permissions.ts";
import { ATTACHMENT_TYPES } from "../messages/service.ts";
import { downloadLimit } from "../channels/download.ts";
import { assertOwned } from "../lib/owned.ts";
import * as repo from "./repo.ts";
import type { CreateScheduleInput, ListSchedulesQuery, UpdateScheduleInput } from "./schemas.ts";

async function checkRefs(deps: Deps, companyId: number, v: UpdateScheduleInput) {
  // 0 means "none" in the dialog's selects.
  await assertOwned(deps.db, companyId, {
    contact: v.contactId || null,
    whatsapp: v.whatsappId || null,
    queue: v.queueId || null,
    user: [v.ticketUserId || null, v.userId || null],
  });
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

/**
 * A form filled a few minutes ago still counts as "now" (its picker has minute precision, its
 * clock is not exactly ours): only a moment more than five minutes back is "in the past".
 */
export const PAST_GRACE_MS = 5 * 60_000;

/**
 * A message scheduled in the past would go out at once, which nobody scheduling it meant: refused
 * with a field reason. (The dispatcher still sends a slot it missed while the server was down.)
 */
function refusePast(deps: Deps, sendAt: string) {
  if (new Date(sendAt).getTime() < deps.clock.now().getTime() - PAST_GRACE_MS) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "sendAt", message: "date_in_past", code: "date_in_past" }],
    });
  }
}

export async function createSchedule(deps: Deps, actor: Actor, input: CreateScheduleInput) {
  requirePlan(actor.plan, "useSchedules");
  refusePast(deps, input.sendAt);
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
  if (input.sendAt && input.sendAt !== cur.sendAt) refusePast(deps, input.sendAt);
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
