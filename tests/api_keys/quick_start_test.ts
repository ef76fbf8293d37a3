/**
 * The README's quick start, call by call, with a key holding exactly the scopes it names: list
 * open tickets, read a conversation, create a contact, accept and send, close, read the dashboard.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { makeKey } from "./_keys.ts";

Deno.test("[api_keys] the README's quick start works as written", async () => {
  const app = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(app, { webhook: null });
    const inbound = await customerSays(app, a.conn, { number: "5511988887777", name: "Maria" }, "Olá");
    const key = await makeKey(app, a.adminToken, {
      scopes: [
        "tickets:read",
        "tickets:write",
        "messages:read",
        "messages:send",
        "contacts:write",
        "reports:read",
      ],
    });
    const call = (path: string, method = "GET", json?: Json) =>
      app.request(`/api${path}`, { method, json, headers: { authorization: `Bearer ${key.secret}` } });

    const waiting = await expectOk<Json>(await call(`/tickets/${inbound.ticketId}`));
    await expectOk<Json>(
      await call(`/tickets/${inbound.ticketId}`, "PUT", { status: "open", userId: a.user.user.id }),
    );
    const open = await expectOk<{ tickets: Json[] }>(await call("/tickets?status=open&showAll=true"));
    assert.deepEqual(open.tickets.map((t) => t.id), [inbound.ticketId]);
    const page = await expectOk<{ messages: Json[] }>(await call(`/messages/${waiting.uuid}?pageNumber=1`));
    assert.deepEqual(page.messages.map((m) => m.body), ["Olá"]);
    const contact = await expectOk<Json>(
      await call("/contacts", "POST", { name: "Maria Souza", number: "5511999990000" }),
      201,
    );
    assert.equal(contact.name, "Maria Souza");
    const sent = await expectOk<Json>(
      await call(`/messages/${inbound.ticketId}`, "POST", { body: "Your order has shipped." }),
      201,
    );
    assert.equal(sent.fromMe, true);
    const closed = await expectOk<Json>(
      await call(`/tickets/${inbound.ticketId}`, "PUT", { status: "closed" }),
    );
    assert.equal(closed.status, "closed");
    await expectOk(await call("/dashboard?days=7"));
  } finally {
    await app.close();
  }
});
