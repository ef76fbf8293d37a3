/**
 * Dates in the tickets list follow the language: a ticket last active on 4 March 2026 (day 4,
 * month 3, so the two orders differ) reads 03/04/2026 in en-US, 04/03/2026 in pt-BR and
 * 04.03.2026 in tr-TR.
 */
import { eq } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { browserTest, shot, signIn } from "./_browser.ts";
import { customerWrites } from "./_inbox.ts";
import { salesWithAna } from "./_tickets.ts";

browserTest("[e2e] tickets list: the last activity's date follows the language", async ({
  server,
  newPage,
}) => {
  const { inbox, ana } = await salesWithAna(server);
  try {
    const { ticketId } = await customerWrites(
      server,
      inbox,
      { number: "5511987650004", name: "Rita Melo" },
      "Oi",
    );
    // The connection's greeting goes out first (it moves the ticket's time), then:
    // last activity on 4 March 2026 (day 4, month 3: the two orders differ).
    await inbox.sink.next((r) => String(r.json.body).includes("Choose a department"), 30_000);
    await server.deps.database.write((tx) =>
      tx.update(tickets).set({ updatedAt: "2026-03-04T15:00:00.000Z" }).where(eq(tickets.id, ticketId))
    );
    for (
      const [locale, text] of [["en-US", "03/04/2026"], ["pt-BR", "04/03/2026"], ["tr-TR", "04.03.2026"]]
    ) {
      const { page } = await newPage({ locale });
      await signIn(page, ana);
      await page.getByTestId("tickets-tab-pending").click();
      await page.getByTestId(`ticket-item-${ticketId}`).getByText(text).waitFor();
      if (locale === "en-US") await shot(page, "tickets_dates_en_1440");
      await page.context().close();
    }
  } finally {
    await inbox.sink.close();
  }
});
