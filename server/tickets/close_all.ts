/** POST /tickets/closeAll: closes every ticket of a status (optionally in some queues), without farewell. */
import { and, eq, isNull, sql } from "drizzle-orm";
import { tickets, ticketTraking } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { ticketDTOs } from "./dto.ts";
import { logTicket } from "./repo.ts";
import { now } from "./effects.ts";

/** POST /tickets/closeAll: closes every ticket of a status (optionally in some queues), without farewell. */
export async function closeAll(
  deps: Deps,
  actor: Actor,
  status: string,
  queueIds?: number[],
): Promise<number> {
  const rows = await deps.database.write((tx) =>
    tx.update(tickets).set({
      status: "closed",
      closedAt: now(),
      unreadMessages: 0,
      amountUsedBotQueues: 0,
      updatedAt: now(),
    })
      .where(and(
        eq(tickets.companyId, actor.companyId),
        eq(tickets.status, status as "open"),
        queueIds?.length ? sql`${tickets.queueId} IN ${queueIds}` : undefined,
      )).returning()
  );
  await deps.database.write(async (tx) => {
    for (const t of rows) {
      await tx.update(ticketTraking).set({ closedAt: now(), finishedAt: now() })
        .where(and(eq(ticketTraking.ticketId, t.id), isNull(ticketTraking.finishedAt)));
      await logTicket(tx, actor.companyId, { ticketId: t.id, type: "closed", userId: actor.userId });
    }
  });
  const dtos = await ticketDTOs(deps.db, actor.companyId, rows);
  for (const d of dtos) {
    deps.bus.emit("ticket.updated", { companyId: actor.companyId, ticket: d, before: { ...d, status } });
  }
  return rows.length;
}
