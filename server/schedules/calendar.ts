/**
 * The schedules calendar: every occurrence of the visible schedules in [from, to). A row holds
 * only its next slot (the dispatcher moves sendAt on after each send), so the slots after it are
 * projected with the dispatcher's own `nextSlot`, as if each were sent on time: the calendar and
 * the sends follow one recurrence rule. A row sent to its end shows at its last send; earlier
 * sends of a series are not kept with their dates, only counted (contadorEnvio).
 */
import type { OccurrenceState, ScheduleOccurrence } from "@contract/schedules.ts";
import { CALENDAR_MAX_DAYS } from "@contract/schedules.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { isAdmin, requirePlan } from "../auth/permissions.ts";
import { nextSlot } from "./recurrence.ts";
import * as repo from "./repo.ts";
import type { ScheduleDTO } from "./repo.ts";

/** A calendar never asks for more than this many occurrences (a 1-minute series × 1000). */
const MAX_OCCURRENCES = 5_000;

export function occurrencesOf(
  s: ScheduleDTO,
  range: { from: Date; to: Date },
  now: Date,
  timeZone: string,
): ScheduleOccurrence[] {
  const total = s.enviarQuantasVezes;
  const entry = (at: Date, state: OccurrenceState, n: number): ScheduleOccurrence => ({
    scheduleId: s.id,
    at: at.toISOString(),
    state,
    n,
    total,
  });
  const inRange = (at: Date) => at >= range.from && at < range.to;
  if (s.status === "ENVIADA") {
    const at = new Date(s.sentAt ?? s.sendAt);
    return inRange(at) ? [entry(at, "sent", s.contadorEnvio)] : [];
  }
  const first = new Date(s.sendAt);
  if (s.status === "ERRO") return inRange(first) ? [entry(first, "failed", s.contadorEnvio + 1)] : [];
  const out: ScheduleOccurrence[] = [];
  let slot: Date | null = first;
  let n = s.contadorEnvio + 1;
  while (slot && slot < range.to && out.length < MAX_OCCURRENCES) {
    if (inRange(slot)) out.push(entry(slot, "pending", n));
    // Sent on time, this slot would count `n` sends; the dispatcher asks the same question.
    slot = nextSlot(s, slot, n, now, timeZone);
    n++;
  }
  return out;
}

export async function scheduleCalendar(deps: Deps, actor: Actor, q: { from: string; to: string }) {
  requirePlan(actor.plan, "useSchedules");
  const from = new Date(q.from), to = new Date(q.to);
  if (!(to > from) || to.getTime() - from.getTime() > CALENDAR_MAX_DAYS * 86_400_000) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "to", message: "calendar_range", code: "calendar_range" }],
    });
  }
  const rows = await repo.calendarSchedules(deps.db, actor.companyId, {
    from: q.from,
    to: q.to,
    userId: isAdmin(actor) ? undefined : actor.userId,
  });
  const now = deps.clock.now();
  const timeZone = actor.company.timezone || "America/Sao_Paulo";
  const occurrences = rows.flatMap((s) => occurrencesOf(s, { from, to }, now, timeZone))
    .sort((a, b) => a.at.localeCompare(b.at) || a.scheduleId - b.scheduleId);
  return { schedules: rows, occurrences };
}
