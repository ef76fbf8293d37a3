/** Tags on a ticket (the kanban lanes move a ticket by replacing its kanban tag). */
import { and, eq } from "drizzle-orm";
import { tags, ticketTags } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { requirePlan } from "../auth/permissions.ts";
import { placeInLane } from "../kanban/lanes.ts";
import { getTicket } from "./repo.ts";
import { dtoFor, getVisibleTicket } from "./service.ts";
import { type TicketDTO, ticketDTOs } from "./dto.ts";
import { scopeOf } from "../lib/actor.ts";

async function emit(deps: Deps, actor: Actor, ticketId: number): Promise<TicketDTO> {
  const row = await getTicket(deps.db, actor.companyId, ticketId);
  const [broadcast] = await ticketDTOs(deps.db, actor.companyId, [row]);
  deps.bus.emit("ticket.updated", {
    companyId: actor.companyId,
    ticket: broadcast,
    before: scopeOf(broadcast),
  });
  return await dtoFor(deps, actor, row);
}

export async function setTicketTag(
  deps: Deps,
  actor: Actor,
  ticketId: number,
  tagId: number,
): Promise<TicketDTO> {
  await getVisibleTicket(deps, actor, ticketId);
  const [tag] = await deps.db.select().from(tags)
    .where(and(eq(tags.companyId, actor.companyId), eq(tags.id, tagId)));
  if (!tag) throw notFound("tag");
  // A kanban lane replaces the ticket's other lane and arms the lane timer (server/kanban).
  if (tag.kanban === 1) requirePlan(actor.plan, "useKanban");
  await deps.database.write(async (tx) => {
    if (tag.kanban === 1) return void await placeInLane(tx, actor.companyId, ticketId, tag, deps.clock.now());
    await tx.insert(ticketTags).values({ companyId: actor.companyId, ticketId, tagId }).onConflictDoNothing();
  });
  return await emit(deps, actor, ticketId);
}

/** Removes one tag from the ticket (the ticket's tag picker; a card moved back to the default column). */
export async function removeTicketTag(
  deps: Deps,
  actor: Actor,
  ticketId: number,
  tagId: number,
): Promise<TicketDTO> {
  await getVisibleTicket(deps, actor, ticketId);
  await deps.database.write((tx) =>
    tx.delete(ticketTags).where(and(
      eq(ticketTags.companyId, actor.companyId),
      eq(ticketTags.ticketId, ticketId),
      eq(ticketTags.tagId, tagId),
    ))
  );
  return await emit(deps, actor, ticketId);
}

/** Removes the ticket's tags (the kanban lane link). */
export async function removeTicketTags(deps: Deps, actor: Actor, ticketId: number): Promise<TicketDTO> {
  await getVisibleTicket(deps, actor, ticketId);
  await deps.database.write((tx) =>
    tx.delete(ticketTags).where(
      and(eq(ticketTags.companyId, actor.companyId), eq(ticketTags.ticketId, ticketId)),
    )
  );
  return await emit(deps, actor, ticketId);
}
