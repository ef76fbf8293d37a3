/**
 * GET /api/tickets filters and paging: tags, users, whatsapps, statusFilter, the date range in the
 * company's time zone, the bell (withUnreadMessages), sort order, 40-per-page paging and LGPD
 * number masking (spec 1 §2, §6, §7; reference §4, whose ignored date filters we honour).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { contacts, tickets, users } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import {
  at,
  ids,
  listOk,
  mkContact,
  mkTag,
  mkTicket,
  mkWhatsapp,
  setSettings,
  sorted,
  tagContact,
  tagTicket,
} from "./_list_support.ts";

Deno.test("[tickets] GET /api/tickets filters, bell, sort, paging and masking", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app); // America/Sao_Paulo (UTC-3)
    const cid = company.id;
    const q1 = await createQueue(app, cid), q2 = await createQueue(app, cid);
    const agent = await createUser(app, cid, {
      profile: "user",
      queueIds: [q1.id],
      allTicket: "enabled",
      allowGroup: true,
      allUserChat: "disabled",
    });
    const other = await createUser(app, cid, { profile: "user", queueIds: [q1.id] });
    const U = agent.user.id, O = other.user.id;
    const w1 = await mkWhatsapp(app, cid), w2 = await mkWhatsapp(app, cid);
    const agentTok = (await login(app, agent)).token;
    const adminTok = (await login(app, admin)).token;
    const mk = (s: Omit<Parameters<typeof mkTicket>[2], "whatsappId"> & { whatsappId?: number }) =>
      mkTicket(app, cid, { whatsappId: w1.id, ...s });
    /** Removes fixtures so each step starts from an empty company. */
    const clear = () => app.deps.database.write((tx) => tx.delete(tickets).where(eq(tickets.companyId, cid)));

    await t.step("tags: the ticket's tags or its contact's tags, any of the ids", async () => {
      const tagA = await mkTag(app, cid), tagB = await mkTag(app, cid), tagC = await mkTag(app, cid);
      const byTicketTag = await mk({ status: "open", userId: U, queueId: q1.id });
      const byContactTag = await mk({ status: "open", userId: U, queueId: q1.id });
      const untagged = await mk({ status: "open", userId: U, queueId: q1.id });
      await tagTicket(app, cid, byTicketTag.id, tagA.id);
      await tagContact(app, cid, byContactTag.contactId, tagB.id);
      assert.deepEqual(
        await ids(app, agentTok, { status: "open", tags: `[${tagA.id}]` }),
        sorted(byTicketTag),
      );
      assert.deepEqual(await ids(app, agentTok, { status: "open", tags: [tagB.id] }), sorted(byContactTag));
      assert.deepEqual(
        await ids(app, agentTok, { status: "open", tags: `[${tagA.id},${tagB.id}]` }),
        sorted(byTicketTag, byContactTag),
      );
      assert.deepEqual(await ids(app, agentTok, { status: "open", tags: `[${tagC.id}]` }), []);
      assert.deepEqual(
        await ids(app, agentTok, { status: "open" }),
        sorted(byTicketTag, byContactTag, untagged),
      );
      // Tag objects from a picker are accepted too; the DTO carries both tag lists.
      const b = await listOk(app, agentTok, {
        status: "open",
        tags: JSON.stringify([{ id: tagA.id, name: "x" }]),
      });
      assert.deepEqual(b.tickets.map((x) => x.id), [byTicketTag.id]);
      assert.equal((b.tickets[0].tags as { id: number }[])[0].id, tagA.id);
      await clear();
    });

    await t.step("users, whatsapps and statusFilter are IN filters", async () => {
      const mineW1 = await mk({ status: "open", userId: U, queueId: q1.id });
      const otherW2 = await mk({ status: "open", userId: O, queueId: q1.id, whatsappId: w2.id });
      const pendingW2 = await mk({ status: "pending", queueId: q1.id, whatsappId: w2.id });
      const groupW1 = await mk({ status: "group", isGroup: true, queueId: q1.id });
      const all = { showAll: "true" };
      assert.deepEqual(
        await ids(app, adminTok, { ...all, status: "open", users: `[${O}]` }),
        sorted(otherW2),
      );
      assert.deepEqual(
        await ids(app, adminTok, { ...all, status: "open", users: [U, O] }),
        sorted(mineW1, otherW2),
      );
      assert.deepEqual(
        await ids(app, adminTok, { ...all, whatsapps: `[${w2.id}]` }),
        sorted(otherW2, pendingW2),
      );
      assert.deepEqual(
        await ids(app, adminTok, { ...all, statusFilter: '["pending","group"]' }),
        sorted(pendingW2, groupW1),
      );
      assert.deepEqual(
        await ids(app, adminTok, { ...all, statusFilter: ["open"], whatsapps: [w1.id] }),
        sorted(mineW1),
      );
      // A user filter never widens what a profile user sees.
      assert.deepEqual(await ids(app, agentTok, { status: "open", users: `[${O}]` }), []);
      await clear();
    });

    await t.step("date range on updatedAt, in the company's time zone (America/Sao_Paulo)", async () => {
      const lateOn9th = await mk({
        status: "open",
        userId: U,
        queueId: q1.id,
        updatedAt: "2026-03-10T02:30:00.000Z",
      });
      const earlyOn10th = await mk({
        status: "open",
        userId: U,
        queueId: q1.id,
        updatedAt: "2026-03-10T03:30:00.000Z",
      });
      const lastOf10th = await mk({
        status: "open",
        userId: U,
        queueId: q1.id,
        updatedAt: "2026-03-11T02:59:59.999Z",
      });
      const firstOf11th = await mk({
        status: "open",
        userId: U,
        queueId: q1.id,
        updatedAt: "2026-03-11T03:00:00.000Z",
      });
      const q = (x: Record<string, string>) => ids(app, agentTok, { status: "open", ...x });
      assert.deepEqual(
        await q({ startDate: "2026-03-10", endDate: "2026-03-10" }),
        sorted(earlyOn10th, lastOf10th),
      );
      assert.deepEqual(await q({ startDate: "2026-03-10" }), sorted(earlyOn10th, lastOf10th, firstOf11th));
      assert.deepEqual(await q({ endDate: "2026-03-09" }), sorted(lateOn9th));
      assert.deepEqual(await q({ updatedAt: "2026-03-11" }), sorted(firstOf11th));
      assert.deepEqual(await q({ startDate: "2026-03-01", endDate: "2026-03-31" }).then((x) => x.length), 4);
      // The same instants seen from Tokyo (UTC+9) fall on other days.
      const tokyo = await createCompany(app, { timezone: "Asia/Tokyo" });
      const tw = await mkWhatsapp(app, tokyo.company.id);
      const t1 = await mkTicket(app, tokyo.company.id, {
        whatsappId: tw.id,
        status: "pending",
        updatedAt: "2026-03-09T14:59:59.000Z", // 23:59:59 on the 9th in Tokyo
      });
      const t2 = await mkTicket(app, tokyo.company.id, {
        whatsappId: tw.id,
        status: "pending",
        updatedAt: "2026-03-09T15:00:00.000Z", // 00:00 on the 10th in Tokyo
      });
      const tTok = (await login(app, tokyo.admin)).token;
      assert.deepEqual(
        await ids(app, tTok, { status: "pending", startDate: "2026-03-10", endDate: "2026-03-10" }),
        [
          t2.id,
        ],
      );
      assert.deepEqual(await ids(app, tTok, { status: "pending", endDate: "2026-03-09" }), [t1.id]);
      await clear();
    });

    await t.step("the bell: own unread tickets; pending only with showNotificationPending", async () => {
      const ownOpen = await mk({ status: "open", userId: U, queueId: q1.id, unreadMessages: 2 });
      await mk({ status: "open", userId: U, queueId: q1.id, unreadMessages: 0 });
      for (const status of ["closed", "nps", "lgpd"] as const) {
        await mk({ status, userId: U, queueId: q1.id, unreadMessages: 3 });
      }
      const ownPending = await mk({ status: "pending", userId: U, queueId: q1.id, unreadMessages: 1 });
      const queuePending = await mk({ status: "pending", queueId: q1.id, unreadMessages: 1 });
      await mk({ status: "pending", queueId: q2.id, unreadMessages: 1 }); // not his queue
      const groupQ1 = await mk({ status: "group", isGroup: true, queueId: q1.id, unreadMessages: 4 });
      await mk({ status: "group", isGroup: true, queueId: q2.id, unreadMessages: 4 }); // not his queue
      await mk({ status: "open", userId: O, queueId: q1.id, unreadMessages: 5 }); // another attendant's

      const bell = { withUnreadMessages: "true" };
      await setSettings(app, cid, { showNotificationPending: "disabled" });
      assert.deepEqual(await ids(app, agentTok, bell), sorted(ownOpen, groupQ1));
      await setSettings(app, cid, { showNotificationPending: "enabled" });
      assert.deepEqual(await ids(app, agentTok, bell), sorted(ownOpen, ownPending, queuePending, groupQ1));
      // The bell ignores the tab and showAll.
      assert.deepEqual(
        await ids(app, agentTok, { ...bell, status: "closed", showAll: "true" }),
        sorted(ownOpen, ownPending, queuePending, groupQ1),
      );
      // No group tickets without allowGroup.
      await app.deps.database.write((tx) =>
        tx.update(users).set({ allowGroup: false }).where(eq(users.id, U))
      );
      clearCaches(app.deps.caches); // written behind the services' back
      try {
        assert.deepEqual(await ids(app, agentTok, bell), sorted(ownOpen, ownPending, queuePending));
      } finally {
        await app.deps.database.write((tx) =>
          tx.update(users).set({ allowGroup: true }).where(eq(users.id, U))
        );
        clearCaches(app.deps.caches); // written behind the services' back
        await setSettings(app, cid, { showNotificationPending: "disabled" });
      }
      await clear();
    });

    await t.step("sorted by updatedAt DESC by default, ASC on request, ties by id", async () => {
      const a = await mk({ status: "open", userId: U, queueId: q1.id, updatedAt: at(10) });
      const b = await mk({ status: "open", userId: U, queueId: q1.id, updatedAt: at(30) });
      const c = await mk({ status: "open", userId: U, queueId: q1.id, updatedAt: at(20) });
      const d = await mk({ status: "open", userId: U, queueId: q1.id, updatedAt: at(20) }); // ties with c
      const order = async (q: Record<string, string>) =>
        (await listOk(app, agentTok, { status: "open", ...q })).tickets.map((x) => x.id);
      assert.deepEqual(await order({}), [b.id, d.id, c.id, a.id]);
      assert.deepEqual(await order({ sortTickets: "DESC" }), [b.id, d.id, c.id, a.id]);
      assert.deepEqual(await order({ sortTickets: "ASC" }), [a.id, c.id, d.id, b.id]);
      assert.deepEqual(await order({ sortTickets: "asc" }), [a.id, c.id, d.id, b.id]);
      await clear();
    });

    await t.step(
      "40 per page: 41 tickets give 40 + hasMore, then 1 and no more; count is the total",
      async () => {
        const made: number[] = [];
        for (let i = 0; i < 41; i++) {
          made.push((await mk({ status: "open", userId: U, queueId: q1.id, updatedAt: at(100 + i) })).id);
        }
        const p1 = await listOk(app, agentTok, { status: "open" });
        assert.equal(p1.tickets.length, 40);
        assert.equal(p1.count, 41);
        assert.equal(p1.hasMore, true);
        const p2 = await listOk(app, agentTok, { status: "open", pageNumber: 2 });
        assert.equal(p2.tickets.length, 1);
        assert.equal(p2.count, 41);
        assert.equal(p2.hasMore, false);
        assert.deepEqual([...p1.tickets, ...p2.tickets].map((x) => x.id), [...made].reverse());
        const p3 = await listOk(app, agentTok, { status: "open", pageNumber: 3 });
        assert.deepEqual([p3.tickets.length, p3.count, p3.hasMore], [0, 41, false]);
        // The same paging in the closed tab (one ticket per contact, so all are "latest").
        await app.deps.database.write((tx) =>
          tx.update(tickets).set({ status: "closed" }).where(eq(tickets.companyId, cid))
        );
        const c1 = await listOk(app, agentTok, { status: "closed", sortTickets: "ASC" });
        assert.deepEqual([c1.tickets.length, c1.count, c1.hasMore], [40, 41, true]);
        assert.equal(c1.tickets[0].id, made[0]);
        await clear();
      },
    );

    await t.step(
      "LGPD: numbers masked for a profile user when lgpdHideNumber is on; groups and admins not",
      async () => {
        const person = await mkContact(app, cid, { name: "Pessoa", number: "5511912345677" });
        const group = await mkContact(app, cid, {
          name: "Grupo",
          number: "120363000000000042",
          isGroup: true,
        });
        const tp = await mk({ contactId: person.id, status: "pending", queueId: q1.id });
        const tg = await mk({ contactId: group.id, status: "group", isGroup: true, queueId: q1.id });
        const numbers = async (tok: string, status: string) =>
          Object.fromEntries(
            (await listOk(app, tok, { status, showAll: "true" })).tickets.map((
              x,
            ) => [x.id, x.contact?.number]),
          );
        assert.equal((await numbers(agentTok, "pending"))[tp.id], "5511912345677");
        await setSettings(app, cid, { lgpdHideNumber: "enabled" });
        try {
          assert.equal((await numbers(agentTok, "pending"))[tp.id], "***********77");
          assert.equal((await numbers(agentTok, "group"))[tg.id], "120363000000000042");
          assert.equal((await numbers(adminTok, "pending"))[tp.id], "5511912345677");
        } finally {
          await setSettings(app, cid, { lgpdHideNumber: "disabled" });
        }
        // The stored number is untouched.
        const [row] = await app.deps.db.select().from(contacts).where(eq(contacts.id, person.id));
        assert.equal(row.number, "5511912345677");
        await clear();
      },
    );
  } finally {
    await app.close();
  }
});
