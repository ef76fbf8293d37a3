/**
 * One person, one contact across phone and e-mail: a customer first met by e-mail (a contact whose
 * number is the address) joins the phone contact the admin gives that address — conversation, its
 * messages and tags move, the e-mail contact goes — and the next mail lands in the same ticket.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contacts, contactTags, tags } from "@db/schema.ts";
import { hasDovecot } from "./_servers.ts";
import { mail, messagesOf, startMail, ticketsOf } from "./_support.ts";
import { expectOk } from "../../_helpers/http.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name:
    "[email] the admin gives a phone contact the address of a contact met by e-mail: one contact, its conversation kept, the next mail in the same ticket",
  async fn() {
    const k = await startMail();
    try {
      await k.dc.deliver(
        mail({ from: "Ana Lima <ana@cliente.test>", body: "Meu pedido?", id: "ana-1@cliente.test" }),
      );
      await k.sync();
      const db = k.t.deps.db;
      const [byMail] = await db.select().from(contacts).where(eq(contacts.number, "ana@cliente.test"));
      assert.equal(byMail.email, "ana@cliente.test");
      const [vip] = await db.insert(tags).values({ companyId: k.companyId, name: "VIP", color: "#A855F7" })
        .returning();
      await db.insert(contactTags).values({ companyId: k.companyId, contactId: byMail.id, tagId: vip.id });

      const phone = await expectOk<{ id: number }>(
        await k.t.request("/api/contacts", {
          method: "POST",
          token: k.admin.token,
          json: { name: "Ana Lima", number: "5511988887777" },
        }),
        201,
      );
      const updated = await expectOk<{ id: number; email: string }>(
        await k.t.request(`/api/contacts/${phone.id}`, {
          method: "PUT",
          token: k.admin.token,
          json: { email: "Ana@Cliente.test" },
        }),
      );
      assert.equal(updated.email, "ana@cliente.test");

      const people = await db.select().from(contacts).where(eq(contacts.companyId, k.companyId));
      assert.deepEqual(people.map((c) => c.id), [phone.id], "the e-mail contact joined the phone one");
      const [ticket] = await ticketsOf(k);
      assert.equal(ticket.contactId, phone.id);
      assert.ok((await messagesOf(k, ticket.id)).every((m) => m.contactId === phone.id));
      const kept = await db.select().from(contactTags)
        .where(and(eq(contactTags.contactId, phone.id), eq(contactTags.tagId, vip.id)));
      assert.equal(kept.length, 1);

      // The next mail finds the person by e-mail and lands in the same conversation.
      await k.dc.deliver(
        mail({ from: "Ana Lima <ana@cliente.test>", body: "Alguma novidade?", id: "ana-2@cliente.test" }),
      );
      await k.sync();
      const after = await ticketsOf(k);
      assert.equal(after.length, 1);
      assert.deepEqual((await messagesOf(k, ticket.id)).map((m) => m.body), [
        "Meu pedido?",
        "Alguma novidade?",
      ]);
      assert.equal((await db.select().from(contacts).where(eq(contacts.companyId, k.companyId))).length, 1);
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name:
    "[email] a contact met by e-mail saves with its address as number; a new contact created with that address is that person too",
  async fn() {
    const k = await startMail();
    try {
      await k.dc.deliver(mail({ from: "bruno@cliente.test", body: "Oi", id: "bruno-1@cliente.test" }));
      await k.sync();
      // Edited as the contact form sends it, number as stored (the address): saved, not a phone error.
      const [byMail] = await k.t.deps.db.select().from(contacts).where(
        eq(contacts.number, "bruno@cliente.test"),
      );
      const edited = await expectOk<{ name: string; number: string }>(
        await k.t.request(`/api/contacts/${byMail.id}`, {
          method: "PUT",
          token: k.admin.token,
          json: { name: "Bruno Reis", number: "bruno@cliente.test", email: "bruno@cliente.test" },
        }),
      );
      assert.deepEqual([edited.name, edited.number], ["Bruno Reis", "bruno@cliente.test"]);
      const created = await expectOk<{ id: number }>(
        await k.t.request("/api/contacts", {
          method: "POST",
          token: k.admin.token,
          json: { name: "Bruno", number: "5521977776666", email: "bruno@cliente.test" },
        }),
        201,
      );
      const people = await k.t.deps.db.select().from(contacts).where(eq(contacts.companyId, k.companyId));
      assert.deepEqual(people.map((c) => [c.id, c.number, c.email]), [[
        created.id,
        "5521977776666",
        "bruno@cliente.test",
      ]]);
      assert.equal((await ticketsOf(k))[0].contactId, created.id);
    } finally {
      await k.close();
    }
  },
});
