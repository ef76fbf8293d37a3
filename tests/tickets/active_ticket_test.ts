import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { and, eq } from "drizzle-orm";
import { contacts, tickets, whatsapps } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany } from "../_helpers/factories.ts";
import { openTicket } from "@/tickets/open.ts";

async function contactAndConnection(t: Awaited<ReturnType<typeof createTestApp>>, companyId: number) {
  return await t.deps.database.write(async (tx) => {
    const [w] = await tx.insert(whatsapps).values({
      companyId,
      name: "Line",
      channel: "api",
      token: crypto.randomUUID().replaceAll("-", "").slice(0, 30),
    }).returning();
    const [c] = await tx.insert(contacts).values({ companyId, name: "Ana", number: "5511999990000" })
      .returning();
    return { whatsappId: w.id, contactId: c.id };
  });
}

Deno.test("[tickets] 20 concurrent find-or-create calls leave exactly one active ticket", async () => {
  const t = await createTestApp();
  try {
    const { company } = await createCompany(t);
    const { whatsappId, contactId } = await contactAndConnection(t, company.id);
    const results = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          t.deps.database.write((tx) =>
            openTicket(tx, company.id, {
              contactId,
              whatsappId,
              status: "pending",
              channel: "api",
            })
          ),
      ),
    );
    assert.equal(results.filter((r) => r.created).length, 1);
    assert.equal(new Set(results.map((r) => r.ticket.id)).size, 1);
    const rows = await t.deps.db.select().from(tickets).where(
      and(eq(tickets.companyId, company.id), eq(tickets.contactId, contactId)),
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0].number, 1);
  } finally {
    await t.close();
  }
});

Deno.test("[tickets] the schema itself refuses a second active ticket, even from 20 separate connections", async () => {
  const t = await createTestApp();
  try {
    const { company } = await createCompany(t);
    const { whatsappId, contactId } = await contactAndConnection(t, company.id);
    // Bypass our code and its lock: 20 independent connections race raw INSERTs.
    const clients = Array.from(
      { length: 20 },
      () => createClient({ url: t.deps.config.databaseUrl, timeout: 10_000 }),
    );
    const outcomes = await Promise.allSettled(clients.map((c, i) =>
      c.execute({
        sql:
          "INSERT INTO tickets (company_id, uuid, status, contact_id, whatsapp_id, channel) VALUES (?, ?, ?, ?, ?, 'api')",
        args: [company.id, crypto.randomUUID(), i % 2 ? "open" : "pending", contactId, whatsappId],
      })
    ));
    for (const c of clients) c.close();
    assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 1);
    for (const o of outcomes) {
      if (o.status === "rejected") assert.match(String(o.reason), /UNIQUE constraint failed/);
    }
    // Closed tickets do not hold the slot: a new active one may follow.
    await t.deps.database.write((tx) =>
      tx.update(tickets).set({ status: "closed" }).where(eq(tickets.contactId, contactId))
    );
    const again = await t.deps.database.write((tx) =>
      openTicket(tx, company.id, { contactId, whatsappId, status: "pending", channel: "api" })
    );
    assert.equal(again.created, true);
  } finally {
    await t.close();
  }
});
