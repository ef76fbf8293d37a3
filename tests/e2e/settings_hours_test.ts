/**
 * Working hours: an end before its start (14:00–09:00) is refused under its day, in the form and
 * by the server, and the screen says that a blank day is closed. Seen at 1440 px; the tab looked at
 * in 1440, 1280 and 390.
 */
import { expect } from "expect";
import { createUser, login } from "../_helpers/factories.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { atWidth, browserTest, shot, signIn } from "./_browser.ts";

browserTest("[e2e] working hours: 14:00–09:00 is refused under Monday; a blank day is closed", async (
  { server, newPage },
) => {
  const a = await createTenant(server, { user: false, settings: { scheduleType: "company" } });
  const url = `/api/companies/${a.company.id}/schedules`;
  // Another admin reads and writes over the API: the browser's login revokes the tenant admin's token.
  const token = (await login(server, await createUser(server, a.company.id, { profile: "admin" }))).token;
  const saved = async () => (await (await server.request(url, { token })).json()).schedules;
  const before = await saved();
  const { page } = await newPage();
  const puts: string[] = [];
  page.on("request", (r) => r.method() === "PUT" && r.url().includes("/schedules") && puts.push(r.url()));
  await signIn(page, a.admin);
  await page.goto("/settings");
  await page.getByTestId("tab-schedules").click();
  await page.getByTestId("company-hours-closed-hint").getByText("A day left blank is closed all day.")
    .waitFor();
  await page.getByTestId("company-hours-monday-startTimeA").fill("14:00");
  await page.getByTestId("company-hours-monday-endTimeA").fill("09:00");
  await page.getByTestId("company-hours-monday-error").getByText("The end must be after the start.")
    .waitFor();
  expect(await page.getByTestId("company-hours-monday-endTimeA").getAttribute("aria-invalid")).toBe("true");
  await page.getByTestId("company-hours-save").click();
  for (const width of [1440, 1280, 390]) {
    await atWidth(page, width);
    await page.getByTestId("company-hours-monday-error").scrollIntoViewIfNeeded();
    await shot(page, `settings_hours_invalid_${width}`);
  }
  expect(puts).toEqual([]);
  expect(await saved()).toEqual(before);

  // The server refuses it too, naming the field.
  const monday = { weekday: "Segunda-feira", weekdayEn: "monday", startTimeA: "14:00", endTimeA: "09:00" };
  const res = await server.request(url, {
    method: "PUT",
    token,
    json: { schedules: [{ ...monday, startTimeB: "", endTimeB: "" }] },
  });
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.details).toEqual([
    expect.objectContaining({ path: "schedules.0.endTimeA", message: "end_before_start" }),
  ]);

  // Fixed: saved; a window up to midnight (00:00) is fine.
  await page.getByTestId("company-hours-monday-endTimeA").fill("18:00");
  await page.getByTestId("company-hours-monday-startTimeB").fill("19:00");
  await page.getByTestId("company-hours-monday-endTimeB").fill("00:00");
  expect(await page.getByTestId("company-hours-monday-error").count()).toBe(0);
  await page.getByTestId("company-hours-save").click();
  await page.locator("[data-sonner-toast]").filter({ hasText: "Hours updated successfully." }).waitFor();
  expect((await saved())[0]).toMatchObject({ startTimeA: "14:00", endTimeA: "18:00", endTimeB: "00:00" });
});
