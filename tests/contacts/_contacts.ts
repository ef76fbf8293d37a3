/** What the contacts tests share: a page of the list, contacts written straight into a company. */
import { contacts } from "@db/schema.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import type { Json } from "../_helpers/http.ts";

export type Page = { contacts: Json[]; count: number; hasMore: boolean };

export async function insertContacts(
  t: TestApp,
  companyId: number,
  rows: Partial<typeof contacts.$inferInsert>[],
) {
  return await t.deps.database.write((tx) =>
    tx.insert(contacts).values(rows.map((r, i) => ({
      name: `Contact ${i}`,
      number: `55119${String(Date.now() + i).slice(-8)}`,
      ...r,
      companyId,
    }))).returning()
  );
}
