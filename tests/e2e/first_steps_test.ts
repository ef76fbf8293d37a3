/**
 * An empty company's first steps, at 1440, 1280 and 390 px: the inbox shows the three first steps
 * and /connections guides to a first connection; the token of a new api connection is shown once,
 * with a copy button, and a rotation from the edit dialog makes the old one stop working.
 */
import { expect } from "expect";
import { createCompany } from "../_helpers/factories.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { atWidth, browserTest, expectToast, screenshot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] first steps: an empty company is guided to a first api connection, whose token shows once and rotates",
  async ({ server, newPage }) => {
    const sink = startWebhookSink();
    try {
      const { admin } = await createCompany(server, { name: "Polish Co" });
      const { page } = await newPage();
      await signIn(page, admin);

      // An empty company: the inbox shows the three first steps; /connections guides to a first one.
      await page.goto("/tickets");
      for (const w of WIDTHS) {
        await atWidth(page, w);
        if (w === 390) await page.getByTestId("first-steps").first().waitFor();
        else await page.getByTestId("tickets-welcome").getByTestId("first-steps").waitFor();
        await screenshot(page, `first_steps_${w}`);
      }
      await atWidth(page, 1440);
      await page.getByRole("link", { name: /Go to connections/ }).first().click();
      await page.getByTestId("connections-empty").waitFor();
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await page.getByTestId("connections-empty").waitFor();
        await screenshot(page, `first_steps_connections_empty_${w}`);
      }

      // A new api connection: its token is shown once, with a copy button.
      await atWidth(page, 1440);
      await page.getByTestId("connections-empty").getByTestId("conn-add-empty").click();
      await page.getByTestId("conn-add-api").click();
      await page.getByTestId("conn-name").fill("Site chat");
      await page.getByTestId("conn-webhook").fill(sink.url);
      await page.getByTestId("connection-save").click();
      await page.getByTestId("token-reveal").waitFor();
      const first = await page.getByTestId("token-reveal-value").inputValue();
      expect(first).toMatch(/^[A-Za-z0-9]{30}$/);
      await page.getByTestId("token-reveal-copy").waitFor();
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await screenshot(page, `first_steps_token_reveal_${w}`);
      }
      await atWidth(page, 1440);
      await page.getByTestId("token-reveal-done").click();
      await page.getByTestId("token-reveal").waitFor({ state: "detached" });

      // Rotate it from the edit dialog: the old token stops working.
      const row = page.locator('tr[data-testid^="conn-row-"]').filter({ hasText: "Site chat" });
      await row.locator('[data-testid^="conn-edit-"]').click();
      expect(await page.getByTestId("conn-token").inputValue()).toBe(first);
      await page.getByTestId("conn-token-rotate").click();
      await page.getByTestId("confirm-dialog-confirm").click();
      await expectToast(page, "New token generated");
      await page.waitForFunction(
        (old) => (document.querySelector('[data-testid="conn-token"]') as HTMLInputElement)?.value !== old,
        first,
      );
      const token = await page.getByTestId("conn-token").inputValue();
      expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
      await screenshot(page, "first_steps_token_rotated_1440");
      await page.getByRole("button", { name: "Cancel" }).click();
      const stale = await server.request("/api/channels/api/messages", {
        method: "POST",
        headers: { authorization: `Bearer ${first}` },
        json: { externalId: "stale-1", from: { number: "5511955550000" }, body: "oi" },
      });
      expect(stale.status).toBe(401);
      await stale.body?.cancel();
    } finally {
      await sink.close();
    }
  },
);
