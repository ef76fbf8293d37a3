/**
 * The admin adds a Google/Microsoft mailbox with OAuth2: choosing the OAuth2 sign-in shows the
 * refresh fields (token URL, client id, client secret, refresh token); saved, the URL and client id
 * are the connection's settings and the secrets are sealed (never answered). Screenshots of the
 * dialog at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import { createCompany } from "../_helpers/factories.ts";
import { openSecret } from "@/channels/email/connect.ts";
import { hasDovecot, startDovecot, startSmtpSink } from "../channels/email/_servers.ts";
import { SUPPORT } from "../channels/email/_support.ts";
import { browserTest, screenshot, settled, signIn, WIDTHS } from "./_browser.ts";

if (hasDovecot()) {
  browserTest(
    "[e2e] email: the OAuth2 sign-in asks for what refreshes the token, and seals it",
    async ({ server, newPage }) => {
      const dc = await startDovecot({ user: SUPPORT });
      const smtp = await startSmtpSink();
      try {
        const { company, admin } = await createCompany(server, { name: "Northwind Coffee" });
        const { page } = await newPage();
        await signIn(page, admin);
        await page.goto("/connections");
        await page.getByTestId("connections-page").waitFor();
        await page.getByTestId("conn-add").click();
        await page.getByTestId("conn-add-email").click();
        await page.getByTestId("conn-name").fill("Gmail");
        await page.getByTestId("conn-email-imap-host").fill(dc.host);
        await page.getByTestId("conn-email-imap-port").fill(String(dc.port));
        await page.locator("#conn-emailImapSecure").click();
        await page.getByTestId("conn-email-user").fill(dc.user);
        expect(await page.getByTestId("conn-email-oauth").count()).toBe(0);
        await page.locator("#conn-emailAuth").click();
        await page.getByRole("option", { name: "OAuth2 token (Google, Microsoft)" }).click();
        await page.getByTestId("conn-email-oauth").waitFor();
        await page.getByTestId("conn-email-password").fill("ya29.access-token");
        await page.getByTestId("conn-email-oauth-token-url").fill("https://oauth2.googleapis.com/token");
        await page.getByTestId("conn-email-oauth-client-id").fill("1234.apps.googleusercontent.com");
        await page.getByTestId("conn-email-oauth-client-secret").fill("GOCSPX-secret");
        await page.getByTestId("conn-email-oauth-refresh-token").fill("1//refresh-token");
        await page.getByTestId("conn-email-smtp-host").fill(smtp.host);
        await page.getByTestId("conn-email-smtp-port").fill(String(smtp.port));
        await page.locator("#conn-emailSmtpSecure").click();
        await page.getByTestId("conn-email-from").fill(SUPPORT);
        await page.getByTestId("conn-email-oauth").scrollIntoViewIfNeeded();
        for (const w of WIDTHS) {
          await page.setViewportSize({ width: w, height: w === 390 ? 844 : 900 });
          await page.getByTestId("conn-email-oauth").scrollIntoViewIfNeeded();
          await settled(page);
          await screenshot(page, `email_oauth_dialog_${w}`);
        }
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.getByTestId("connection-save").click();
        await page.locator('[data-testid^="conn-row-"]').filter({ hasText: SUPPORT }).waitFor();
        const [row] = await server.deps.db.select().from(whatsapps).where(
          eq(whatsapps.companyId, company.id),
        );
        expect(row.emailSettings?.auth).toBe("xoauth2");
        expect(row.emailSettings?.oauthTokenUrl).toBe("https://oauth2.googleapis.com/token");
        expect(row.emailSettings?.oauthClientId).toBe("1234.apps.googleusercontent.com");
        const secret = await openSecret(server.deps, row);
        expect(secret).toMatchObject({
          password: "ya29.access-token",
          clientSecret: "GOCSPX-secret",
          refreshToken: "1//refresh-token",
        });
        expect(row.emailSecret).not.toContain("refresh-token");
      } finally {
        await smtp.close();
        await dc.close();
      }
    },
  );
}
