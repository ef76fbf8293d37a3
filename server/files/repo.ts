/** File list queries. `companyId` first; every query filters on it. */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { fileOptions, files } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";

export type FileListRow = typeof files.$inferSelect;
export type FileOptionRow = typeof fileOptions.$inferSelect;

export async function getFileList(db: Db | Tx, companyId: number, id: number): Promise<FileListRow> {
  const [row] = await db.select().from(files).where(and(eq(files.companyId, companyId), eq(files.id, id)));
  if (!row) throw notFound("file");
  return row;
}

export async function optionsOf(db: Db | Tx, companyId: number, fileIds: number[]) {
  if (!fileIds.length) return new Map<number, FileOptionRow[]>();
  const rows = await db.select().from(fileOptions)
    .where(and(eq(fileOptions.companyId, companyId), inArray(fileOptions.fileId, fileIds)))
    .orderBy(asc(fileOptions.id));
  const m = new Map<number, FileOptionRow[]>();
  for (const r of rows) m.set(r.fileId, [...(m.get(r.fileId) ?? []), r]);
  return m;
}

export async function listFileLists(
  db: Db,
  companyId: number,
  f: { search?: string; limit?: number; offset?: number },
) {
  const where = and(
    eq(files.companyId, companyId),
    f.search ? containsLike(files.name, f.search) : undefined,
  );
  const q = db.select().from(files).where(where).orderBy(asc(files.name), asc(files.id));
  const rows = f.limit === undefined ? await q : await q.limit(f.limit).offset(f.offset ?? 0);
  const [{ n }] = await db.select({ n: count() }).from(files).where(where);
  return { rows, count: n };
}
