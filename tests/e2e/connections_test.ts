import { expect } from "expect";
import QRCode from "qrcode";
import { setConnectionStatus } from "@/connections/status.ts";
import { getConnection } from "@/connections/repo.ts";
import { createCompany, createQueue, createUser } from "../_helpers/factories.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { browserTest, expectToast, screenshot, signIn } from "./_browser.ts";

const qr = (text: string) => QRCode.toDataURL(text, { margin: 1, width: 264 });

browserTest("[e2e] connections: api channel, live QR, access", async ({ server, newPage }) => {
  const sink = startWebhookSink();
  try {
    const { company, admin } = await createCompany(server, { name: "Northwind Support" });
    await createQueue(server, company.id, { name: "Sales", color: "#2563eb" });
    await createQueue(server, company.id, { name: "Support", color: "#16a34a" });
    const { page } = await newPage();
    await signIn(page, admin);
    await page.goto("/connections");
    await page.getByTestId("connections-page").waitFor();

    // API channel through the modal: validation first, then the webhook URL.
    await page.getByTestId("conn-add").click();
    await page.getByTestId("conn-add-api").click();
    await page.getByTestId("connection-save").click();
    await page.getByText("Required").first().waitFor();
    await page.getByTestId("conn-name").fill("A");
    await page.getByTestId("connection-save").click();
    await page.getByText("Too short!").waitFor();
    await page.getByTestId("conn-name").fill("Integration API");
    await page.getByTestId("conn-webhook").fill(sink.url);
    await page.getByTestId("connection-save").click();
    await expectToast(page, "Connection saved successfully!");
    // The new api connection's token is shown once, with a copy button.
    expect(await page.getByTestId("token-reveal-value").inputValue()).toMatch(/^[A-Za-z0-9]{30}$/);
    await page.getByTestId("token-reveal-done").click();
    const apiRow = page.locator('tr[data-testid^="conn-row-"]').filter({ hasText: "Integration API" });
    await apiRow.locator('[data-status="CONNECTED"]').first().waitFor();
    await page.getByRole("heading", { name: /Connections\s*1/ }).waitFor();

    // Its token, with the copy button, in the edit dialog.
    await apiRow.locator('[data-testid^="conn-edit-"]').click();
    const token = await page.getByTestId("conn-token").inputValue();
    expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
    await page.getByTestId("conn-token-copy").waitFor();
    await screenshot(page, "connection_modal");
    await page.getByRole("button", { name: "Cancel" }).click();

    // A WhatsApp connection; the test server opens no sockets, so the test drives its session.
    await page.getByTestId("conn-add").click();
    await page.getByTestId("conn-add-whatsapp").click();
    await page.getByTestId("conn-name").fill("Sales WhatsApp");
    await page.getByTestId("connection-save").click();
    await expectToast(page, "Connection saved successfully!");
    const waRow = page.locator('tr[data-testid^="conn-row-"]').filter({ hasText: "Sales WhatsApp" });
    await waRow.locator('[data-status="DISCONNECTED"]').first().waitFor();
    await waRow.getByRole("button", { name: "Try again" }).waitFor();
    await waRow.getByRole("button", { name: "New QR code" }).waitFor();
    const id = Number((await waRow.getAttribute("data-testid"))!.replace("conn-row-", ""));
    const conn = await getConnection(server.deps.db, company.id, id);

    const first = await qr("atende-first-qr");
    const second = await qr("atende-second-qr");
    await setConnectionStatus(server.deps, conn, "qrcode", { qrcode: first });
    await waRow.locator('[data-status="qrcode"]').first().waitFor();
    await page.getByTestId("connections-warning").waitFor();
    await screenshot(page, "connections");
    await page.getByTestId(`conn-qr-${id}`).click();
    const img = page.getByTestId("qr-image");
    await img.waitFor();
    expect(await img.getAttribute("src")).toBe(first);
    await screenshot(page, "connection_qr");

    // A new QR replaces the image without a reload.
    await page.evaluate(() => ((globalThis as unknown as { __marker: number }).__marker = 42));
    await setConnectionStatus(server.deps, conn, "qrcode", { qrcode: second });
    await page.waitForFunction(
      (src) => document.querySelector('[data-testid="qr-image"]')?.getAttribute("src") === src,
      second,
    );
    expect(await page.evaluate(() => (globalThis as unknown as { __marker?: number }).__marker)).toBe(42);

    // CONNECTED closes the modal with a success toast; the row follows.
    await setConnectionStatus(server.deps, conn, "CONNECTED", { qrcode: "", number: "5511988887777" });
    await expectToast(page, "Sales WhatsApp connected successfully!");
    await page.getByTestId("qr-modal").waitFor({ state: "detached" });
    await waRow.locator('[data-status="CONNECTED"]').first().waitFor();
    await waRow.getByText("5511988887777").waitFor();
    await page.getByTestId("connections-warning").waitFor({ state: "detached" });

    // Disconnect asks first.
    await waRow.getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("You will need to scan the QR code again to reconnect.").waitFor();
    await page.getByTestId("confirm-dialog-confirm").click();
    await expectToast(page, "Connection disconnected successfully!");
    await waRow.locator('[data-status="DISCONNECTED"]').first().waitFor();

    // A profile user without allowConnections gets the access-denied view.
    const clerk = await createUser(server, company.id, { profile: "user", allowConnections: "disabled" });
    const other = await newPage();
    await signIn(other.page, clerk);
    await other.page.goto("/connections");
    await other.page.getByTestId("access-denied").waitFor();
    // …and /allConnections sends a non-operator to /tickets.
    await other.page.goto("/allConnections");
    await other.page.waitForURL(/\/tickets/);
  } finally {
    await sink.close();
  }
});

browserTest("[e2e] connections: a user with allowConnections manages them", async ({ server, newPage }) => {
  const { company } = await createCompany(server);
  const tech = await createUser(server, company.id, { profile: "user", allowConnections: "enabled" });
  const { page } = await newPage();
  await signIn(page, tech);
  await page.goto("/connections");
  await page.getByTestId("connections-page").waitFor();
  await page.getByTestId("conn-add").click();
  await page.getByTestId("conn-add-api").click();
  await page.getByTestId("conn-name").fill("Tech API");
  await page.getByTestId("conn-webhook").fill("https://hooks.example.com/in");
  await page.getByTestId("connection-save").click();
  await expectToast(page, "Connection saved successfully!");
  await page.getByTestId("token-reveal-done").click();
  const row = page.locator('tr[data-testid^="conn-row-"]').filter({ hasText: "Tech API" });
  await row.locator('[data-testid^="conn-delete-"]').click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expectToast(page, "Connection deleted successfully!");
  await row.waitFor({ state: "detached" });
});
