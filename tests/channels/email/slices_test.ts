/**
 * A pass longer than a slice (sync.ts stores a chunk in slices so a burst never holds the other
 * channels): conversations keep their order across slices, a reply finds its thread in an earlier
 * slice, and every new sender's address is remembered (one write per slice).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import { SLICE } from "@/channels/email/sync.ts";
import { hasDovecot } from "./_servers.ts";
import { mail, messagesOf, startMail, ticketsOf } from "./_support.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name:
    "[email] a pass of several slices keeps each conversation in order, threads a reply to an earlier slice and remembers each sender",
  async fn() {
    const k = await startMail();
    try {
      const n = 2 * SLICE + 4;
      for (let i = 0; i < n; i++) {
        await k.dc.deliver(
          mail({ from: `c${i % 3}@exemplo.test`, body: `mail ${i}`, id: `s${i}@exemplo.test` }),
        );
      }
      // Another address of the first customer answers the first mail, two slices later.
      await k.dc.deliver(
        mail({
          from: "outro@exemplo.test",
          body: "resposta",
          id: "r@exemplo.test",
          inReplyTo: "s0@exemplo.test",
        }),
      );
      const r = await k.sync();
      assert.deepEqual([r.fetched, r.stored, r.lastUid], [n + 1, n + 1, n + 1]);
      const people = await k.t.deps.db.select().from(contacts)
        .where(eq(contacts.companyId, k.companyId)).orderBy(contacts.number);
      assert.deepEqual(
        people.map((c) => [c.number, c.email]),
        [0, 1, 2].map((j) => [`c${j}@exemplo.test`, `c${j}@exemplo.test`]),
      );
      const tickets = await ticketsOf(k);
      assert.equal(tickets.length, 3);
      for (const [j, c] of people.entries()) {
        const [ticket] = tickets.filter((t) => t.contactId === c.id);
        const bodies = (await messagesOf(k, ticket.id)).map((m) => m.body);
        const want = Array.from({ length: n }, (_, i) => i).filter((i) => i % 3 === j).map((i) =>
          `mail ${i}`
        );
        assert.deepEqual(bodies, j === 0 ? [...want, "resposta"] : want);
      }
    } finally {
      await k.close();
    }
  },
});
