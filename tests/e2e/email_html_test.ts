/**
 * An HTML e-mail in the attendant's conversation: the bubble shows the sanitised HTML with its
 * remote images blocked — the browser sends no request to the image's host until the attendant
 * presses "Show images", and then loads them for that message only. The "remote" host is a local
 * HTTPS server (self-signed; this test's chromium ignores certificate errors) counting requests.
 * Screenshots at 1440, 1280 and 390 px in the four languages.
 */
import forge from "node-forge";
import { eq } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { expect } from "expect";
import { createCompany, login } from "../_helpers/factories.ts";
import { findConnection } from "@/connections/repo.ts";
import { syncMailbox } from "@/channels/email/sync.ts";
import { hasDovecot, startDovecot, startSmtpSink } from "../channels/email/_servers.ts";
import { emailSettings, htmlMail, SUPPORT } from "../channels/email/_support.ts";
import { browserTest, screenshot, settled, signIn, WIDTHS } from "./_browser.ts";

/** A throwaway certificate for localhost, so the "remote" images are https as real ones are. */
function selfSigned(): { cert: string; key: string } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const attrs = [{ name: "commonName", value: "localhost" }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) };
}

/** A 1×1 PNG. */
const PIXEL = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** The "remote" image host: answers images and remembers every path asked. */
function startImageHost() {
  const { cert, key } = selfSigned();
  const asked: string[] = [];
  let notify = () => {};
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, cert, key, onListen: () => {} }, (req) => {
    asked.push(new URL(req.url).pathname + new URL(req.url).search);
    notify();
    return new Response(PIXEL, { headers: { "content-type": "image/png", "cache-control": "no-store" } });
  });
  return {
    origin: `https://localhost:${server.addr.port}`,
    asked,
    /** Resolves once `n` requests have arrived. */
    until: (n: number) =>
      new Promise<void>((resolve) => {
        notify = () => asked.length >= n && resolve();
        notify();
      }),
    close: () => server.shutdown(),
  };
}

const LOCALES = [["pt", "pt-BR"], ["es", "es-ES"], ["en", "en-US"], ["tr", "tr-TR"]] as const;

if (hasDovecot()) {
  browserTest(
    "[e2e] email: an HTML mail shows as sent with its remote images blocked; Show images loads them for that message only",
    async ({ server, newPage }, t) => {
      const dc = await startDovecot({ user: SUPPORT });
      const smtp = await startSmtpSink();
      const host = startImageHost();
      try {
        const { company, admin } = await createCompany(server, { name: "Northwind Coffee" });
        const session = await login(server, admin);
        const res = await server.request("/api/whatsapp", {
          method: "POST",
          token: session.token,
          json: {
            name: "Suporte",
            channel: "email",
            emailSettings: emailSettings(dc, smtp),
            emailPassword: dc.password,
          },
        });
        expect(res.status).toBe(201);
        const conn = await res.json();
        const html = (n: number) =>
          `<p>Olá! Seu <b>pedido 44${n}</b> saiu para entrega.</p>
<img src="${host.origin}/banner-${n}.png" alt="Northwind" width="320" height="80">
<img src="${host.origin}/open-${n}.gif" width="1" height="1" alt="">
<p style="color:#b45309">Previsão: <i>amanhã</i>.</p>
<p><a href="https://northwind.example/rastreio">Rastrear pedido</a></p>`;
        for (const n of [12, 13]) {
          await dc.deliver(htmlMail({
            from: "Maria Souza <maria@cliente.test>",
            subject: `Pedido 44${n}`,
            text: `Olá! Seu pedido 44${n} saiu para entrega. Previsão: amanhã.`,
            html: html(n),
            id: `news-${n}@cliente.test`,
          }));
        }
        await syncMailbox(server.deps, (await findConnection(server.deps.db, company.id, conn.id))!);
        await server.deps.bus.drain();
        const [{ id: ticketId }] = await server.deps.db.select({ id: tickets.id }).from(tickets)
          .where(eq(tickets.companyId, company.id));
        const { page } = await newPage({ locale: "pt-BR" });
        await signIn(page, admin);

        let first = 0, second = 0;
        await t.step("the HTML shows, and no request left for its remote images", async () => {
          await page.goto(`/tickets/${ticketId}`);
          await page.getByTestId("ticket-view").waitFor();
          const bubbles = page.locator('[data-testid^="message-html-"]');
          await bubbles.nth(1).getByText("Rastrear pedido").waitFor();
          const ids = await bubbles.evaluateAll((els) =>
            els.map((e) => Number(e.getAttribute("data-testid")!.slice(13)))
          );
          [first, second] = ids;
          await page.getByTestId(`message-html-${first}`).locator("b", { hasText: "pedido 4412" }).waitFor();
          await page.getByTestId(`message-images-blocked-${first}`).waitFor();
          // The page has settled with both mails shown: nothing was asked of the image host.
          await page.waitForLoadState("networkidle");
          expect(host.asked).toEqual([]);
          expect(await page.getByTestId(`message-html-${first}`).locator("img[src]").count()).toBe(0);
        });

        await t.step("Show images loads that message's images, not the other's", async () => {
          await page.getByTestId(`message-show-images-${first}`).click();
          await host.until(2);
          const img = page.getByTestId(`message-html-${first}`).locator('img[alt="Northwind"]');
          await expect(img.evaluate((el: HTMLImageElement) => el.decode().then(() => el.naturalWidth)))
            .resolves.toBe(1);
          await page.waitForLoadState("networkidle");
          expect([...host.asked].sort()).toEqual(["/banner-12.png", "/open-12.gif"]);
          await page.getByTestId(`message-images-blocked-${second}`).waitFor();
          expect(await page.getByTestId(`message-images-blocked-${first}`).count()).toBe(0);
        });

        await t.step("screenshots in four languages at three widths", async () => {
          for (const [lang, locale] of LOCALES) {
            const { page: p } = await newPage({ locale });
            await signIn(p, admin);
            await p.goto(`/tickets/${ticketId}`);
            await p.getByTestId(`message-images-blocked-${second}`).waitFor();
            for (const w of WIDTHS) {
              await p.setViewportSize({ width: w, height: w === 390 ? 844 : 900 });
              await settled(p);
              await screenshot(p, `email_html_${lang}_${w}`);
            }
            await p.context().close();
          }
          // Still only the first message's two images, in every page opened.
          expect(host.asked.length).toBe(2);
        });
      } finally {
        await host.close();
        await smtp.close();
        await dc.close();
      }
    },
    {},
    { args: ["--ignore-certificate-errors"] },
  );
}
