/**
 * A schedule in the past is refused with a clear reason under its date, in the dialog and by the
 * server; nothing is sent. Seen at 1440 px; the dialog looked at in 1440, 1280 and 390.
 */
import { expect } from "expect";
import { contacts, schedules } from "@db/schema.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { atWidth, browserTest, shot, signIn } from "./_browser.ts";
import { wallInputValue } from "@contract/dates.ts";

browserTest(
  "[e2e] schedules: a date a week back is refused under the date field",
  async ({ server, newPage }) => {
    const a = await createTenant(server, { user: false });
    const [ana] = await server.deps.database.write((tx) =>
      tx.insert(contacts).values({ companyId: a.company.id, name: "Beatriz", number: "5511944443333" })
        .returning()
    );
    const { page } = await newPage();
    await signIn(page, a.admin);
    await page.goto("/contacts");
    await page.getByTestId(`contact-schedule-${ana.id}`).click();
    await page.locator("#sc-contact").waitFor();
    await page.getByTestId("sc-body").fill("Lembrete: sua consulta é amanhã");
    // On the company's wall clock: the picker reads the display zone, not the browser's.
    const weekBack = wallInputValue(Date.now() - 7 * 86_400_000, "America/Sao_Paulo");
    await page.locator("#sc-at").fill(weekBack);
    await page.getByTestId("schedule-save").click();
    await page.locator("#sc-at-error").getByText("This date is in the past: pick a moment from now on.")
      .waitFor();
    for (const width of [1440, 1280, 390]) {
      await atWidth(page, width);
      await shot(page, `schedule_past_${width}`);
    }
    expect(await server.deps.db.select().from(schedules)).toHaveLength(0);

    // The server says the same to a client that skips the dialog's check (another admin: the
    // browser's login revoked the tenant admin's older session).
    const other = await createUser(server, a.company.id, { profile: "admin" });
    const res = await server.request("/api/schedules", {
      method: "POST",
      token: (await login(server, other)).token,
      json: {
        body: "Lembrete atrasado",
        contactId: ana.id,
        sendAt: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual([{
      path: "sendAt",
      message: "date_in_past",
      code: "date_in_past",
    }]);
    expect(await server.deps.db.select().from(schedules)).toHaveLength(0);
  },
);
