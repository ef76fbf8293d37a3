/**
 * Writes a key makes where a person would be recorded: the row belongs to no user (the company's),
 * never a failed foreign key. Tags, quick replies, schedules, a contact's tags.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { quickMessages, schedules } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { makeKey } from "./_keys.ts";

Deno.test("[api_keys] writes by a key belong to no user", async () => {
  const app = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(app, { user: false, plan: { useSchedules: true } });
    const key = await makeKey(app, a.adminToken, {
      scopes: [
        "tags:write",
        "quick-replies:write",
        "quick-replies:read",
        "schedules:write",
        "contacts:write",
      ],
    });
    const call = (path: string, method: string, json?: Json) =>
      app.request(`/api${path}`, { method, json, headers: { "x-api-key": key.secret } });

    const tag = await expectOk<Json>(await call("/tags", "POST", { name: "Cliente VIP" }), 201);
    const contact = await expectOk<Json>(
      await call("/contacts", "POST", { name: "Ana", number: "5511977776666" }),
      201,
    );
    await expectOk(await call("/tags/sync", "POST", { contactId: contact.id, tags: [{ id: tag.id }] }));

    const qm = await expectOk<Json>(
      await call("/quick-messages", "POST", { shortcode: "hi", message: "Olá!" }),
      201,
    );
    const [qmRow] = await app.deps.db.select().from(quickMessages).where(
      eq(quickMessages.id, qm.id as number),
    );
    assert.equal(qmRow.userId, null);
    // Not shared and owned by nobody: the admins' full list has it; a person's own list does not.
    const page = await expectOk<{ records: Json[] }>(await call("/quick-messages", "GET"));
    assert.ok(page.records.some((q) => q.id === qm.id));

    const s = await expectOk<Json>(
      await call("/schedules", "POST", {
        body: "Lembrete da consulta",
        contactId: contact.id,
        sendAt: "2099-01-01T12:00:00Z",
        statusTicket: "closed",
        openTicket: "disabled",
      }),
      201,
    );
    const [sRow] = await app.deps.db.select().from(schedules).where(eq(schedules.id, s.id as number));
    assert.equal(sRow.userId, null);
  } finally {
    await app.close();
  }
});
