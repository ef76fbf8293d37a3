/**
 * GET /api/tickets contact search when a term matches more than the count cap (1,000 contact and
 * connection groups): the page then comes from a walk by updatedAt instead of sorting every match
 * (server/tickets/list_queries.ts). Whatever the plan, the page must be exactly the full rule —
 * the newest visible matching ticket per (contact, connection), by updatedAt then id, within the
 * viewer's scope and filters, in the caller's company only — so each case is checked against that
 * rule computed here from the fixture rows.
 */
import assert from "node:assert/strict";
import { contacts, tickets } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { listOk, mkWhatsapp, type Query, T0, type TicketRowT } from "./_list_support.ts";

/** Deterministic minutes, so that updatedAt order differs from id order. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Spec = Pick<TicketRowT, "contactId" | "whatsappId" | "status" | "userId" | "queueId" | "updatedAt">;

async function insertMany(t: TestApp, companyId: number, names: string[], number: (i: number) => string) {
  const out: { id: number }[] = [];
  for (let i = 0; i < names.length; i += 500) {
    out.push(
      ...await t.deps.database.write((tx) =>
        tx.insert(contacts).values(
          names.slice(i, i + 500).map((name, j) => ({ companyId, name, number: number(i + j) })),
        ).returning({ id: contacts.id })
      ),
    );
  }
  return out.map((c) => c.id);
}

async function insertTickets(t: TestApp, companyId: number, specs: Spec[]): Promise<TicketRowT[]> {
  const out: TicketRowT[] = [];
  for (let i = 0; i < specs.length; i += 300) {
    out.push(
      ...await t.deps.database.write((tx) =>
        tx.insert(tickets).values(
          specs.slice(i, i + 300).map((s) => ({ ...s, companyId, channel: "api" as const })),
        )
          .returning()
      ),
    );
  }
  return out;
}

/** The rule, in JS: newest passing ticket per (contact, connection), ordered for the page. */
function expected(rows: TicketRowT[], pass: (t: TicketRowT) => boolean, asc = false): number[] {
  const latest = new Map<string, TicketRowT>();
  for (const r of rows.filter(pass)) {
    const k = `${r.contactId}/${r.whatsappId}`;
    if (!latest.has(k) || latest.get(k)!.id < r.id) latest.set(k, r);
  }
  const s = asc ? 1 : -1;
  return [...latest.values()].sort((a, b) =>
    a.updatedAt === b.updatedAt ? s * (a.id - b.id) : s * (a.updatedAt < b.updatedAt ? -1 : 1)
  ).map((r) => r.id);
}

Deno.test("[tickets] GET /api/tickets search for a frequent name (past the count cap)", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const cid = company.id;
    const q1 = await createQueue(app, cid);
    const agent = await createUser(app, cid, {
      profile: "user",
      queueIds: [q1.id],
      allTicket: "enabled",
      allowGroup: true,
      allUserChat: "disabled",
    });
    const other = await createUser(app, cid, { profile: "user", queueIds: [q1.id] });
    const w1 = await mkWhatsapp(app, cid), w2 = await mkWhatsapp(app, cid);
    const rand = prng(7);
    const at = () => new Date(T0 + Math.floor(rand() * 50_000) * 60_000).toISOString();

    // 1,150 "Denso" contacts (a frequent name) and 20 others; every contact has an older closed
    // ticket on w1; a third also a newer pending one, a sixth a newer open one of another
    // attendant (hidden from the agent, and from an admin without showAll, so that for them the
    // group's closed ticket is the one listed); 60 also have a ticket on w2.
    const denso = await insertMany(
      app,
      cid,
      Array.from({ length: 1150 }, (_, i) => `Denso ${i} Ferraz`),
      (i) => `5511${String(7_000_000_00 + i * 37)}`,
    );
    const others = await insertMany(
      app,
      cid,
      Array.from({ length: 20 }, (_, i) => `Outro ${i}`),
      (i) => `5521${String(8_000_000_00 + i)}`,
    );
    const specs: Spec[] = [];
    for (const contactId of [...denso, ...others]) {
      specs.push({
        contactId,
        whatsappId: w1.id,
        status: "closed",
        userId: null,
        queueId: q1.id,
        updatedAt: at(),
      });
    }
    denso.forEach((contactId, i) => {
      if (i % 3 === 0) {
        specs.push({
          contactId,
          whatsappId: w1.id,
          status: "pending",
          userId: null,
          queueId: q1.id,
          updatedAt: at(),
        });
      } else if (i % 6 === 1) {
        specs.push({
          contactId,
          whatsappId: w1.id,
          status: "open",
          userId: other.user.id,
          queueId: q1.id,
          updatedAt: at(),
        });
      }
      if (i % 19 === 0) {
        specs.push({
          contactId,
          whatsappId: w2.id,
          status: "closed",
          userId: null,
          queueId: q1.id,
          updatedAt: at(),
        });
      }
    });
    const rows = (await insertTickets(app, cid, specs)).filter((r) => denso.includes(r.contactId));

    // Another company: the same name, and newer than everything above.
    const b = await createCompany(app);
    const bw = await mkWhatsapp(app, b.company.id);
    const bDenso = await insertMany(
      app,
      b.company.id,
      Array.from({ length: 30 }, (_, i) => `Denso B${i}`),
      (i) => `5511${String(7_000_000_00 + i * 37)}`,
    );
    const bRows = await insertTickets(
      app,
      b.company.id,
      bDenso.map((contactId) => ({
        contactId,
        whatsappId: bw.id,
        status: "pending" as const,
        userId: null,
        queueId: null,
        updatedAt: new Date(T0 + 60_000 * 60_000).toISOString(),
      })),
    );
    const foreign = new Set(bRows.map((r) => r.id));

    const adminTok = (await login(app, admin)).token;
    const agentTok = (await login(app, agent)).token;
    const notOthersOpen = (r: TicketRowT) => !(r.status === "open" && r.userId === other.user.id);
    const pages = async (tok: string, q: Query, n: number) => {
      const out: number[] = [];
      let last = { count: 0, hasMore: true, countCapped: undefined as boolean | undefined };
      for (let p = 1; p <= n; p++) {
        const body = await listOk(app, tok, { searchParam: "denso", ...q, pageNumber: p }) as
          & Awaited<
            ReturnType<typeof listOk>
          >
          & { countCapped?: boolean };
        assert.ok(body.tickets.every((x) => !foreign.has(x.id)), "another company's ticket listed");
        out.push(...body.tickets.map((x) => x.id));
        last = { count: body.count, hasMore: body.hasMore, countCapped: body.countCapped };
      }
      return { ids: out, ...last };
    };

    await t.step("admin with showAll: pages 1–3 are the rule's first 120, count capped", async () => {
      const want = expected(rows, () => true);
      assert.ok(want.length > 1000, `fixture has ${want.length} groups`);
      const got = await pages(adminTok, { showAll: "true" }, 3);
      assert.deepEqual(got.ids, want.slice(0, 120));
      assert.deepEqual([got.count, got.hasMore, got.countCapped], [1000, true, true]);
    });

    await t.step("ascending order walks from the oldest", async () => {
      const got = await pages(adminTok, { showAll: "true", sortTickets: "ASC" }, 2);
      assert.deepEqual(got.ids, expected(rows, () => true, true).slice(0, 80));
    });

    await t.step("without showAll the newest *visible* ticket of each group is listed", async () => {
      const want = expected(rows, notOthersOpen);
      assert.deepEqual((await pages(adminTok, {}, 2)).ids, want.slice(0, 80));
      assert.deepEqual((await pages(agentTok, {}, 2)).ids, want.slice(0, 80));
    });

    await t.step("filters apply before the latest-per-group rule, in either plan", async () => {
      // Past the cap: the latest *closed* ticket per group, even where a newer pending one exists.
      const closed = expected(rows, (r) => r.status === "closed");
      assert.ok(closed.length > 1000);
      const got = await pages(adminTok, { showAll: "true", statusFilter: '["closed"]' }, 2);
      assert.deepEqual(got.ids, closed.slice(0, 80));
      // Under the cap (one line): every group, exact count.
      const line2 = expected(rows, (r) => r.whatsappId === w2.id);
      const small = await pages(adminTok, { showAll: "true", whatsapps: `[${w2.id}]` }, 2);
      assert.deepEqual(small.ids, line2);
      assert.deepEqual([small.count, small.hasMore, small.countCapped], [line2.length, false, undefined]);
    });

    await t.step("a narrower term under the cap lists every match with an exact count", async () => {
      const body = await listOk(app, adminTok, { searchParam: "denso 7", showAll: "true" });
      const want = expected(
        rows.filter((r) => /^Denso 7\d*/.test(`Denso ${denso.indexOf(r.contactId)}`)),
        () => true,
      );
      assert.equal(body.count, want.length);
      assert.deepEqual(body.tickets.map((x) => x.id), want.slice(0, 40));
    });
  } finally {
    await app.close();
  }
});
