/**
 * The dashboard, its charts, the message counter and the real-time panel (spec 1 §2, §3, §5, §7,
 * §9; spec 2 §7): every route's 401 / 403 / tenancy, and the figures of a known history.
 */
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { createTestApp } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { buildScenario, expected, PLAN, RANGE } from "./_scenario.ts";

type Counters = Record<string, number>;
type Attendant = {
  id: number;
  name: string;
  tickets: number;
  rating: number;
  countRating: number;
  avgWaitTime: number;
  avgSupportTime: number;
  online: boolean;
};

const ROUTES: [string, string][] = [
  ["GET", "/api/dashboard?days=30"],
  ["GET", "/api/dashboard/attendants.xlsx?days=30"],
  ["GET", "/api/dashboard/ticketsUsers"],
  ["GET", "/api/dashboard/ticketsDay"],
  ["GET", "/api/dashboard/moments"],
  ["GET", "/api/usersMoments"],
  ["GET", "/api/messages-allMe"],
];

Deno.test("[dashboard] routes: 401, 403 by flag, tenancy and the figures of a known history", async (t) => {
  const app = await createTestApp();
  try {
    const s = await buildScenario(app);
    const other = await createTenant(app);
    const q = `date_from=${RANGE.from}&date_to=${RANGE.to}`;
    const get = (path: string, token: string) => app.request(path, { token });

    await t.step("401 without a token", async () => {
      await assertAllNeedAuth(app, ROUTES);
    });

    await t.step("403 for a user without showDashboard / allowRealTime; allowed with the flag", async () => {
      const plain = await login(
        app,
        await createUser(app, s.companyId, { showDashboard: "disabled", allowRealTime: "disabled" }),
      );
      for (const [, path] of ROUTES) {
        await expectError(await get(path, plain.token), 403, "ERR_NO_PERMISSION");
      }
      const boss = await login(
        app,
        await createUser(app, s.companyId, { showDashboard: "enabled", allowRealTime: "disabled" }),
      );
      await expectOk(await get(`/api/dashboard?${q}`, boss.token));
      await expectError(await get("/api/dashboard/moments", boss.token), 403, "ERR_NO_PERMISSION");
      const watcher = await login(
        app,
        await createUser(app, s.companyId, { showDashboard: "disabled", allowRealTime: "enabled" }),
      );
      await expectOk(await get("/api/dashboard/moments", watcher.token));
      await expectOk(await get("/api/usersMoments", watcher.token));
      await expectError(await get(`/api/dashboard?${q}`, watcher.token), 403, "ERR_NO_PERMISSION");
    });

    await t.step("no filter at all is the spec's 'Parametrizar el filtro'", async () => {
      const b = await expectError(await get("/api/dashboard", s.adminToken), 400, "ERR_VALIDATION");
      assert.equal(b.message, "Parametrizar el filtro");
      await expectError(
        await get("/api/dashboard?date_from=2026-13-01", s.adminToken),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("GET /dashboard: counters and attendants in the company's time zone", async () => {
      const want = expected();
      const b = await expectOk<{ counters: Counters; attendants: Attendant[] }>(
        await get(`/api/dashboard?${q}`, s.adminToken),
      );
      for (const [k, v] of Object.entries(want.counters)) assert.equal(b.counters[k], v, k);
      const ana = b.attendants.find((a) => a.id === s.ana.user.id)!;
      const bruno = b.attendants.find((a) => a.id === s.bruno.user.id)!;
      for (const [k, v] of Object.entries(want.ana)) assert.equal(ana[k as keyof Attendant], v, `ana.${k}`);
      for (const [k, v] of Object.entries(want.bruno)) {
        assert.equal(bruno[k as keyof Attendant], v, `bruno.${k}`);
      }
      assert.equal(b.attendants.length, 3 + 3, "every user of the company is listed"); // admin, ana, bruno + 3 flag users
    });

    await t.step("queue filter and the `days` form", async () => {
      const sales = await expectOk<{ counters: Counters }>(
        await get(`/api/dashboard?${q}&queueIds=[${s.queues.sales.id}]`, s.adminToken),
      );
      const inSales = PLAN.filter((c) =>
        c.queue === "sales" && c.at >= RANGE.from && c.at.slice(0, 10) <= RANGE.to
      );
      assert.equal(sales.counters.supportFinished, inSales.filter((c) => c.serviceMin !== undefined).length);
      assert.equal(sales.counters.ratings, inSales.filter((c) => c.rate !== undefined).length);
      const recent = await expectOk<{ counters: Counters }>(await get("/api/dashboard?days=7", s.adminToken));
      assert.equal(recent.counters.supportFinished, 0, "nothing closed in the last week");
      assert.equal(recent.counters.supportHappening, 1, "open now, whatever the range");
    });

    await t.step(
      "ticketsDay per local day (and per hour for one day); ticketsUsers zero-filled",
      async () => {
        const want = expected();
        const day = await expectOk<{ count: number; data: { date: string; data: string; total: number }[] }>(
          await get(
            `/api/dashboard/ticketsDay?initialDate=${RANGE.from}&finalDate=${RANGE.to}`,
            s.adminToken,
          ),
        );
        assert.equal(day.data.length, 31);
        assert.equal(day.count, want.created);
        for (const d of day.data) assert.equal(d.total, want.perDay.get(d.date) ?? 0, d.date);
        assert.equal(day.data[1].data, "02/03/2026");
        const hours = await expectOk<{ data: { horario: string; total: number }[] }>(
          await get("/api/dashboard/ticketsDay?initialDate=2026-03-02&finalDate=2026-03-02", s.adminToken),
        );
        assert.equal(hours.data.length, 24);
        assert.deepEqual(hours.data.filter((h) => h.total).map((h) => h.horario), ["10", "23"]);
        const users = await expectOk<{ data: { userId: number; nome: string; quantidade: number }[] }>(
          await get(
            `/api/dashboard/ticketsUsers?initialDate=${RANGE.from}&finalDate=${RANGE.to}`,
            s.adminToken,
          ),
        );
        assert.equal(users.data.find((u) => u.userId === s.ana.user.id)?.quantidade, 3);
        assert.equal(users.data.find((u) => u.userId === s.bruno.user.id)?.quantidade, 2);
        assert.equal(users.data.find((u) => u.userId === s.admin.user.id)?.quantidade, 0);
      },
    );

    await t.step("messages-allMe counts the range's messages, optionally ours", async () => {
      const all = await expectOk<{ count: { count: number }[] }>(
        await get("/api/messages-allMe?days=1", s.adminToken),
      );
      assert.equal(all.count[0].count, PLAN.length, "one customer message per ticket, written today");
      const mine = await expectOk<{ count: { count: number }[] }>(
        await get("/api/messages-allMe?fromMe=true", s.adminToken),
      );
      assert.equal(mine.count[0].count, 0);
    });

    await t.step("tenancy: another company sees none of it", async () => {
      const b = await expectOk<{ counters: Counters; attendants: Attendant[] }>(
        await get(`/api/dashboard?${q}`, other.adminToken),
      );
      assert.equal(b.counters.supportFinished, 0);
      assert.equal(b.counters.supportHappening, 0);
      assert.ok(b.attendants.every((a) => a.id !== s.ana.user.id));
      const m = await expectOk<Json[]>(await get("/api/dashboard/moments", other.adminToken));
      assert.equal(m.length, 0);
      const u = await expectOk<Json[]>(await get("/api/usersMoments", other.adminToken));
      assert.equal(u.length, 0);
      // Another company's queue id filters to nothing rather than leaking.
      const f = await expectOk<{ counters: Counters }>(
        await get(`/api/dashboard?${q}&queueIds=${s.queues.sales.id}`, other.adminToken),
      );
      assert.equal(f.counters.supportFinished, 0);
    });

    await t.step("the attendants table as xlsx", async () => {
      const res = await get(`/api/dashboard/attendants.xlsx?${q}`, s.adminToken);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /spreadsheetml/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const rows = wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
      const ana = rows.find((r) => r[1] === "Ana Lima")!;
      assert.equal(ana[4], 3);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[dashboard] moments: open and pending tickets of the last 30 days, as the viewer may see them", async () => {
  const app = await createTestApp();
  try {
    const s = await buildScenario(app);
    const get = (path: string, token: string) => app.request(path, { token });
    // Bring two cycles to the present: Gabi (open with Ana) and Hugo (waiting) become today's.
    const now = new Date(Date.now() - 20 * 60_000).toISOString();
    const { tickets, ticketTraking } = await import("@db/schema.ts");
    const { inArray } = await import("drizzle-orm");
    const ids = [s.ticketIds[4], s.ticketIds[5]];
    await app.deps.database.write(async (tx) => {
      await tx.update(tickets).set({ createdAt: now, updatedAt: now }).where(inArray(tickets.id, ids));
      await tx.update(ticketTraking).set({ queuedAt: now, startedAt: null }).where(
        inArray(ticketTraking.ticketId, [ids[1]]),
      );
    });
    const m = await expectOk<{ tickets: Json[]; windowDays: number }>(
      await get("/api/dashboard/moments?view=panel", s.adminToken),
    );
    assert.equal(m.windowDays, 30);
    assert.deepEqual(
      m.tickets.map((x) => x.id).sort(),
      [...ids].sort(),
      "older active tickets fall outside 30 days",
    );
    const hugo = m.tickets.find((x) => x.id === ids[1])!;
    assert.equal(hugo.status, "pending");
    assert.ok((hugo.ageMinutes as number) >= 19, "waiting since it was queued");
    assert.equal((hugo.queue as Json).name, "Suporte");
    const u = await expectOk<{ users: { id: number; open: number }[]; queues: { pending: number }[] }>(
      await get("/api/usersMoments?view=panel", s.adminToken),
    );
    assert.equal(u.users.find((x) => x.id === s.ana.user.id)?.open, 1);
    assert.equal(u.users.find((x) => x.id === s.bruno.user.id)?.open, 0);
    assert.equal(u.queues[0].pending, 1);
    // A user with allowRealTime sees what his queues let him see: Bruno has no queues.
    const bruno = await login(app, s.bruno);
    const his = await expectOk<Json[]>(await get("/api/dashboard/moments", bruno.token));
    assert.equal(his.length, 0);
    assert.deepEqual(await expectOk<Json[]>(await get("/api/usersMoments", bruno.token)), []);
    const only = await expectOk<Json[]>(await get("/api/dashboard/moments?status=pending", s.adminToken));
    assert.deepEqual(only.map((x) => x.id), [ids[1]]);

    // The spec's client reads both answers as the list of tickets itself, each with its user,
    // contact, queue and connection.
    for (const path of ["/api/dashboard/moments", "/api/usersMoments"]) {
      const list = await expectOk<Json[]>(await get(path, s.adminToken));
      assert.ok(Array.isArray(list), path);
      assert.deepEqual(list.map((x) => x.id).sort(), [...ids].sort(), path);
      const gabi = list.find((x) => x.id === ids[0])!;
      assert.equal(gabi.status, "open");
      assert.equal((gabi.user as Json).id, s.ana.user.id);
      assert.equal(typeof (gabi.contact as Json).name, "string");
      assert.equal(typeof (gabi.contact as Json).number, "string");
      assert.equal(typeof gabi.lastMessage, "string");
      assert.ok("whatsapp" in gabi && "queue" in gabi);
      assert.equal(list.find((x) => x.id === ids[1])!.user, null, "a waiting ticket has no user");
    }
    await expectError(await get("/api/usersMoments?view=table", s.adminToken), 400, "ERR_VALIDATION");
  } finally {
    await app.close();
  }
});
