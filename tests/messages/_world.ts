/** The conversation both messages test files start from: the message shape, the two companies, send. */
import type { TestApp } from "../_helpers/test_app.ts";
import { createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import type { WebhookSink } from "../_helpers/webhook_sink.ts";

export type Msg = Json & {
  id: number;
  body: string;
  ticketId: number;
  fromMe: boolean;
  isPrivate: boolean;
  isEdited: boolean;
  isDeleted: boolean;
  isForwarded: boolean;
  mediaType: string | null;
  mediaUrl: string | null;
  quotedMsg: { id: number; body: string } | null;
};
export type Page = { messages: Msg[]; count: number; hasMore: boolean; ticket: Json };

export const MARIA = "5511988887777";

/**
 * Company A: queue Vendas on its api connection (webhook = sink), agent Carla in it, an outsider
 * without queues; Maria wrote and Carla accepted. Company B has its own conversation.
 */
export async function world(t: TestApp, sink: WebhookSink) {
  const a = await createTenant(t, { webhook: sink, user: false, queues: [{ name: "Vendas" }] });
  const carla = await userOf(t, a.company.id, { name: "Carla", queueIds: [a.queues[0].id] });
  const bruno = await userOf(t, a.company.id, { name: "Bruno", queueIds: [a.queues[0].id] });
  const outsider = await userOf(t, a.company.id, { allTicket: "disabled" });
  const first = await customerSays(t, a.conn, { number: MARIA, name: "Maria Souza" }, "Olá");
  await expectOk(
    await t.request(`/api/tickets/${first.ticketId}`, {
      method: "PUT",
      token: carla.token,
      json: { status: "open" },
    }),
  );
  const b = await createTenant(t, { webhook: null, user: false });
  const bIn = await customerSays(t, b.conn, "5521900000009", "oi B");
  return { a, carla, bruno, outsider, ticketId: first.ticketId, inboundId: first.messageId, b, bIn };
}

export const send = (t: TestApp, token: string, ticketId: number, json: Json) =>
  t.request(`/api/messages/${ticketId}`, { method: "POST", token, json });
