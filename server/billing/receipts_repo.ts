/** Receipts reads (spec 3 §3 Receipt approval list): the company's own, or every company's for the operator. */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { companies, receipts } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import type { MediaStore } from "../media/store.ts";
import { containsLike } from "../lib/like.ts";
import type { ReceiptDTO } from "../events/types.ts";

export type ReceiptRow = typeof receipts.$inferSelect;
export type { ReceiptDTO };

export async function toDTO(media: MediaStore, row: ReceiptRow, companyName: string): Promise<ReceiptDTO> {
  return {
    ...row,
    comprobante: row.comprobante ? await media.signedUrl(row.comprobante) : null,
    company: { id: row.companyId, name: companyName },
  };
}

/** `companyId` null: every company (the operator). */
export async function findReceipts(
  db: Db,
  media: MediaStore,
  companyId: number | null,
  q: { search: string; limit: number; offset: number },
): Promise<{ rows: ReceiptDTO[]; count: number }> {
  const where: SQL | undefined = and(
    companyId === null ? undefined : eq(receipts.companyId, companyId),
    q.search ? containsLike(companies.name, q.search) : undefined,
  );
  const rows = await db.select({ r: receipts, name: companies.name }).from(receipts)
    .innerJoin(companies, eq(companies.id, receipts.companyId)).where(where)
    .orderBy(desc(receipts.id)).limit(q.limit).offset(q.offset);
  const [total] = await db.select({ n: count() }).from(receipts)
    .innerJoin(companies, eq(companies.id, receipts.companyId)).where(where);
  return { rows: await Promise.all(rows.map((x) => toDTO(media, x.r, x.name))), count: total.n };
}

export async function receiptWithCompany(db: Db | Tx, id: number) {
  const [row] = await db.select({ r: receipts, name: companies.name }).from(receipts)
    .innerJoin(companies, eq(companies.id, receipts.companyId)).where(eq(receipts.id, id));
  return row;
}
