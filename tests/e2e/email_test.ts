/**
 * E-mail as a company uses it: the admin adds the support mailbox in the Connections dialog (IMAP
 * and SMTP of a real Dovecot and a real SMTP server on this machine), a customer's mail arrives
 * (the watcher waits in IDLE), the attendant answers with an attachment, the SMTP server receives a
 * threaded reply, and the customer's answer lands in the same ticket. Screenshots of the dialog and
 * the conversation at 1440, 1280 and 390 px.
 */
import { Buffer } from "node:buffer";
import { expect } from "expect";
import { createCompany, createQueue } from "../_helpers/factories.ts";
import { EmailWatchers } from "@/channels/email/watcher.ts";
import { hasDovecot, startDovecot, startSmtpSink } from "../channels/email/_servers.ts";
import { mail, SUPPORT } from "../channels/email/_support.ts";
import { browserTest, screenshot, settled, signIn } from "./_browser.ts";
import { choose } from "./_inbox.ts";

const SIZES = [[1440, 900], [1280, 800], [390, 844]] as const;

if (hasDovecot()) {
  browserTest(
    "[e2e] email: add the mailbox, a mail arrives, the attendant answers with an attachment, the reply lands in the same ticket",
    async ({ server, newPage }, t) => {
      const dc = await startDovecot({ user: SUPPORT });
      const smtp = await startSmtpSink();
      const watchers = new EmailWatchers(server.deps, { pollMs: 3_600_000 });
      try {
        const { company, admin } = await createCompany(server, { name: "Northwind Coffee" });
        await createQueue(server, company.id, { name: "Pedidos", color: "#b45309" });
        const { page } = await newPage();
        await signIn(page, admin);

        await t.step("the Connections dialog adds the mailbox", async () => {
          await page.goto("/connections");
          await page.getByTestId("connections-page").waitFor();
          await page.getByTestId("conn-add").click();
          await page.getByTestId("conn-add-email").click();
          await page.getByTestId("conn-name").fill("Suporte");
          await page.getByTestId("conn-email-imap-host").fill(dc.host);
          await page.getByTestId("conn-email-imap-port").fill(String(dc.port));
          await page.locator("#conn-emailImapSecure").click();
          await page.getByTestId("conn-email-user").fill(dc.user);
          await page.getByTestId("conn-email-password").fill(dc.password);
          await page.getByTestId("conn-email-smtp-host").fill(smtp.host);
          await page.getByTestId("conn-email-smtp-port").fill(String(smtp.port));
          await page.locator("#conn-emailSmtpSecure").click();
          await page.getByTestId("conn-email-from-name").fill("Northwind Coffee");
          await page.getByTestId("conn-email-from").fill(SUPPORT);
          for (const [w, h] of SIZES) {
            await page.setViewportSize({ width: w, height: h });
            await settled(page);
            await screenshot(page, `email_dialog_${w}`);
          }
          await page.setViewportSize({ width: 1440, height: 900 });
          await page.getByTestId("connection-save").click();
          const row = page.locator('[data-testid^="conn-row-"]').filter({ hasText: SUPPORT });
          await row.waitFor();
          const id = (await row.getAttribute("data-testid"))!.replace("conn-row-", "");
          await page.locator(`[data-testid="conn-row-${id}"][data-status="CONNECTED"]`).waitFor();
          await screenshot(page, "email_connections_1440");
        });

        await t.step("a customer's mail arrives and opens as a ticket with its subject", async () => {
          await watchers.tick();
          await page.goto("/tickets");
          await page.getByTestId("page-tickets").waitFor();
          await page.getByTestId("tickets-tab-pending").click();
          await dc.deliver(mail({
            from: "Maria Souza <maria@cliente.test>",
            subject: "Pedido 4412 chegou amassado",
            body: "Olá, o pacote do pedido 4412 chegou amassado. O que faço?\n\n-- \nMaria",
            id: "maria-1@cliente.test",
          }));
          const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Maria Souza" });
          await item.waitFor();
          await item.click();
          await page.getByTestId("ticket-view").waitFor();
          await page.getByTestId("ticket-subject").getByText("Pedido 4412 chegou amassado").waitFor();
          await page.getByTestId("message-list").getByText("O que faço?", { exact: false }).waitFor();
        });

        let messageId = "";
        await t.step(
          "the attendant accepts and answers with an attachment; SMTP receives a threaded reply",
          async () => {
            await page.getByTestId("ticket-accept").click();
            await page.getByTestId("accept-confirm").or(page.getByTestId("composer-input")).first().waitFor();
            if (await page.getByTestId("accept-confirm").isVisible()) {
              if (await page.getByTestId("accept-queue").isVisible()) {
                await choose(page, "accept-queue", "Pedidos");
              }
              await page.getByTestId("accept-confirm").click();
            }
            await page.getByTestId("composer-input").waitFor();
            await page.getByTestId("composer-file").setInputFiles({
              name: "etiqueta-troca.pdf",
              mimeType: "application/pdf",
              buffer: Buffer.from("%PDF-1.4 etiqueta de troca"),
            });
            await page.getByTestId("attachment-caption").fill(
              "Sinto muito, Maria! Segue a etiqueta de troca.",
            );
            await page.getByTestId("attachment-send").click();
            await smtp.until(1);
            const sent = smtp.received[0];
            expect(sent.to).toEqual(["maria@cliente.test"]);
            expect(sent.mail.subject).toBe("Re: Pedido 4412 chegou amassado");
            expect(sent.mail.inReplyTo).toBe("<maria-1@cliente.test>");
            expect(sent.mail.text).toContain("Sinto muito, Maria! Segue a etiqueta de troca.");
            expect(sent.mail.attachments.map((a) => a.filename)).toEqual(["etiqueta-troca.pdf"]);
            messageId = sent.mail.messageId!.replace(/^<|>$/g, "");
            await page.getByTestId("message-list").getByText("etiqueta-troca.pdf").first().waitFor();
          },
        );

        await t.step("the customer's answer lands in the same ticket", async () => {
          await dc.deliver(mail({
            from: "Maria Souza <maria@cliente.test>",
            subject: "Re: Pedido 4412 chegou amassado",
            body:
              "Perfeito, obrigada!\n\nOn Fri, Nov 27, 2026 Northwind Coffee wrote:\n> Sinto muito, Maria!",
            id: "maria-2@cliente.test",
            inReplyTo: messageId,
            references: ["maria-1@cliente.test", messageId],
          }));
          await page.getByTestId("message-list").getByText("Perfeito, obrigada!").waitFor();
          expect(await page.getByTestId("message-list").getByText("> Sinto muito").count()).toBe(0);
          for (const [w, h] of SIZES) {
            await page.setViewportSize({ width: w, height: h });
            await settled(page);
            await screenshot(page, `email_conversation_${w}`);
          }
        });
      } finally {
        await watchers.stop();
        await smtp.close();
        await dc.close();
      }
    },
  );
}
