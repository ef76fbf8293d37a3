/**
 * Import of old messages in the browser (spec 2 §3, §4): the connection dialog's controls
 * and their checks, saved as the spec's fields; a connected connection whose import settings change
 * warns and restarts its session, another edit keeps it; the row's "preparing" for 35 s and then the
 * button that closes the imported tickets — at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { getConnection } from "@/connections/repo.ts";
import { updateSession } from "@/connections/status.ts";
import { atWidth, browserTest, expectToast, screenshot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] connections: import of old messages — dialog controls, session restart, preparing, close imported",
  async ({ server, newPage }) => {
    const { company, admin } = await createCompany(server, { name: "Import Co" });
    const queue = await createQueue(server, company.id, { name: "Imported", color: "#9333ea" });
    const { page } = await newPage();
    await signIn(page, admin);
    await page.goto("/connections");
    // The API channel has no history to import: the dialog says so.
    await page.getByTestId("conn-add").first().click();
    await page.getByTestId("conn-add-api").click();
    await page.getByTestId("import-unavailable").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    // WhatsApp: the controls, checked before saving.
    await page.getByTestId("conn-add").first().click();
    await page.getByTestId("conn-add-whatsapp").click();
    await page.getByTestId("conn-name").fill("Sales WhatsApp");
    await page.getByTestId("import-on").click();
    await page.getByTestId("connection-save").click();
    await page.getByTestId("import-fields").getByText("Required").first().waitFor();
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await page.locator("#import-from").fill(from);
    await page.getByTestId("import-queue").click();
    await page.getByRole("option", { name: "Imported", exact: true }).click();
    for (const w of WIDTHS) {
      await atWidth(page, w);
      await page.getByTestId("import-fields").scrollIntoViewIfNeeded();
      await screenshot(page, `polish_import_fields_${w}`);
    }
    await atWidth(page, 1440);
    // Enter in the name field submits the form (as the save button does).
    await page.getByTestId("conn-name").press("Enter");
    await expectToast(page, "Connection saved successfully!");
    const token = (await login(server, await createUser(server, company.id, { profile: "admin" }))).token;
    const list = await (await server.request("/api/whatsapp", { token })).json();
    const wa = list.find((c: { name: string }) => c.name === "Sales WhatsApp");
    expect(wa.importOldMessages?.slice(0, 10)).toBe(from);
    expect(wa.queueIdImportMessages).toBe(queue.id);

    // Connected: an edit that leaves the import as it was keeps the session.
    const conn = await getConnection(server.deps.db, company.id, wa.id);
    await updateSession(server.deps, conn, { status: "CONNECTED", number: "5511988887777" });
    const row = page.getByTestId(`conn-row-${wa.id}`);
    await row.locator('[data-status="CONNECTED"]').first().waitFor();
    await page.getByTestId(`conn-edit-${wa.id}`).click();
    await page.getByTestId("conn-name").fill("Sales WhatsApp 2");
    await page.getByTestId("connection-save").click();
    await expectToast(page, "Connection saved successfully!");
    await row.getByText("Sales WhatsApp 2").waitFor();
    expect(await row.locator('[data-testid="conn-status"]').getAttribute("data-status")).toBe("CONNECTED");

    // New import dates on a connected connection: a warning, and the session is started again for a
    // new QR code (the phone sends its history only when a session starts). The test server runs no
    // WhatsApp sessions, so the test plays the session's side: the new QR code, then the import.
    await page.getByTestId(`conn-edit-${wa.id}`).click();
    const earlier = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    await page.locator("#import-from").fill(earlier);
    const restart = page.waitForRequest((r) =>
      r.method() === "PUT" && new URL(r.url()).pathname === `/api/whatsappsession/${wa.id}`
    );
    await page.getByTestId("connection-save").click();
    await expectToast(page, "To import the history, the session restarts");
    await restart;
    await updateSession(server.deps, conn, { status: "qrcode", qrcode: "atende-qr" });
    await row.locator('[data-status="qrcode"]').first().waitFor();

    // The import runs: "preparing" for 35 s after its start, then the button that closes its tickets.
    await updateSession(server.deps, conn, { status: "CONNECTED", statusImportMessages: String(Date.now()) });
    await page.getByTestId(`conn-import-preparing-${wa.id}`).waitFor();
    for (const w of WIDTHS) {
      await atWidth(page, w);
      await screenshot(page, `polish_import_preparing_${w}`);
    }
    await atWidth(page, 1440);
    await updateSession(server.deps, conn, { statusImportMessages: "renderButtonCloseTickets" });
    await page.getByTestId(`conn-close-imported-${wa.id}`).click();
    await expectToast(page, "Imported tickets closed");
  },
);
