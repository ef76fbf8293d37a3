/**
 * The tickets report (spec 3 §2, §3 report row, §7, §9): filters, paging, tenancy, gates, and the
 * xlsx / PDF exports holding exactly the filtered rows.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { tags, tickets, ticketTags } from "@db/schema.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { pdfLines, xlsxRows } from "../_helpers/files.ts";
import { buildScenario, inRange, PLAN, RANGE } from "../dashboard/_scenario.ts";

type Row = {
  id: number;
  uuid: string;
  status: string;
  contactName: string;
  userName: string | null;
  queueName: string | null;
  whatsappName: string | null;
  createdAt: string;
  closedAt: string | null;
  supportTime: number | null;
  NPS: number | null;
};
type Report = { tickets: Row[]; totalTickets: { total: number } };

Deno.test("[reports] filters, paging, gates, tenancy and streamed exports", async (t) => {
  const app = await createTestApp();
  try {
    const s = await buildScenario(app);
    const other = await createTenant(app);
    const get = (path: string, token = s.adminToken) => app.request(path, { token });
    const report = async (q: string, token = s.adminToken) =>
      await expectOk<Report>(await get(`/api/ticketreport/reports?${q}`, token));
    const names = (r: Report) => r.tickets.map((x) => x.contactName);
    // Plan entries, newest first (the report's order).
    const plan = PLAN.map((c, i) => ({ ...c, id: s.ticketIds[i] })).sort((a, b) => b.at.localeCompare(a.at));
    const range = `dateFrom=${RANGE.from}&dateTo=${RANGE.to}`;

    await t.step("401 without a token; 403 without showDashboard", async () => {
      const routes: [string, string][] = [
        ["GET", "/api/ticketreport/reports"],
        ["GET", "/api/ticketreport/reports.xlsx"],
        ["GET", "/api/ticketreport/reports.pdf"],
      ];
      await assertAllNeedAuth(app, routes);
      const plain = await login(app, await createUser(app, s.companyId, { showDashboard: "disabled" }));
      for (const [, p] of routes) await expectError(await get(p, plain.token), 403, "ERR_NO_PERMISSION");
      const boss = await login(app, await createUser(app, s.companyId, { showDashboard: "enabled" }));
      assert.equal(
        (await report(range, boss.token)).totalTickets.total,
        plan.filter((c) => inRange(c)).length,
      );
    });

    await t.step("dates are local days; rows newest first with the report row's fields", async () => {
      const r = await report(`${range}&pageSize=50`);
      assert.deepEqual(names(r), plan.filter((c) => inRange(c)).map((c) => c.name));
      const carla = r.tickets.find((x) => x.contactName === "Carla Souza")!;
      assert.equal(carla.userName, "Ana Lima");
      assert.equal(carla.queueName, "Vendas");
      assert.equal(carla.whatsappName, "Site chat");
      assert.equal(carla.status, "closed");
      assert.equal(carla.supportTime, 30);
      assert.equal(carla.NPS, 10);
      assert.match(carla.uuid, /^[0-9a-f-]{36}$/);
      const feb = await report("dateFrom=2026-02-28&dateTo=2026-02-28");
      assert.deepEqual(names(feb), ["Iris Costa"], "22:00 on Feb 28 in São Paulo is Feb 28");
    });

    await t.step("each filter, and paging with the spec's sizes", async () => {
      const ana = await report(`users=[${s.ana.user.id}]&pageSize=50`);
      assert.deepEqual(names(ana), plan.filter((c) => c.who === "ana").map((c) => c.name));
      const closedSupport = await report(`status=["closed"]&queueIds=[${s.queues.support.id}]&pageSize=50`);
      assert.deepEqual(
        names(closedSupport),
        plan.filter((c) => c.serviceMin !== undefined && c.queue === "support").map((c) => c.name),
      );
      const rated = await report(`onlyRated=true&${range}`);
      assert.deepEqual(
        names(rated),
        plan.filter((c) => c.rate !== undefined && inRange(c)).map((c) => c.name),
      );
      const conn = await report(`whatsappId=[${s.connId}]&pageSize=50`);
      assert.equal(conn.totalTickets.total, PLAN.length);
      const one = await report(`contactId=${conn.tickets[0] && (await contactOf(app, conn.tickets[0].id))}`);
      assert.equal(one.totalTickets.total, 1);
      // Tags: tag two tickets.
      const [tag] = await app.deps.database.write((tx) =>
        tx.insert(tags).values({ companyId: s.companyId, name: "VIP", color: "#f00" }).returning()
      );
      await app.deps.database.write((tx) =>
        tx.insert(ticketTags).values([s.ticketIds[0], s.ticketIds[2]].map((ticketId) => ({
          companyId: s.companyId,
          ticketId,
          tagId: tag.id,
        })))
      );
      const vip = await report(`tags=[${tag.id}]`);
      assert.deepEqual(names(vip), ["Elisa Prado", "Carla Souza"]);
      // Paging: 5 per page over the 8 tickets.
      const p1 = await report("pageSize=5&page=1"), p2 = await report("pageSize=5&page=2");
      assert.equal(p1.totalTickets.total, 8);
      assert.equal(p1.tickets.length, 5);
      assert.equal(p2.tickets.length, 3);
      assert.deepEqual([...names(p1), ...names(p2)], plan.map((c) => c.name));
      await expectError(await get('/api/ticketreport/reports?status=["bogus"]'), 400, "ERR_VALIDATION");
    });

    await t.step("tenancy: another company's report and ids give nothing", async () => {
      const r = await report("pageSize=50", other.adminToken);
      assert.equal(r.totalTickets.total, 0);
      const probe = await report(`users=[${s.ana.user.id}]`, other.adminToken);
      assert.equal(probe.totalTickets.total, 0);
    });

    await t.step("xlsx and PDF exports hold exactly the filtered rows", async () => {
      const filters = [
        {
          q: `users=[${s.ana.user.id}]&status=["closed"]`,
          want: plan.filter((c) => c.who === "ana" && c.serviceMin !== undefined),
        },
        {
          q: `${range}&queueIds=[${s.queues.sales.id}]`,
          want: plan.filter((c) => c.queue === "sales" && inRange(c)),
        },
      ];
      for (const f of filters) {
        const x = await get(`/api/ticketreport/reports.xlsx?${f.q}&lang=pt`);
        assert.equal(x.status, 200);
        assert.equal(x.headers.get("x-report-rows"), String(f.want.length));
        assert.match(x.headers.get("content-disposition") ?? "", /reporte\.xlsx/);
        const rows = await xlsxRows(await x.arrayBuffer(), "RelatorioDeAtendimentos");
        assert.equal(rows[0][0], "Id");
        assert.equal(rows[0][2], "Contato");
        assert.deepEqual(rows.slice(1).map((r) => r[0]), f.want.map((c) => c.id), f.q);
        assert.deepEqual(rows.slice(1).map((r) => r[2]), f.want.map((c) => c.name));
        const pdf = await get(`/api/ticketreport/reports.pdf?${f.q}&lang=en`);
        assert.equal(pdf.status, 200);
        assert.equal(pdf.headers.get("content-type"), "application/pdf");
        const lines = await pdfLines(await pdf.arrayBuffer());
        const dataLines = lines.filter((l) => /^\d+$/.test(l[0]));
        assert.deepEqual(dataLines.map((l) => Number(l[0])), f.want.map((c) => c.id), f.q);
        assert.deepEqual(dataLines.map((l) => l[2]), f.want.map((c) => c.name));
        assert.ok(lines.some((l) => l.includes("Contact")), "English headers");
      }
      const carla = (await xlsxRows(
        await (await get(`/api/ticketreport/reports.xlsx?onlyRated=1&${range}`)).arrayBuffer(),
      ))
        .find((r) => r[2] === "Carla Souza")!;
      assert.deepEqual(carla.slice(5), [
        "Fechado",
        "Olá, sou Carla Souza",
        "02/03/2026 10:00",
        "02/03/2026 10:40",
        "30m",
        10,
      ]);
    });
  } finally {
    await app.close();
  }
});

async function contactOf(app: TestApp, ticketId: number) {
  const [r] = await app.deps.db.select({ c: tickets.contactId }).from(tickets).where(
    eq(tickets.id, ticketId),
  );
  return r.c;
}
