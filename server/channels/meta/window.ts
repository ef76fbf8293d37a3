/**
 * Meta's customer-service window: a free-form message (Messenger, Instagram, WhatsApp Cloud API)
 * may go out only within 24 hours of the customer's last message on that line. Outside it Meta
 * refuses the send (Cloud API error 131047, Messenger 10/2018278); we refuse first, before the
 * message is stored, with ERR_OUTSIDE_24H_WINDOW.
 */
import { and, eq, max } from "drizzle-orm";
import { messages, tickets } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { AppError } from "../../lib/errors.ts";

export const WINDOW_MS = 24 * 3600_000;

/** When the contact last wrote to this connection (any of its tickets), or null. */
export async function lastInboundAt(
  deps: Deps,
  conn: ConnectionRow,
  contactId: number,
): Promise<Date | null> {
  const [row] = await deps.db.select({ at: max(messages.createdAt) }).from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(
      eq(messages.companyId, conn.companyId),
      eq(tickets.companyId, conn.companyId),
      eq(tickets.contactId, contactId),
      eq(tickets.whatsappId, conn.id),
      eq(messages.fromMe, false),
    ));
  return row?.at ? new Date(row.at) : null;
}

export async function assertWithinWindow(deps: Deps, conn: ConnectionRow, contactId: number): Promise<void> {
  const last = await lastInboundAt(deps, conn, contactId);
  const now = deps.clock.now().getTime();
  if (!last || now - last.getTime() > WINDOW_MS) {
    throw new AppError("ERR_OUTSIDE_24H_WINDOW", {
      message: "The customer's last message is more than 24 hours old; Meta only allows template messages.",
      details: { channel: conn.channel, lastInboundAt: last?.toISOString() ?? null },
    });
  }
}
