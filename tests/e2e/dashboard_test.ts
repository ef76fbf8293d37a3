/**
 * Browser tests of the management screens: the dashboard's figures for a history the
 * test wrote over the api channel at chosen moments, the real-time panel following a ticket
 * accepted in another browser, and the report exported to xlsx and PDF, both files opened.
 */
import { expect } from "expect";
import type { Page } from "playwright-core";
import { createUser } from "../_helpers/factories.ts";
import { pdfLines, xlsxRows } from "../_helpers/files.ts";
import { buildScenario, expected, inRange, PLAN, RANGE } from "../dashboard/_scenario.ts";
import { browserTest, screenshot, signIn, WIDTHS } from "./_browser.ts";

async function shots(page: Page, name: string, ready: () => Promise<void>) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w, height: 900 });
    await ready();
    await screenshot(page, `${name}_${w}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The user's saved theme wins over the browser's preference: switch with the top bar's toggle. */
async function useScheme(page: Page, scheme: "light" | "dark") {
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
  if ((await isDark()) !== (scheme === "dark")) await page.getByTestId("theme-toggle").click();
  await page.waitForFunction(
    (d) => document.documentElement.classList.contains("dark") === d,
    scheme === "dark",
  );
}

const hm = (min: number) =>
  `${Math.floor(Math.round(min) / 60)}h ${String(Math.round(min) % 60).padStart(2, "0")}m`;
const pct = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;

browserTest(
  "[e2e] dashboard: the figures of a known history, in light and dark",
  async ({ server, newPage }) => {
    const s = await buildScenario(server, { name: "Northwind Painel" });
    const want = expected();
    for (const scheme of ["light", "dark"] as const) {
      const { page } = await newPage({ colorScheme: scheme });
      await signIn(page, s.admin);
      await useScheme(page, scheme);
      await page.getByTestId("nav-dashboard").click();
      await page.getByTestId("dashboard").waitFor();
      await page.getByTestId("dashboard-from").fill(RANGE.from);
      await page.getByTestId("dashboard-to").fill(RANGE.to);
      await page.getByTestId("dashboard-apply").click();
      const value = (k: string) => page.getByTestId(`counter-${k}-value`);
      await value("supportFinished").filter({ hasText: new RegExp(`^${want.counters.supportFinished}$`) })
        .waitFor();
      expect(await value("supportHappening").textContent()).toBe(String(want.counters.supportHappening));
      expect(await value("supportPending").textContent()).toBe(String(want.counters.supportPending));
      expect(await value("leads").textContent()).toBe(String(want.counters.leads));
      expect(await value("avgWaitTime").textContent()).toBe(hm(want.counters.avgWaitTime));
      expect(await value("avgSupportTime").textContent()).toBe(hm(want.counters.avgSupportTime));
      await page.getByTestId("chart-day-total").filter({ hasText: String(want.created) }).waitFor();
      await page.locator('[data-testid="chart-day"] .recharts-bar-rectangle').first().waitFor();
      if (scheme === "light") {
        await shots(page, "dashboard_indicators_light", () => page.getByTestId("chart-users").waitFor());
      } else await screenshot(page, "dashboard_indicators_dark_1440");

      await page.getByTestId("tab-assessments").click();
      await value("npsScore").filter({ hasText: String(Math.round(want.counters.npsScore)) }).waitFor();
      expect(await value("promoters").textContent()).toBe(pct(want.counters.npsPromotersPerc));
      expect(await value("passives").textContent()).toBe(pct(want.counters.npsPassivePerc));
      expect(await value("detractors").textContent()).toBe(pct(want.counters.npsDetractorsPerc));
      expect(await value("withRating").textContent()).toBe(String(want.counters.withRating));
      expect(await value("withoutRating").textContent()).toBe(String(want.counters.withoutRating));
      await screenshot(page, `dashboard_nps_${scheme}_1440`);

      await page.getByTestId("tab-attendants").click();
      for (const who of ["ana", "bruno"] as const) {
        const row = page.getByTestId(`attendant-${s[who].user.id}`);
        await row.waitFor();
        const w = want[who];
        expect(await row.getByTestId("tickets").textContent()).toBe(String(w.tickets));
        expect(await row.getByTestId("countRating").textContent()).toBe(String(w.countRating));
        expect(await row.getByTestId("avgWaitTime").textContent()).toBe(hm(w.avgWaitTime));
        expect(await row.getByTestId("avgSupportTime").textContent()).toBe(hm(w.avgSupportTime));
        expect(await row.getByTestId("rating").textContent()).toContain(w.rating.toFixed(2));
      }
      // The admin watching is online (his socket); the attendants are not.
      expect(await page.getByTestId(`attendant-${s.admin.user.id}`).getByTestId("online").textContent()).toBe(
        "Online",
      );
      if (scheme === "dark") {
        await shots(page, "dashboard_attendants_dark", () => page.getByTestId("attendants-table").waitFor());
      } else await screenshot(page, "dashboard_attendants_light_1440");
      const download = page.waitForEvent("download");
      await page.getByTestId("attendants-export").click();
      const rows = await xlsxRows(await Deno.readFile((await (await download).path())!));
      expect(rows.find((r) => r[0] === "Ana Lima")?.[3]).toBe(want.ana.tickets);
      await page.context().close();
    }
  },
);

browserTest(
  "[e2e] real-time panel: follows a ticket accepted in another browser",
  async ({ server, newPage }) => {
    const s = await buildScenario(server, { name: "Northwind Live" });
    const carla = await createUser(server, s.companyId, {
      name: "Carla Mendes",
      queueIds: [s.queues.support.id],
    });
    // The supervisor watching is another admin: a browser login revokes the same user's API token.
    const boss = await createUser(server, s.companyId, { name: "Dora Chefe", profile: "admin" });
    const { page } = await newPage();
    await signIn(page, boss);
    await page.goto("/moments");
    await page.getByTestId("moments").waitFor();
    // The scenario's open and waiting tickets are older than 30 days: nothing shows yet.
    await page.getByTestId("moments-pending-value").filter({ hasText: /^0$/ }).waitFor();

    // A customer writes now; the admin puts the ticket in Support.
    const res = await server.request("/api/channels/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${s.connToken}` },
      json: {
        externalId: `live-${Date.now()}`,
        from: { number: "5511966665555", name: "Olga Ramos" },
        body: "Oi!",
      },
    });
    const { ticketId } = await res.json();
    const put = await server.request(`/api/tickets/${ticketId}`, {
      method: "PUT",
      token: s.adminToken,
      json: { queueId: s.queues.support.id },
    });
    expect(`${put.status} ${await put.text()}`).toMatch(/^200 /);
    await page.getByTestId("moments-pending-value").filter({ hasText: /^1$/ }).waitFor();
    await page.getByTestId("moment-queue").filter({ hasText: "Suporte" }).getByTestId(
      `moment-ticket-${ticketId}`,
    )
      .waitFor();

    // Carla accepts it in her own browser.
    const other = (await newPage()).page;
    await signIn(other, carla);
    await other.goto("/tickets");
    await other.getByTestId("tickets-tab-pending").click();
    await other.getByTestId(`ticket-accept-${ticketId}`).click();

    const card = page.getByTestId(`moment-user-${carla.user.id}`);
    await card.getByTestId(`moment-ticket-${ticketId}`).waitFor();
    await card.getByTestId("moment-user-count").filter({ hasText: "1 in service" }).waitFor();
    await page.getByTestId("moments-pending-value").filter({ hasText: /^0$/ }).waitFor();
    await page.getByTestId("moments-open-value").filter({ hasText: /^1$/ }).waitFor();
    await shots(page, "moments_light", () => card.waitFor());
    const dark = (await newPage({ colorScheme: "dark" })).page;
    await signIn(dark, boss);
    await useScheme(dark, "dark");
    await dark.getByTestId("nav-moments").click();
    await dark.getByTestId(`moment-user-${carla.user.id}`).waitFor();
    await shots(dark, "moments_dark", () => dark.getByTestId("moments").waitFor());
  },
);

browserTest("[e2e] reports: filtered two ways, exported to xlsx and PDF", async ({ server, newPage }) => {
  const s = await buildScenario(server, { name: "Northwind Relatorios" });
  const plan = PLAN.map((c, i) => ({ ...c, id: s.ticketIds[i] })).sort((a, b) => b.at.localeCompare(a.at));
  const { page } = await newPage();
  await signIn(page, s.admin);
  await page.goto("/reports");
  await page.getByTestId("reports").waitFor();

  const pick = async (testId: string, label: string) => {
    await page.getByTestId(testId).click();
    await page.getByTestId(`${testId}-list`).getByText(label, { exact: true }).click();
    await page.keyboard.press("Escape");
  };
  const download = async (kind: "xlsx" | "pdf") => {
    const d = page.waitForEvent("download");
    await page.getByTestId(`report-export-${kind}`).click();
    const file = await d;
    expect(file.suggestedFilename()).toBe(`reporte.${kind}`);
    return await Deno.readFile((await file.path())!);
  };
  const shown = async () => await page.getByTestId("report-contact-name").allTextContents();

  // 1) Ana's closed tickets, any date.
  await page.getByTestId("report-from").fill("");
  await page.getByTestId("report-to").fill("");
  await pick("report-users", "Ana Lima");
  await pick("report-status", "Closed");
  await page.getByTestId("report-apply").click();
  const first = plan.filter((c) => c.who === "ana" && c.serviceMin !== undefined);
  await page.getByTestId("report-range").filter({ hasText: `of ${first.length}` }).waitFor();
  expect(await shown()).toEqual(first.map((c) => c.name));
  await shots(page, "reports_light", () => page.getByTestId("report-table").waitFor());
  let rows = await xlsxRows(await download("xlsx"), "RelatorioDeAtendimentos");
  expect(rows.slice(1).map((r) => r[0])).toEqual(first.map((c) => c.id));
  let lines = (await pdfLines(await download("pdf"))).filter((l) => /^\d+$/.test(l[0]));
  expect(lines.map((l) => Number(l[0]))).toEqual(first.map((c) => c.id));
  expect(lines.map((l) => l[2])).toEqual(first.map((c) => c.name));

  // 2) March in São Paulo, queue Vendas, everyone, any status.
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await page.getByTestId("report-from").fill(RANGE.from);
  await page.getByTestId("report-to").fill(RANGE.to);
  await pick("report-queues", "Vendas");
  await page.getByTestId("report-apply").click();
  const second = plan.filter((c) => c.queue === "sales" && inRange(c));
  await page.getByTestId("report-range").filter({ hasText: `of ${second.length}` }).waitFor();
  expect(await shown()).toEqual(second.map((c) => c.name));
  rows = await xlsxRows(await download("xlsx"), "RelatorioDeAtendimentos");
  expect(rows.slice(1).map((r) => r[0])).toEqual(second.map((c) => c.id));
  expect(rows.slice(1).map((r) => r[2])).toEqual(second.map((c) => c.name));
  lines = (await pdfLines(await download("pdf"))).filter((l) => /^\d+$/.test(l[0]));
  expect(lines.map((l) => Number(l[0]))).toEqual(second.map((c) => c.id));

  // The ticket log and the link to the conversation.
  await page.getByTestId(`report-log-${second[0].id}`).click();
  await page.getByTestId("ticket-log").waitFor();
  await page.keyboard.press("Escape");
  await page.getByTestId(`report-open-${second[0].id}`).click();
  await page.waitForURL(/\/tickets\/[0-9a-f-]{36}/);

  const dark = (await newPage({ colorScheme: "dark" })).page;
  await signIn(dark, s.admin);
  await useScheme(dark, "dark");
  await dark.getByTestId("nav-reports").click();
  await dark.getByTestId("report-from").fill("");
  await dark.getByTestId("report-to").fill("");
  await dark.getByTestId("report-apply").click();
  await dark.getByTestId("report-table").waitFor();
  await shots(dark, "reports_dark", () => dark.getByTestId("report-table").waitFor());
});
