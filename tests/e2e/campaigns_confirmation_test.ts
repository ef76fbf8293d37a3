/**
 * Confirmation campaigns end, in the browser, on an api connection whose company is closed (working
 * hours by company, closed all of today by the server's injected clock): a contact answers the
 * confirmation through POST /api/channels/api/messages and gets the campaign message, not the
 * out-of-hours text; another never answers. Campaign A (made in
 * the dialog with a 1 h window) ends when the injected clock passes the window; campaign B ends with
 * "finish now" in its report. Each report shows confirmed / no answer. Screenshots of the report
 * (running, with the finish-now button; finished), the finish dialog and the campaign dialog's window
 * field at 1440, 1280 and 390 px go to /tmp/shots.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { companies } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import type { TestServer } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { createTenant, openOn } from "../_helpers/tenant.ts";
import { customerSays, hooksTo } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { setCampaignSettings } from "../campaigns/_support.ts";
import { browserTest, expectToast, shot, signIn } from "./_browser.ts";
import { wallInputValue } from "@contract/dates.ts";

const WED_NOON = "2026-11-25T15:00:00Z"; // Wednesday 12:00 in São Paulo (UTC-3)
const clock = new ManualClock(WED_NOON);
const CLOSED = "Estamos fechados — voltamos amanhã";
/** Working hours on every day but Wednesday: the company is closed all of the test's day. */
const CLOSED_TODAY = openOn(["monday", "tuesday", "thursday", "friday", "saturday", "sunday"]);

async function shots(page: Page, name: string) {
  // The toasts of the last action have gone (they close by themselves): the picture is the screen.
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    await shot(page, `${name}_${w}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The dispatcher's tick and the delivery jobs, as the scheduler would run them at the clock's time. */
async function tick(server: TestServer) {
  await campaignsTick(server.deps);
  await runDueJobs(server.deps);
  await server.deps.bus.drain();
}

async function list(server: TestServer, token: string, name: string, contacts: [string, string][]) {
  const l = await expectOk<Json & { id: number }>(
    await server.request("/api/contact-lists", { method: "POST", token, json: { name } }),
    201,
  );
  for (const [contactName, number] of contacts) {
    await expectOk(
      await server.request("/api/contact-list-items", {
        method: "POST",
        token,
        json: { contactListId: l.id, name: contactName, number },
      }),
      201,
    );
  }
  return l;
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function count(page: Page, key: string, value: number) {
  await page.getByTestId(`count-${key}`).getByText(String(value), { exact: true }).waitFor();
}

browserTest(
  "[e2e] campaigns: a confirmation campaign answered out of hours ends — by its window, and by finish now",
  async ({ server, newPage }, t) => {
    const sink = startWebhookSink();
    try {
      const a = await createTenant(server, {
        webhook: sink,
        user: false,
        conn: { name: "Integration API", outOfHoursMessage: CLOSED },
        settings: { scheduleType: "company" },
      });
      await server.deps.database.write((tx) =>
        tx.update(companies).set({ schedules: CLOSED_TODAY }).where(eq(companies.id, a.company.id))
      );
      clearCaches(server.deps.caches);
      await setCampaignSettings(server, a.adminToken, { messageInterval: 0, greaterInterval: 0 });
      await list(server, a.adminToken, "Lista A", [["Ana", "5511911110001"], ["Bruno", "5511911110002"]]);
      const listB = await list(server, a.adminToken, "Lista B", [
        ["Carla", "5511922220001"],
        ["Davi", "5511922220002"],
      ]);

      // Campaign B (the default 24 h window) runs beside A; it is ended by hand below.
      const b = await expectOk<Json & { id: number }>(
        await server.request("/api/campaigns", {
          method: "POST",
          token: a.adminToken,
          json: {
            name: "Confirma B",
            message1: "Convite para {nome}",
            confirmation: true,
            confirmationMessage1: "Quer receber o convite, {nome}?",
            contactListId: listB.id,
            whatsappId: a.conn.id,
            scheduledAt: clock.now().toISOString(),
          },
        }),
        201,
      );

      const { page } = await newPage();
      await signIn(page, a.admin);
      let reportA = "";

      await t.step("the company is closed: a stranger's message gets the out-of-hours text", async () => {
        await customerSays(server, a.conn, "5511900009999", "Oi?");
        await runDueJobs(server.deps);
        expect(hooksTo(sink, "5511900009999")).toEqual([CLOSED]);
      });

      await t.step("campaign A is made in the dialog with confirmation and a 1 h window", async () => {
        await page.goto("/campaigns");
        await page.getByTestId("campaigns-page").waitFor();
        await page.getByTestId("campaign-add").click();
        await page.locator("#c-name").fill("Confirma A");
        await pick(page, "c-conn", "Integration API");
        await pick(page, "c-list", "Lista A");
        // Ten minutes before the server's (injected) now, on the company's wall clock as the field reads it.
        const start = wallInputValue(clock.now().getTime() - 10 * 60_000, "America/Sao_Paulo");
        await page.locator("#c-at").fill(start);
        await page.getByRole("switch").first().click(); // confirmation
        await expect(page.getByTestId("c-window").inputValue()).resolves.toBe("24");
        await page.getByTestId("c-window").fill("1");
        await page.getByTestId("c-message1").fill("Oferta para {nome}");
        await page.getByTestId("c-confirmation1").fill("Podemos enviar a oferta, {nome}?");
        await shots(page, "confirm_dialog_window");
        await page.getByTestId("campaign-save").click();
        await expectToast(page, "Saved.");
        const row = page.locator('tr[data-testid^="campaign-row-"]').filter({ hasText: "Confirma A" });
        await row.waitFor();
        await tick(server);
        expect(hooksTo(sink, "5511911110001")).toEqual(["Podemos enviar a oferta, Ana?"]);
        expect(hooksTo(sink, "5511911110002")).toEqual(["Podemos enviar a oferta, Bruno?"]);
        await row.locator('[data-testid^="campaign-report-"]').click();
        await page.getByTestId("campaign-report-page").waitFor();
        reportA = page.url();
        await count(page, "confirmationRequested", 2);
      });

      await t.step(
        "Ana answers out of hours and gets the campaign message, not the closed text",
        async () => {
          await customerSays(server, a.conn, "5511911110001", "Sim, pode mandar");
          await tick(server);
          expect(hooksTo(sink, "5511911110001")).toEqual([
            "Podemos enviar a oferta, Ana?",
            "Oferta para Ana",
          ]);
          await count(page, "confirmed", 1);
          await count(page, "delivered", 1);
          await count(page, "confirmationRequested", 1);
          await page.getByTestId("report-status").getByText("Running").waitFor();
          await page.getByTestId("report-finish").waitFor();
          await page.getByText("Confirmation window: 1 h").waitFor();
          await shots(page, "confirm_report_running");
        },
      );

      await t.step(
        "the window passes (injected clock): Bruno counts as no answer, A is finished",
        async () => {
          clock.advance(61 * 60_000);
          await tick(server);
          await page.getByTestId("report-status").getByText("Finished").waitFor();
          await count(page, "noAnswer", 1);
          await count(page, "confirmed", 1);
          await count(page, "confirmationRequested", 0);
          await page.getByTestId("shipment-5511911110002").getByText("No answer").waitFor();
          expect(await page.getByTestId("report-finish").count()).toBe(0);
          expect(hooksTo(sink, "5511911110002")).toEqual(["Podemos enviar a oferta, Bruno?"]);
          await shots(page, "confirm_report_window_finished");
        },
      );

      await t.step("campaign B: Carla answers, then the admin finishes it now in the report", async () => {
        expect(hooksTo(sink, "5511922220002")).toEqual(["Quer receber o convite, Davi?"]);
        await customerSays(server, a.conn, "5511922220001", "Quero sim");
        await tick(server);
        expect(hooksTo(sink, "5511922220001")).toEqual([
          "Quer receber o convite, Carla?",
          "Convite para Carla",
        ]);
        await page.goto(`/campaign/${b.id}/report`);
        await page.getByTestId("campaign-report-page").waitFor();
        await count(page, "confirmed", 1);
        await count(page, "confirmationRequested", 1);
        await page.getByTestId("report-finish").click();
        await page.getByText("Finish this campaign now?").waitFor();
        await shots(page, "confirm_finish_dialog");
        await page.getByTestId("confirm-dialog-confirm").click();
        await expectToast(page, "Campaign finished.");
        await page.getByTestId("report-status").getByText("Finished").waitFor();
        await count(page, "noAnswer", 1);
        await count(page, "confirmed", 1);
        await page.getByTestId("shipment-5511922220002").getByText("No answer").waitFor();
        await tick(server);
        expect(hooksTo(sink, "5511922220002")).toEqual(["Quer receber o convite, Davi?"]);
        await shots(page, "confirm_report_finished_now");
      });

      await t.step("both campaigns are finished in the list", async () => {
        await page.goto(reportA.replace(/\/campaign\/\d+\/report$/, "/campaigns"));
        for (const name of ["Confirma A", "Confirma B"]) {
          await page.locator('tr[data-testid^="campaign-row-"]').filter({ hasText: name })
            .getByText("Finished").waitFor();
        }
      });
    } finally {
      await sink.close();
    }
  },
  () => ({ clock, scheduler: false }),
);
