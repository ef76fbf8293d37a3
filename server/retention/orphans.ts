/**
 * The orphan sweep: files in a company's media folder that no row names any more (a row deleted
 * where no service removed its file, a crash between an upload and its row, a flow's or file
 * list's dropped option) are deleted once they are older than a grace period, so an upload whose
 * row is still being written is never taken. Run by the daily retention job, once a day across
 * instances (a lease named after the day, taken by one holder only), and counted in the company's
 * `media_deleted` for the operator's retention screen.
 *
 * "Names" is read widely, since a wrong guess deletes a customer's file: a file is owned when its
 * path (`company{id}/…`) appears anywhere in any text column of any row of the company (JSON of
 * flows and chatbots, signed links in bodies included), or of a table without a company column.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../deps.ts";
import { acquireLease } from "../jobs/lease.ts";

export const ORPHAN_GRACE_MS = 2 * 86_400_000;
const BATCH = 500;

type Table = { name: string; textColumns: string[]; companyScoped: boolean };

/** Every ordinary table with text columns (FTS and its shadow tables left out: they mirror others). */
async function tables(deps: Deps): Promise<Table[]> {
  const names = await deps.db.all<{ name: string }>(sql`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
      AND name NOT LIKE '%fts%' AND sql NOT LIKE 'CREATE VIRTUAL%'`);
  const out: Table[] = [];
  for (const { name } of names) {
    const cols = await deps.db.all<{ name: string; type: string }>(sql.raw(`PRAGMA table_info("${name}")`));
    const textColumns = cols.filter((c) => /TEXT|CHAR|CLOB|JSON|^$/i.test(c.type)).map((c) => c.name);
    if (textColumns.length) {
      out.push({ name, textColumns, companyScoped: cols.some((c) => c.name === "company_id") });
    }
  }
  return out;
}

/** A mention, as written, without trailing punctuation of a sentence, and URL-decoded. */
function own(owned: Set<string>, raw: string) {
  for (const p of [raw, raw.replace(/[.,;:!]+$/, "")]) {
    owned.add(p);
    try {
      owned.add(decodeURIComponent(p));
    } catch { /* not encoded */ }
  }
}

/** The company's paths that some row mentions. */
async function ownedPaths(deps: Deps, companyId: number, all: Table[]): Promise<Set<string>> {
  const needle = `company${companyId}/`;
  const pathRe = new RegExp(`${needle}[^\\s"'\\\\<>?#)]+`, "g");
  const owned = new Set<string>();
  for (const t of all) {
    const cols = t.textColumns.map((c) => `"${c}"`);
    const mentions = cols.map((c) => `instr(${c}, '${needle}') > 0`).join(" OR ");
    let after = 0;
    for (;;) {
      const rows = await deps.db.all<Record<string, unknown>>(sql.raw(
        `SELECT rowid AS __rowid, ${cols.join(", ")} FROM "${t.name}" WHERE rowid > ${after}
          ${t.companyScoped ? `AND company_id = ${companyId}` : ""} AND (${mentions})
          ORDER BY rowid LIMIT ${BATCH}`,
      ));
      for (const r of rows) {
        for (const c of t.textColumns) {
          const v = r[c];
          if (typeof v === "string") { for (const m of v.matchAll(pathRe)) own(owned, m[0]); }
        }
      }
      if (rows.length < BATCH) break;
      after = Number(rows[rows.length - 1].__rowid);
    }
  }
  return owned;
}

export type OrphanSweep = { ran: boolean; deleted: Map<number, number> };

/** Deletes files no row owns, older than `graceMs` at `now`; once a day across instances. */
export async function sweepOrphans(
  deps: Deps,
  now = deps.clock.now(),
  graceMs = ORPHAN_GRACE_MS,
): Promise<OrphanSweep> {
  const deleted = new Map<number, number>();
  const day = now.toISOString().slice(0, 10);
  // A holder of its own for each call: a second call the same day (here or elsewhere) finds it taken.
  const got = await acquireLease(deps.database, `orphans:${day}`, crypto.randomUUID(), 36 * 3_600_000, now);
  if (!got) return { ran: false, deleted };
  const companies = await deps.db.all<{ id: number }>(sql`SELECT id FROM companies ORDER BY id`);
  let all: Table[] | null = null;
  for (const { id } of companies) {
    const prefix = `media/company${id}/`;
    const old: string[] = [];
    for await (const f of deps.storage.list(prefix)) {
      // A backend that cannot tell a file's age never loses it.
      if (f.modifiedAt && now.getTime() - f.modifiedAt.getTime() > graceMs) {
        old.push(f.key.slice("media/".length));
      }
    }
    if (!old.length) continue;
    all ??= await tables(deps);
    const owned = await ownedPaths(deps, id, all);
    let n = 0;
    for (const path of old) {
      if (owned.has(path)) continue;
      await deps.storage.delete(`media/${path}`);
      n++;
    }
    if (!n) continue;
    deleted.set(id, n);
    const at = now.toISOString();
    await deps.database.write(async (tx) => {
      await tx.run(sql`INSERT INTO retention_stats (company_id) VALUES (${id}) ON CONFLICT DO NOTHING`);
      await tx.run(sql`UPDATE retention_stats SET media_deleted = media_deleted + ${n}, updated_at = ${at}
        WHERE company_id = ${id}`);
    });
    console.log(`[retention] company ${id}: ${n} orphan file(s) removed`);
  }
  return { ran: true, deleted };
}
