/**
 * Kanban lanes on tickets (spec 2 §4 "moving a card"; reference §5 "Kanban lanes"). A ticket sits in
 * at most one lane: entering one replaces the ticket's other lane links (plain tags stay). Entering a
 * lane with `timeLane` hours and a `nextLaneId` arms a durable timer job (server/jobs/queue.ts)
 * keyed by the link itself, so re-arming is idempotent and a moved-away ticket's job finds nothing.
 */
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { messages, tags, ticketTags } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import type { Deps } from "../deps.ts";
import { enqueue, registerQueuedJob } from "../jobs/queue.ts";
import { findTicket, getTicket } from "../tickets/repo.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import { sendOnTicket } from "../messages/send.ts";
import { scopeOf } from "../lib/actor.ts";

export const LANE_TIMER_JOB = "kanban.lane_timer";
/** When the lane's time is up but the customer spoke last, look again this much later. */
export const LANE_RECHECK_MS = 15 * 60_000;

type LaneTag = typeof tags.$inferSelect;
type TimerPayload = { companyId: number; ticketId: number; tagId: number; since: string; n?: number };

const dueAt = (since: string, hours: number) => new Date(Date.parse(since) + hours * 3600_000);

async function armTimer(tx: Tx, p: TimerPayload, runAt: Date) {
  await enqueue(tx, {
    name: LANE_TIMER_JOB,
    companyId: p.companyId,
    payload: p,
    runAt,
    dedupeKey: `kanban:${p.ticketId}:${p.tagId}:${p.since}:${runAt.toISOString()}:${p.n ?? 0}`,
  });
}

/** A lane's time or next lane changed: arm the timers of the tickets already in it. Inside a write. */
export async function rearmLane(tx: Tx, companyId: number, lane: LaneTag) {
  if (lane.kanban !== 1 || lane.timeLane <= 0 || !lane.nextLaneId) return;
  const links = await tx.select({ ticketId: ticketTags.ticketId, since: ticketTags.createdAt }).from(
    ticketTags,
  )
    .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.tagId, lane.id)));
  for (const l of links) {
    await armTimer(
      tx,
      { companyId, ticketId: l.ticketId, tagId: lane.id, since: l.since },
      dueAt(l.since, lane.timeLane),
    );
  }
}

/** Puts the ticket in `lane`, leaving any other lane; arms the lane's timer. Inside a write. */
export async function placeInLane(tx: Tx, companyId: number, ticketId: number, lane: LaneTag, now: Date) {
  const others = tx.select({ id: tags.id }).from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1), ne(tags.id, lane.id)));
  await tx.delete(ticketTags).where(
    and(
      eq(ticketTags.companyId, companyId),
      eq(ticketTags.ticketId, ticketId),
      inArray(ticketTags.tagId, others),
    ),
  );
  const since = now.toISOString();
  const inserted = await tx.insert(ticketTags)
    .values({ companyId, ticketId, tagId: lane.id, createdAt: since, updatedAt: since })
    .onConflictDoNothing().returning({ createdAt: ticketTags.createdAt });
  if (inserted.length && lane.timeLane > 0 && lane.nextLaneId) {
    await armTimer(tx, { companyId, ticketId, tagId: lane.id, since }, dueAt(since, lane.timeLane));
  }
  return inserted.length > 0;
}

/** The ticket's current lane (a kanban tag), if any. */
export async function laneOf(db: Db | Tx, companyId: number, ticketId: number): Promise<LaneTag | null> {
  const [row] = await db.select({ tag: tags }).from(ticketTags).innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId), eq(tags.kanban, 1)))
    .limit(1);
  return row?.tag ?? null;
}

async function emitTicket(deps: Deps, companyId: number, ticketId: number) {
  const row = await getTicket(deps.db, companyId, ticketId);
  const [ticket] = await ticketDTOs(deps.db, companyId, [row]);
  deps.bus.emit("ticket.updated", { companyId, ticket, before: scopeOf(ticket) });
}

/**
 * Moves the ticket from lane `fromId` to `to` only if it is still there (`since` pins the very link
 * the caller saw), so a timer that runs twice or races an attendant's drag changes nothing.
 * Sends the new lane's greeting through the normal send path. Returns whether it moved.
 */
export async function moveBetweenLanes(
  deps: Deps,
  companyId: number,
  ticketId: number,
  fromId: number,
  to: LaneTag,
  since?: string,
): Promise<boolean> {
  const moved = await deps.database.write(async (tx) => {
    const gone = await tx.delete(ticketTags).where(and(
      eq(ticketTags.companyId, companyId),
      eq(ticketTags.ticketId, ticketId),
      eq(ticketTags.tagId, fromId),
      since ? eq(ticketTags.createdAt, since) : undefined,
    )).returning({ tagId: ticketTags.tagId });
    if (!gone.length) return false;
    await placeInLane(tx, companyId, ticketId, to, deps.clock.now());
    return true;
  });
  if (!moved) return false;
  await emitTicket(deps, companyId, ticketId);
  const greeting = to.greetingMessageLane?.trim();
  if (greeting) {
    await sendOnTicket(deps, companyId, ticketId, { body: greeting }).catch((err) =>
      console.error(`[kanban] lane greeting on ticket ${ticketId} failed`, err)
    );
  }
  return true;
}

/** The timer: open tickets whose last message was ours move on after `timeLane` hours. */
async function runLaneTimer(deps: Deps, raw: unknown) {
  const p = raw as TimerPayload;
  const ticket = await findTicket(deps.db, p.companyId, p.ticketId);
  if (!ticket || ticket.status === "closed") return;
  const [lane] = await deps.db.select().from(tags).where(
    and(eq(tags.companyId, p.companyId), eq(tags.id, p.tagId)),
  );
  if (!lane?.nextLaneId || lane.timeLane <= 0) return;
  const [link] = await deps.db.select({ createdAt: ticketTags.createdAt }).from(ticketTags)
    .where(and(eq(ticketTags.ticketId, p.ticketId), eq(ticketTags.tagId, p.tagId)));
  if (link?.createdAt !== p.since) return;
  // The lane's time grew since this job was armed: wait for the new time (rearmLane armed it too).
  if (dueAt(p.since, lane.timeLane) > deps.clock.now()) return;
  const [next] = await deps.db.select().from(tags)
    .where(and(eq(tags.companyId, p.companyId), eq(tags.id, lane.nextLaneId), eq(tags.kanban, 1)));
  if (!next) return;
  const [last] = await deps.db.select({ fromMe: messages.fromMe }).from(messages)
    .where(and(eq(messages.companyId, p.companyId), eq(messages.ticketId, p.ticketId)))
    .orderBy(desc(messages.createdAt), desc(messages.id)).limit(1);
  if (last && !last.fromMe) {
    // The customer spoke last: the reference waits for our answer; look again later.
    const runAt = new Date(deps.clock.now().getTime() + LANE_RECHECK_MS);
    await deps.database.write((tx) => armTimer(tx, { ...p, n: (p.n ?? 0) + 1 }, runAt));
    return;
  }
  await moveBetweenLanes(deps, p.companyId, p.ticketId, lane.id, next, p.since);
}

registerQueuedJob({ name: LANE_TIMER_JOB, handle: runLaneTimer });
