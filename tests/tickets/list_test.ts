/**
 * GET /api/tickets: authentication, tenancy, visibility per role and flag, the status tabs and the
 * closed tab's latest-per-(contact, connection) rule (spec 1 §2, §6, §7; reference §4).
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { userQueues, users } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { canViewTicket } from "@/tickets/policy.ts";
import { viewerOf } from "@/lib/context.ts";
import { ids, list, listOk, mkContact, mkTicket, mkWhatsapp, type Query, sorted } from "./_list_support.ts";

type Flags = Partial<Pick<typeof users.$inferInsert, "allTicket" | "allowGroup" | "allUserChat" | "profile">>;

async function setFlags(t: TestApp, userId: number, flags: Flags) {
  await t.deps.database.write((tx) => tx.update(users).set(flags).where(eq(users.id, userId)));
  clearCaches(t.deps.caches); // written behind the services' back
}

Deno.test("[tickets] GET /api/tickets: auth, tenancy, visibility and tabs", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const cid = company.id;
    const q1 = await createQueue(app, cid),
      q2 = await createQueue(app, cid),
      q3 = await createQueue(app, cid);
    // The attendant under test: queues 1 and 2. Flags are set per step (read on every request).
    const agent = await createUser(app, cid, {
      profile: "user",
      queueIds: [q1.id, q2.id],
      allTicket: "enabled",
      allowGroup: true,
      allUserChat: "disabled",
    });
    const other = await createUser(app, cid, { profile: "user", queueIds: [q1.id, q3.id] });
    const w1 = await mkWhatsapp(app, cid), w2 = await mkWhatsapp(app, cid);
    const U = agent.user.id, O = other.user.id, A = admin.user.id;
    const mk = (s: Omit<Parameters<typeof mkTicket>[2], "whatsappId"> & { whatsappId?: number }) =>
      mkTicket(app, cid, { whatsappId: w1.id, ...s });

    const ownOpen = await mk({ status: "open", userId: U, queueId: q1.id });
    const ownOpenQ3 = await mk({ status: "open", userId: U, queueId: q3.id });
    const otherOpenQ1 = await mk({ status: "open", userId: O, queueId: q1.id });
    const otherOpenQ3 = await mk({ status: "open", userId: O, queueId: q3.id });
    const otherOpenNoQ = await mk({ status: "open", userId: O, queueId: null });
    const adminOpen = await mk({ status: "open", userId: A, queueId: q3.id });
    const pendingQ1 = await mk({ status: "pending", queueId: q1.id });
    const pendingQ2 = await mk({ status: "pending", queueId: q2.id, whatsappId: w2.id });
    const pendingQ3 = await mk({ status: "pending", queueId: q3.id });
    const pendingNoQ = await mk({ status: "pending", queueId: null });
    const pendingOtherQ1 = await mk({ status: "pending", userId: O, queueId: q1.id });
    const lgpdQ1 = await mk({ status: "lgpd", queueId: q1.id });
    const groupQ1 = await mk({ status: "group", isGroup: true, queueId: q1.id });
    const groupNoQ = await mk({ status: "group", isGroup: true, queueId: null });
    const groupQ3 = await mk({ status: "group", isGroup: true, queueId: q3.id });
    const closedMine = await mk({ status: "closed", userId: U, queueId: q1.id });
    const closedOther = await mk({ status: "closed", userId: O, queueId: q1.id });
    const closedNobodyQ2 = await mk({ status: "closed", queueId: q2.id });
    const closedOtherQ3 = await mk({ status: "closed", userId: O, queueId: q3.id });
    const npsMine = await mk({ status: "nps", userId: U, queueId: q1.id });

    // Another tenant with the same shapes of tickets.
    const b = await createCompany(app);
    const bq = await createQueue(app, b.company.id);
    const bw = await mkWhatsapp(app, b.company.id);
    const foreign = [
      await mkTicket(app, b.company.id, {
        whatsappId: bw.id,
        status: "open",
        userId: b.admin.user.id,
        queueId: bq.id,
      }),
      await mkTicket(app, b.company.id, { whatsappId: bw.id, status: "pending", queueId: null }),
      await mkTicket(app, b.company.id, { whatsappId: bw.id, status: "closed", queueId: bq.id }),
      await mkTicket(app, b.company.id, { whatsappId: bw.id, status: "group", isGroup: true }),
    ];

    const adminTok = (await login(app, admin)).token;
    const agentTok = (await login(app, agent)).token;

    await t.step("401 without a token, and with a garbage token", async () => {
      const res = await list(app, undefined);
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error, "ERR_UNAUTHENTICATED");
      const bad = await list(app, "not-a-jwt");
      assert.equal(bad.status, 401);
      await bad.body?.cancel();
    });

    await t.step("400 ERR_VALIDATION on a bad status, page or date", async () => {
      for (
        const q of [
          { status: "archived" },
          { pageNumber: "0" },
          { startDate: "2026-13-01" },
          {
            startDate: "2026-02-02",
            endDate: "2026-02-01",
          },
          { queueIds: "[1," },
          { tags: '["x"]' },
        ] as Query[]
      ) {
        const res = await list(app, adminTok, q);
        assert.equal(res.status, 400, JSON.stringify(q));
        assert.equal((await res.json()).error, "ERR_VALIDATION");
      }
    });

    await t.step("a company never sees another company's tickets", async () => {
      const foreignIds = new Set(foreign.map((x) => x.id));
      for (
        const q of [
          {},
          { showAll: "true" },
          { status: "open", showAll: "true" },
          { status: "pending", showAll: "true" },
          { status: "closed", showAll: "true" },
          { status: "group", showAll: "true" },
          { withUnreadMessages: "true" },
          { statusFilter: '["open","pending","closed","group"]', showAll: "true" },
        ] as Query[]
      ) {
        const got = await listOk(app, adminTok, q);
        for (const x of got.tickets) {
          assert.ok(!foreignIds.has(x.id), `foreign ticket ${x.id} in ${JSON.stringify(q)}`);
          assert.equal(x.companyId, cid);
        }
      }
      // Filters naming the other company's queue or connection find nothing either.
      assert.deepEqual(
        await ids(app, adminTok, { showAll: "true", queueIds: `[${bq.id}]`, status: "open" }),
        sorted(otherOpenNoQ), // queue-less tickets are not narrowed by the queue selector
      );
      assert.deepEqual(await ids(app, adminTok, { showAll: "true", whatsapps: `[${bw.id}]` }), []);
      // And company B's admin sees only B's.
      const bTok = (await login(app, b.admin)).token;
      assert.deepEqual(
        await ids(app, bTok, { showAll: "true", statusFilter: '["open","pending","closed","group"]' }),
        sorted(...foreign),
      );
    });

    await t.step("DTO shape: contact, queue, user, whatsapp and tags are attached", async () => {
      const got = await listOk(app, agentTok, { status: "open" });
      const row = got.tickets.find((x) => x.id === ownOpen.id) as unknown as Record<string, unknown>;
      assert.ok(row);
      assert.equal((row.contact as { id: number }).id, ownOpen.contactId);
      assert.deepEqual(row.queue, { id: q1.id, name: q1.name, color: q1.color });
      assert.equal((row.user as { id: number }).id, U);
      assert.equal((row.whatsapp as { id: number }).id, w1.id);
      assert.deepEqual(row.tags, []);
      assert.equal(row.status, "open");
      assert.equal(typeof row.uuid, "string");
    });

    await t.step(
      "open tab: a profile user sees his own (any queue), never others' without showAll",
      async () => {
        assert.deepEqual(await ids(app, agentTok, { status: "open" }), sorted(ownOpen, ownOpenQ3));
        // showAll is ignored without allUserChat.
        assert.deepEqual(
          await ids(app, agentTok, { status: "open", showAll: "true" }),
          sorted(ownOpen, ownOpenQ3),
        );
      },
    );

    await t.step(
      "open tab with allUserChat enabled: showAll adds others' open tickets in his scope",
      async () => {
        await setFlags(app, U, { allUserChat: "enabled" });
        try {
          assert.deepEqual(await ids(app, agentTok, { status: "open" }), sorted(ownOpen, ownOpenQ3));
          assert.deepEqual(
            await ids(app, agentTok, { status: "open", showAll: "true" }),
            sorted(ownOpen, ownOpenQ3, otherOpenQ1, otherOpenNoQ),
          );
          // Queue-less ones only with allTicket.
          await setFlags(app, U, { allTicket: "disabled" });
          assert.deepEqual(
            await ids(app, agentTok, { status: "open", showAll: "true" }),
            sorted(ownOpen, ownOpenQ3, otherOpenQ1),
          );
        } finally {
          await setFlags(app, U, { allUserChat: "disabled", allTicket: "enabled" });
        }
      },
    );

    await t.step(
      "open tab for an admin: only his own without showAll, every open ticket with it",
      async () => {
        assert.deepEqual(await ids(app, adminTok, { status: "open" }), sorted(adminOpen));
        assert.deepEqual(await ids(app, adminTok, { status: "open", showAll: "false" }), sorted(adminOpen));
        assert.deepEqual(
          await ids(app, adminTok, { status: "open", showAll: "true" }),
          sorted(ownOpen, ownOpenQ3, otherOpenQ1, otherOpenQ3, otherOpenNoQ, adminOpen),
        );
      },
    );

    await t.step(
      "pending tab: unassigned (or mine) in my queues; queue-less only with allTicket",
      async () => {
        assert.deepEqual(
          await ids(app, agentTok, { status: "pending" }),
          sorted(pendingQ1, pendingQ2, pendingNoQ),
        );
        await setFlags(app, U, { allTicket: "disabled" });
        try {
          assert.deepEqual(await ids(app, agentTok, { status: "pending" }), sorted(pendingQ1, pendingQ2));
        } finally {
          await setFlags(app, U, { allTicket: "enabled" });
        }
      },
    );

    await t.step(
      "pending tab with showAll (allowed): also others' pending and lgpd, still in scope",
      async () => {
        await setFlags(app, U, { allUserChat: "enabled" });
        try {
          assert.deepEqual(
            await ids(app, agentTok, { status: "pending", showAll: "true" }),
            sorted(pendingQ1, pendingQ2, pendingNoQ, pendingOtherQ1, lgpdQ1),
          );
        } finally {
          await setFlags(app, U, { allUserChat: "disabled" });
        }
        assert.deepEqual(
          await ids(app, adminTok, { status: "pending" }),
          sorted(pendingQ1, pendingQ2, pendingQ3, pendingNoQ),
        );
        assert.deepEqual(
          await ids(app, adminTok, { status: "pending", showAll: "true" }),
          sorted(pendingQ1, pendingQ2, pendingQ3, pendingNoQ, pendingOtherQ1, lgpdQ1),
        );
      },
    );

    await t.step("queue membership: a user never sees tickets of a queue he is not in", async () => {
      const all = await listOk(app, agentTok, { statusFilter: '["open","pending","closed","group"]' });
      for (const x of all.tickets) {
        if (x.userId !== U) assert.notEqual(x.queueId, q3.id, `ticket ${x.id} of queue 3 leaked`);
      }
      // Joining queue 3 makes its waiting tickets appear.
      await app.deps.database.write((tx) =>
        tx.insert(userQueues).values({ companyId: cid, userId: U, queueId: q3.id })
      );
      clearCaches(app.deps.caches); // written behind the services' back
      try {
        assert.ok((await ids(app, agentTok, { status: "pending" })).includes(pendingQ3.id));
        assert.ok((await ids(app, agentTok, { status: "group" })).includes(groupQ3.id));
      } finally {
        await app.deps.database.write((tx) =>
          tx.delete(userQueues).where(and(eq(userQueues.userId, U), eq(userQueues.queueId, q3.id)))
        );
        clearCaches(app.deps.caches); // written behind the services' back
      }
    });

    await t.step(
      "queueIds narrows to the selected queues ∩ the user's queues (queue-less stay)",
      async () => {
        assert.deepEqual(
          await ids(app, agentTok, { status: "pending", queueIds: `[${q2.id}]` }),
          sorted(pendingQ2, pendingNoQ),
        );
        // Repeated parameters and queueIds[] are the same filter.
        assert.deepEqual(
          await ids(app, agentTok, { status: "pending", queueIds: [q2.id] }),
          sorted(pendingQ2, pendingNoQ),
        );
        assert.deepEqual(
          await ids(app, agentTok, { status: "pending", "queueIds[]": [q1.id, q2.id] }),
          sorted(pendingQ1, pendingQ2, pendingNoQ),
        );
        // Selecting a queue he is not in adds nothing.
        assert.deepEqual(
          await ids(app, agentTok, { status: "pending", queueIds: `[${q3.id}]` }),
          sorted(pendingNoQ),
        );
        // An admin narrows to any queue.
        assert.deepEqual(
          await ids(app, adminTok, { status: "pending", queueIds: `[${q3.id}]` }),
          sorted(pendingQ3, pendingNoQ),
        );
        // An empty selection is no filter.
        assert.deepEqual(
          await ids(app, agentTok, { status: "pending", queueIds: "[]" }),
          sorted(pendingQ1, pendingQ2, pendingNoQ),
        );
      },
    );

    await t.step("group tab: needs allowGroup; queue-less groups need allTicket", async () => {
      assert.deepEqual(await ids(app, agentTok, { status: "group" }), sorted(groupQ1, groupNoQ));
      await setFlags(app, U, { allTicket: "disabled" });
      assert.deepEqual(await ids(app, agentTok, { status: "group" }), sorted(groupQ1));
      await setFlags(app, U, { allTicket: "enabled", allowGroup: false });
      try {
        assert.deepEqual(await ids(app, agentTok, { status: "group" }), []);
        assert.deepEqual(await ids(app, agentTok, { status: "group", showAll: "true" }), []);
      } finally {
        await setFlags(app, U, { allowGroup: true });
      }
      assert.deepEqual(await ids(app, adminTok, { status: "group" }), sorted(groupQ1, groupNoQ, groupQ3));
      await setFlags(app, A, { allowGroup: false });
      try {
        assert.deepEqual(await ids(app, adminTok, { status: "group" }), []);
      } finally {
        await setFlags(app, A, { allowGroup: true });
      }
    });

    await t.step(
      "closed tab: own and unassigned in scope; others' only with allUserChat + showAll",
      async () => {
        assert.deepEqual(await ids(app, agentTok, { status: "closed" }), sorted(closedMine, closedNobodyQ2));
        assert.deepEqual(
          await ids(app, agentTok, { status: "closed", showAll: "true" }),
          sorted(closedMine, closedNobodyQ2),
        );
        await setFlags(app, U, { allUserChat: "enabled" });
        try {
          assert.deepEqual(
            await ids(app, agentTok, { status: "closed", showAll: "true" }),
            sorted(closedMine, closedOther, closedNobodyQ2),
          );
        } finally {
          await setFlags(app, U, { allUserChat: "disabled" });
        }
        // Admin: not other attendants' without showAll; all with it.
        assert.deepEqual(await ids(app, adminTok, { status: "closed" }), sorted(closedNobodyQ2));
        assert.deepEqual(
          await ids(app, adminTok, { status: "closed", showAll: "true" }),
          sorted(closedMine, closedOther, closedNobodyQ2, closedOtherQ3),
        );
      },
    );

    await t.step("nps and lgpd tabs, and the default (no status) view", async () => {
      assert.deepEqual(await ids(app, agentTok, { status: "nps" }), sorted(npsMine));
      assert.deepEqual(await ids(app, agentTok, { status: "lgpd" }), sorted(lgpdQ1));
      assert.deepEqual(await ids(app, adminTok, { status: "nps" }), []); // another attendant's, no showAll
      assert.deepEqual(await ids(app, adminTok, { status: "nps", showAll: "true" }), sorted(npsMine));
      // No status (reference base filter): own tickets of every status plus pending ones in scope.
      assert.deepEqual(
        await ids(app, agentTok, {}),
        sorted(ownOpen, ownOpenQ3, pendingQ1, pendingQ2, pendingNoQ, pendingOtherQ1, closedMine, npsMine),
      );
    });

    await t.step("every row of every view passes canViewTicket (the socket fan-out's rule)", async () => {
      const variants: Query[] = [];
      for (const status of [undefined, "open", "pending", "closed", "group", "nps", "lgpd"]) {
        for (const showAll of ["true", "false"]) {
          variants.push({ ...(status ? { status } : {}), showAll });
          variants.push({ ...(status ? { status } : {}), showAll, queueIds: `[${q1.id},${q3.id}]` });
        }
      }
      variants.push({ withUnreadMessages: "true" }, { searchParam: "Contact", showAll: "true" });
      const flagSets: Flags[] = [
        { allTicket: "enabled", allowGroup: true, allUserChat: "disabled" },
        { allTicket: "disabled", allowGroup: true, allUserChat: "enabled" },
        { allTicket: "enabled", allowGroup: false, allUserChat: "enabled" },
        { allTicket: "disabled", allowGroup: false, allUserChat: "disabled" },
      ];
      try {
        for (const flags of flagSets) {
          await setFlags(app, U, flags);
          const [user] = await app.deps.db.select().from(users).where(eq(users.id, U));
          const viewer = viewerOf(user, [q1.id, q2.id]);
          for (const q of variants) {
            const got = await listOk(app, agentTok, q);
            for (const x of got.tickets) {
              assert.ok(
                canViewTicket(viewer, x),
                `ticket ${x.id} (${x.status}, queue ${x.queueId}, user ${x.userId}, group ${x.isGroup}) listed for ${
                  JSON.stringify(flags)
                } ${JSON.stringify(q)}`,
              );
            }
          }
        }
      } finally {
        await setFlags(app, U, { allTicket: "enabled", allowGroup: true, allUserChat: "disabled" });
      }
    });

    await t.step("closed tab lists only the latest closed ticket per (contact, connection)", async () => {
      const c = await mkContact(app, cid, { name: "Repeat Customer" });
      const old1 = await mk({ contactId: c.id, status: "closed", queueId: q2.id, userId: U });
      const new1 = await mk({ contactId: c.id, status: "closed", queueId: q2.id, userId: U });
      const otherLine = await mk({
        contactId: c.id,
        whatsappId: w2.id,
        status: "closed",
        queueId: q2.id,
        userId: U,
      });
      // A newer open ticket does not hide the latest closed one from the closed tab.
      const c2 = await mkContact(app, cid);
      const closedBefore = await mk({ contactId: c2.id, status: "closed", queueId: q2.id, userId: U });
      await mk({ contactId: c2.id, status: "open", queueId: q2.id, userId: U });
      // Latest *visible*: a newer closed ticket in a queue he is not in leaves the older one listed.
      const c3 = await mkContact(app, cid);
      const visibleOld = await mk({ contactId: c3.id, status: "closed", queueId: q1.id });
      const hiddenNew = await mk({ contactId: c3.id, status: "closed", queueId: q3.id });

      const got = await ids(app, agentTok, { status: "closed" });
      assert.ok(got.includes(new1.id) && got.includes(otherLine.id) && got.includes(closedBefore.id));
      assert.ok(!got.includes(old1.id), "older closed ticket of the same contact and line listed");
      assert.ok(got.includes(visibleOld.id) && !got.includes(hiddenNew.id));

      const adminGot = await ids(app, adminTok, { status: "closed", showAll: "true" });
      assert.ok(adminGot.includes(hiddenNew.id) && !adminGot.includes(visibleOld.id));
      assert.ok(!adminGot.includes(old1.id));
    });
  } finally {
    await app.close();
  }
});
