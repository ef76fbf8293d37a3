/**
 * The Developers screen's API keys tab as an admin uses it: create a key with scopes, copy the
 * secret shown once, call the API with it, see its last use, revoke it, and the key answers 401.
 * Screenshots at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { createCompany } from "../_helpers/factories.ts";
import { atWidth, browserTest, expectToast, shot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] developers: create an API key, copy it, use it, see its last use, revoke it",
  async ({ server, newPage }, t) => {
    const { admin } = await createCompany(server, { name: "Northwind Support" });
    const { page } = await newPage({ permissions: ["clipboard-read", "clipboard-write"] });
    await signIn(page, admin);

    await t.step("the menu entry opens the page on its first tab", async () => {
      await page.getByTestId("nav-developers").click();
      await page.getByTestId("developers-page").waitFor();
      await page.getByTestId("api-keys-tab").waitFor();
      await page.getByText("No API keys yet").waitFor();
    });

    let secret = "";
    await t.step(
      "create: name, scopes grouped by resource; the secret is shown once and copied",
      async () => {
        await page.getByTestId("api-key-create").click();
        await page.getByTestId("api-key-form").waitFor();
        await page.getByTestId("api-key-save").click();
        await page.getByText("Give the key a name.").waitFor();
        await page.getByText("Choose at least one scope.").waitFor();
        await page.getByTestId("api-key-name").fill("ERP");
        await page.getByTestId("scope-tickets:read").click();
        await page.getByTestId("scope-tickets:write").click();
        await page.getByTestId("scope-messages:send").click();
        await page.getByTestId("api-key-ips").fill("not-an-address");
        await page.getByTestId("api-key-save").click();
        await page.getByTestId("api-key-form").getByRole("alert").filter({ hasText: /IP|CIDR/ }).waitFor();
        await page.getByTestId("api-key-ips").fill("127.0.0.0/8\n::1");
        for (const w of WIDTHS) {
          await atWidth(page, w);
          await shot(page, `developers_create_${w}`);
        }
        await atWidth(page, 1440);
        await page.getByTestId("api-key-save").click();
        await page.getByTestId("api-key-secret").waitFor();
        secret = await page.getByTestId("api-key-secret-value").inputValue();
        expect(secret).toMatch(/^atk_[A-Za-z0-9_-]{43}$/);
        await page.getByTestId("api-key-secret-copy").click();
        await expectToast(page, "Key copied");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
        await shot(page, "developers_secret_1440");
        await page.getByTestId("api-key-secret-done").click();
        await page.getByTestId("api-key-never-used").waitFor();
        expect(await page.getByTestId("api-key-prefix").textContent()).toBe(`${secret.slice(0, 10)}…`);
      },
    );

    const call = () =>
      page.evaluate(async (s) => {
        const r = await fetch("/api/tickets", { headers: { authorization: `Bearer ${s}` } });
        return { status: r.status, remaining: r.headers.get("ratelimit-remaining") };
      }, secret);

    await t.step("the key calls the API; its last use appears in the list", async () => {
      const r = await call();
      expect(r.status).toBe(200);
      expect(Number(r.remaining)).toBeGreaterThan(0);
      await page.reload();
      await page.getByTestId("api-key-last-used").getByText("127.0.0.1").waitFor();
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await shot(page, `developers_keys_${w}`);
      }
      await atWidth(page, 1440);
    });

    await t.step("revoke with confirmation; the key then answers 401", async () => {
      const row = page.locator('[data-testid^="api-key-row-"]').first();
      await row.locator('[data-testid^="api-key-revoke-"]').click();
      await page.getByText('Revoke "ERP"?').waitFor();
      await page.getByTestId("confirm-dialog-confirm").click();
      await expectToast(page, "Key revoked");
      await row.getByTestId("api-key-state").getByText("Revoked").waitFor();
      expect((await call()).status).toBe(401);
    });
  },
);
