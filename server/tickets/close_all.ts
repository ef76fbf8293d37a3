/** POST /tickets/closeAll: closes every ticket of a status (optionally in some queues), without farewell. */
import { and, eq, sql } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { ticketDTOs } from "./dto.ts";
import { assertOwned } from "../lib/owned.ts";
import { logTicket } from "./repo.ts";
import { closeTraking, now } from "./tracking.ts";

/** POST /tickets/closeAll: closes every ticket of a status (optionally in some queues), without farewell. */
export async function closeAll(
  deps: Deps,
  actor: Actor,
  status: string,
  queueIds?: number[],
): Promise<number> {
  await assertOwned(deps.db, actor.companyId, { queue: queueIds });
  const rows = await deps.database.write(async (tx) => {
    const closed = await tx.update(tickets).set({
      status: "closed",
      closedAt: now(),
      unreadMessages: 0,
      amountUsedBotQueues: 0,
      updatedAt: now(),
    }).where(and(
      eq(tickets.companyId, actor.companyId),
      eq(tickets.status, status as "open"),
      queueIds?.length ? sql`${tickets.queueId} IN ${queueIds}` : undefined,
    )).returning();
    for (const t of closed) {
      await closeTraking(tx, actor.companyId, t);
      await logTicket(tx, actor.companyId, { ticketId: t.id, type: "closed", userId: actor.userId });
    }
    return closed;
  });
  const dtos = await ticketDTOs(deps.db, actor.companyId, rows);
  for (const d of dtos) {
    deps.bus.emit("ticket.updated", { companyId: actor.companyId, ticket: d, before: { ...d, status } });
  }
  return rows.length;
}
