/**
 * GET /ticket/kanban (spec 2 §7): the board's cards — the open and pending tickets the user may see,
 * updated within the date range (calendar days in the company's zone, both defaulting to today),
 * optionally in some queues; each with its tags, so the client puts it in its lane.
 */
import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { tickets } from "@db/schema.ts";
import type { Db } from "@db/client.ts";
import type { Deps } from "../deps.ts";
import type { Viewer } from "../tickets/policy.ts";
import type { Actor } from "../lib/context.ts";
import { requirePlan } from "../auth/permissions.ts";
import { shouldMask } from "../lib/lgpd.ts";
import { readerZone, todayIn } from "../lib/time.ts";
import { visible } from "../tickets/list_where.ts";
import { updatedRange } from "../tickets/list_dates.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import { readAll } from "@db/prepared.ts";

/** Cards on one board at most; the date range narrows a busier one. */
export const BOARD_LIMIT = 500;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const boardQuery = z.object({
  /** The spec's client sends the queue ids as a JSON array; a comma list works too. */
  queueIds: z.string().optional().transform((v, ctx) => {
    if (!v) return [];
    try {
      const parsed = v.trim().startsWith("[") ? JSON.parse(v) : v.split(",");
      return z.array(z.coerce.number().int().positive()).parse(parsed);
    } catch {
      ctx.addIssue({ code: "custom", message: "queueIds: a JSON array of ids" });
      return z.NEVER;
    }
  }),
  startDate: day.optional(),
  endDate: day.optional(),
});
export type BoardQuery = z.infer<typeof boardQuery>;

/** The board's ticket rows (also run by bench/kanban.ts against the large database). */
export function boardRows(
  db: Db,
  companyId: number,
  viewer: Viewer,
  f: { queueIds: number[]; updatedFrom?: string; updatedTo?: string },
) {
  return db.select().from(tickets).where(and(
    eq(tickets.companyId, companyId),
    inArray(tickets.status, ["open", "pending"]),
    visible(viewer, tickets),
    f.queueIds.length ? inArray(tickets.queueId, f.queueIds) : undefined,
    f.updatedFrom ? gte(tickets.updatedAt, f.updatedFrom) : undefined,
    f.updatedTo ? lt(tickets.updatedAt, f.updatedTo) : undefined,
  )).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(BOARD_LIMIT);
}

export async function kanbanBoard(deps: Deps, actor: Actor, q: BoardQuery) {
  requirePlan(actor.plan, "useKanban");
  const tz = readerZone(actor);
  const today = todayIn(deps.clock.now(), tz);
  const range = updatedRange({ startDate: q.startDate ?? today, endDate: q.endDate ?? today }, tz);
  // On the read pool (db/read_pool.ts), like the ticket lists: the board's statement and its DTOs'.
  const rows = await readAll(
    deps.reads,
    boardRows(deps.db, actor.companyId, actor.viewer, { queueIds: q.queueIds, ...range }).prepare(),
  );
  const lgpd = await deps.caches.settings.get(actor.companyId, "lgpdHideNumber");
  const dtos = await ticketDTOs(deps.db, actor.companyId, rows, {
    maskNumbers: shouldMask(actor.viewer.profile, lgpd),
    reads: deps.reads,
  });
  return { tickets: dtos };
}
