import { Buffer } from "node:buffer";
import { expect } from "expect";
import { createCompany, login } from "../_helpers/factories.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { atWidth, browserTest, expectToast, screenshot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] messages API: documents the endpoint and sends test messages",
  async ({ server, newPage }) => {
    const sink = startWebhookSink();
    try {
      const { admin } = await createCompany(server, { name: "Northwind Support" });
      const { token: session } = await login(server, admin);
      const res = await server.request("/api/whatsapp", {
        method: "POST",
        token: session,
        json: { name: "Integration API", channel: "api", webhookUrl: sink.url },
      });
      expect(res.status).toBe(201);
      const conn = await res.json();

      const { page } = await newPage();
      await signIn(page, admin);
      await page.goto("/messages-api");
      await page.getByTestId("messages-api-page").waitFor();
      expect(await page.getByTestId("messages-api-url").textContent()).toBe(
        `${server.url}/api/messages/send`,
      );
      expect(await page.getByTestId("messages-api-openapi").getAttribute("href")).toBe(
        "/api/docs/openapi.json",
      );
      expect(await page.getByTestId("messages-api-reference").getAttribute("href")).toBe("/api/docs");

      // Validation: token and number required; body for text; file for media.
      const text = page.getByTestId("api-form-text");
      await page.getByTestId("api-text-send").click();
      await text.getByText("Token is required").waitFor();
      await text.getByText("Number is required").waitFor();
      await text.getByText("Message is required").waitFor();
      await page.getByTestId("api-media-send").click();
      await page.getByTestId("api-form-media").getByText("File is required").waitFor();

      // A text through the api connection (token picked from the connection list).
      await page.getByTestId("api-text-pick").click();
      await page.getByRole("option", { name: "Integration API" }).click();
      expect(await page.locator("#api-text-token").inputValue()).toBe(conn.token);
      await page.locator("#api-text-number").fill("5511987654321");
      await page.locator("#api-text-body").fill("Hello from the Messages API page");
      await page.getByTestId("api-text-send").click();
      await expectToast(page, "Message sent successfully");
      await page.getByTestId("api-text-result").getByText('"status": "SUCCESS"').waitFor();
      const hook = await sink.next((r) => r.json.body === "Hello from the Messages API page");
      expect((hook.json.to as { number: string }).number).toBe("5511987654321");

      // A file through the same connection.
      await page.locator("#api-media-token").fill(conn.token);
      await page.locator("#api-media-number").fill("5511987654321");
      await page.locator("#api-media-file").setInputFiles({
        name: "invoice.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n%test\n"),
      });
      await page.getByTestId("api-media-send").click();
      await page.getByTestId("api-media-result").getByText("Message sent successfully").waitFor();
      const media = await sink.next(
        (r) => (r.json.media as { filename?: string } | null)?.filename === "invoice.pdf",
      );
      expect((media.json.media as { mimetype: string }).mimetype).toBe("application/pdf");

      // A wrong token shows the failure.
      await page.locator("#api-text-token").fill("not-a-valid-token");
      await page.getByTestId("api-text-send").click();
      await page.getByTestId("api-text-result").locator(".text-danger").waitFor();
      await page.locator("#api-text-token").fill(conn.token);
      await page.getByTestId("api-text-send").click();
      await page.getByTestId("api-text-result").getByText("Message sent successfully").waitFor();
      // Let the toasts go before the screenshot.
      await page.waitForFunction(() => !document.querySelector("[data-sonner-toast]"));
      await screenshot(page, "messages_api_result");
      await page.getByTestId("messages-api-page").evaluate((el) => {
        for (let n: Element | null = el; n; n = n.parentElement) n.scrollTop = 0;
        globalThis.scrollTo(0, 0);
      });
      await screenshot(page, "messages_api");
      // The links to the document and to the reference page, at every width.
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await page.getByTestId("messages-api-reference").scrollIntoViewIfNeeded();
        await screenshot(page, `messages_api_links-${width}`);
      }
    } finally {
      await sink.close();
    }
  },
);

browserTest(
  "[e2e] messages API: a plan without the external API is redirected",
  async ({ server, newPage }) => {
    const { admin } = await createCompany(server, { plan: { useExternalApi: false } });
    const { page } = await newPage({ locale: "es-ES" });
    await signIn(page, admin);
    await page.goto("/messages-api");
    await expectToast(
      page,
      "Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.",
    );
    await page.waitForURL((u) => u.pathname === "/");
  },
);
