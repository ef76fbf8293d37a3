/** The two companies both ticket route test files start from, the ticket shape and the PUT call. */
import type { TestApp } from "../_helpers/test_app.ts";
import { createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays, insertTag } from "../_helpers/inbox.ts";
import type { Json } from "../_helpers/http.ts";

export type Ticket = Json & {
  id: number;
  uuid: string;
  status: string;
  userId: number | null;
  queueId: number | null;
  unreadMessages: number;
  tags: { id: number; name: string }[];
};

/** Company A with queue "Vendas" on its api connection, an agent in it and an outsider (no queues,
 * no queue-less tickets); company B with its own ticket. */
export async function world(t: TestApp) {
  const a = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
  const agent = await userOf(t, a.company.id, { name: "Carla", queueIds: [a.queues[0].id] });
  const outsider = await userOf(t, a.company.id, { name: "Otto", allTicket: "disabled" });
  const b = await createTenant(t, { webhook: null, user: false, queues: [{ name: "B" }] });
  const bTicket = await customerSays(t, b.conn, "5521900000001", "oi B");
  const bTag = await insertTag(t, b.company.id, "B tag");
  return { a, agent, outsider, b, bTicket, bTag };
}

export const put = (t: TestApp, token: string, id: number, json: Json) =>
  t.request(`/api/tickets/${id}`, { method: "PUT", token, json });
