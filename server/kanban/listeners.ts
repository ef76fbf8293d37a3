/**
 * Kanban wiring (reference §3 step 5): a customer's message on a ticket whose lane has a
 * `rollbackLaneId` moves the ticket back to that lane.
 */
import { and, eq } from "drizzle-orm";
import { tags } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { laneOf, moveBetweenLanes } from "./lanes.ts";

export function wireKanbanListeners(deps: Deps): void {
  deps.bus.on("message.created", async ({ companyId, message }) => {
    if (message.fromMe || message.isPrivate) return;
    const lane = await laneOf(deps.db, companyId, message.ticketId);
    if (!lane?.rollbackLaneId) return;
    const [back] = await deps.db.select().from(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.id, lane.rollbackLaneId), eq(tags.kanban, 1)));
    if (back) await moveBetweenLanes(deps, companyId, message.ticketId, lane.id, back);
  });
}
