import { expect } from "expect";
import { atWidth, browserTest, shot, WIDTHS } from "./_browser.ts";

browserTest("[e2e] API reference: readable at every width, within its CSP", async ({ server, newPage }) => {
  const { page } = await newPage();
  const refused: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  await page.goto("/api/docs?lang=pt");
  await page.getByRole("heading", { name: "Referência da API do Atende" }).waitFor();
  // The stylesheet applied (inline, allowed by its hash): the header is dark.
  expect(await page.locator("header").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
    "rgb(30, 27, 75)",
  );
  await atWidth(page, 390);
  await shot(page, "api-docs-top-390");
  await atWidth(page, 1440);
  await page.locator('nav a[href="#op-listTickets"]').click();
  const op = page.locator("#op-listTickets");
  await op.locator("summary").click();
  await op.getByText("tickets:read").first().waitFor();
  await op.getByText(`curl -X GET "${server.url}/api/tickets?`, { exact: false }).waitFor();
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await op.scrollIntoViewIfNeeded();
    await shot(page, `api-docs-${width}`);
  }
  expect(refused).toEqual([]);
});
