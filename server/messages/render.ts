/** Renders a text with the message variables of one ticket (contact, queue, connection, company zone). */
import { sql } from "drizzle-orm";
import type { Deps } from "../deps.ts";
import { renderVariables } from "./variables.ts";

export async function renderForTicket(
  deps: Deps,
  ticketId: number,
  text: string,
  userName?: string | null,
): Promise<string> {
  if (!text.includes("{{")) return text;
  const [row] = await deps.db.all<{ contact: string; queue: string | null; conn: string | null; tz: string }>(
    sql`
    SELECT c.name AS contact, q.name AS queue, w.name AS conn, co.timezone AS tz FROM tickets t
    JOIN contacts c ON c.id = t.contact_id JOIN companies co ON co.id = t.company_id
    LEFT JOIN queues q ON q.id = t.queue_id LEFT JOIN whatsapps w ON w.id = t.whatsapp_id
    WHERE t.id = ${ticketId}`,
  );
  return renderVariables(text, {
    contactName: row?.contact,
    userName,
    ticketId,
    queueName: row?.queue,
    connectionName: row?.conn,
    timezone: row?.tz ?? "America/Sao_Paulo",
    now: deps.clock.now(),
  });
}
