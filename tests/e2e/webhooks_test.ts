/**
 * The Webhooks tab as an admin uses it: subscribe a URL to message.created (the secret shown once
 * verifies the receiver's signature), watch a failed delivery in the log, "send again" — the same
 * event id, delivered, the manual attempt in the delivery's attempts. Seen at 1440, 1280 and 390.
 */
import { expect } from "expect";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { startReceiver, verifyAsDocumented } from "../webhooks/_receiver.ts";
import { waitUntil } from "../_helpers/watchdog.ts";
import { atWidth, browserTest, LONG_WORK_MS, shot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] webhooks: subscribe, a failed delivery in the log, send again",
  async ({ server, newPage }, t) => {
    const rx = startReceiver();
    try {
      const a = await createTenant(server, { webhook: null, user: false });
      const { page } = await newPage();
      let secret = "";
      await t.step("subscribe: the secret once", async () => {
        await signIn(page, a.admin);
        await page.goto("/developers?tab=webhooks");
        await page.getByTestId("webhooks-tab").waitFor();
        await page.getByTestId("webhook-add").click();
        await page.getByTestId("webhook-url").fill(rx.url);
        await page.getByTestId("webhook-description").fill("CRM");
        await page.getByTestId("webhook-event-message.created").click();
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `webhooks_dialog_${width}`);
        }
        await atWidth(page, 1440);
        await page.getByTestId("webhook-save").click();
        secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
        expect(secret).toMatch(/^whsec_/);
        await shot(page, "webhooks_secret_1440");
        await page.getByTestId("webhook-secret-done").click();
      });

      await t.step("a failed delivery shows in the log", async () => {
        rx.answer = () => 500;
        await customerSays(server, a.conn, "5511988887001", "Olá, quero um orçamento");
        await page.locator('[data-testid^="webhook-log-"]').first().click();
        await page.locator('[data-testid^="webhook-delivery-"]').filter({ hasText: "500" }).first()
          .waitFor({ timeout: LONG_WORK_MS });
        await page.getByTestId("webhook-delivery-log").getByText("Retrying").waitFor();
        expect(rx.calls.length).toBeGreaterThanOrEqual(1);
        const header = rx.calls[0].headers.get("atende-signature")!;
        expect(await verifyAsDocumented(secret, header, rx.calls[0].body, Math.floor(Date.now() / 1000)))
          .toBe(true);
      });

      await t.step("send again: delivered, the same event id", async () => {
        rx.answer = () => 200;
        await page.locator('[data-testid^="webhook-resend-"]').first().click();
        await page.getByTestId("webhook-delivery-log").getByText("Delivered").waitFor({
          timeout: LONG_WORK_MS,
        });
        expect(rx.calls.length).toBeGreaterThanOrEqual(2);
        expect(new Set(rx.calls.map((c) => c.json.id)).size).toBe(1);
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `webhooks_log_${width}`);
        }
        await atWidth(page, 1440);
        await page.locator('[data-testid^="webhook-delivery-open-"]').first().click();
        const detail = page.getByTestId("webhook-delivery-detail");
        await detail.waitFor();
        await detail.getByText("sent again").waitFor();
        const attempts = detail.getByTestId("webhook-attempt");
        await attempts.nth(1).waitFor();
        expect(await attempts.first().textContent()).toContain("200");
        expect(await attempts.last().textContent()).toContain("500");
        await detail.getByText('"message.created"').first().waitFor();
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `webhooks_delivery_${width}`);
        }
      });

      await t.step("a new secret with a day's overlap: both sign, the row says until when", async () => {
        await page.keyboard.press("Escape");
        await page.locator('[data-testid^="webhook-rotate-"]').first().click();
        const confirm = page.getByRole("alertdialog");
        await confirm.getByTestId("webhook-rotate-overlap").waitFor();
        expect(await confirm.getByTestId("webhook-rotate-overlap").getAttribute("data-state")).toBe(
          "checked",
        );
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `webhooks_rotate_${width}`);
        }
        await atWidth(page, 1440);
        await confirm.getByRole("button", { name: "New secret" }).click();
        const fresh = (await page.getByTestId("webhook-secret").textContent())!.trim();
        expect(fresh).not.toBe(secret);
        await page.getByTestId("webhook-secret-done").click();
        await page.locator('[data-testid^="webhook-overlap-"]').first().waitFor();
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `webhooks_overlap_${width}`);
        }
        const before = rx.calls.length;
        await customerSays(server, a.conn, "5511988887001", "Outra pergunta");
        const call = await waitUntil(
          "the next delivery",
          () => rx.calls.slice(before).find((x) => x.json.type === "message.created") ?? null,
        );
        const header = call.headers.get("atende-signature")!;
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
        const nowS = Math.floor(Date.now() / 1000);
        expect(await verifyAsDocumented(secret, header, call.body, nowS)).toBe(true);
        expect(await verifyAsDocumented(fresh, header, call.body, nowS)).toBe(true);
      });
    } finally {
      await rx.close();
    }
  },
);
