/**
 * Builds a company's export zip in the background (queued job "exports.company"): a manifest,
 * every dataset as `data/<table>.json` and `data/<table>.csv`, and the company's media files under
 * `media/`. Rows are read in keyset batches of 500 on the reader connection (never the writer)
 * and files are streamed in chunks, so neither a big table nor a big file is held in memory; the
 * zip (fflate, streaming) is streamed onto the storage (server/lib/artifacts.ts), each chunk awaited
 * by the upload before the next batch is read. Progress (rows and files written, of the
 * total counted first) is kept on the export's row. Safe to run twice: a re-run starts the file over.
 */
import { eq, sql } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { companies, companyExports } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { registerQueuedJob } from "../jobs/queue.ts";
import { storeArtifact } from "../lib/artifacts.ts";
import { cleanRow, csvField, type Dataset, DATASETS } from "./datasets.ts";

export const EXPORT_JOB = "exports.company";
const BATCH = 500;
const enc = new TextEncoder();

export const exportFileName = (companyId: number, exportId: number) =>
  `company${companyId}-export${exportId}.zip`;

/** Relative paths of every file in the company's media folder. */
/** The company's media paths (`company{id}/…`), from whichever storage holds them. */
async function mediaFiles(deps: Deps, companyId: number): Promise<string[]> {
  const out: string[] = [];
  for await (const f of deps.storage.list(`media/company${companyId}/`)) {
    out.push(f.key.slice("media/".length));
  }
  return out.sort();
}

async function columnsOf(deps: Deps, d: Dataset): Promise<string[]> {
  const cols = await deps.db.all<{ name: string }>(sql.raw(`PRAGMA table_info(${d.table})`));
  return cols.map((c) => c.name).filter((c) => !d.drop?.includes(c));
}

export async function buildExport(deps: Deps, exportId: number): Promise<void> {
  const [row] = await deps.db.select().from(companyExports).where(eq(companyExports.id, exportId));
  if (!row || row.status === "done" || row.status === "expired") return;
  const companyId = row.companyId;
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return;

  const counts: Record<string, number> = {};
  for (const d of DATASETS) {
    const [c] = await deps.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM ${sql.raw(d.table)} WHERE company_id = ${companyId}`,
    );
    counts[d.table] = Number(c?.n ?? 0);
  }
  const files = await mediaFiles(deps, companyId);
  const total = Object.values(counts).reduce((a, b) => a + b, 0) + files.length;
  let done = 0;
  let reported = 0;
  const report = async (force = false) => {
    if (!force && done - reported < 2_000) return;
    reported = done;
    await deps.database.write((tx) =>
      tx.update(companyExports).set({
        status: "running",
        done,
        total,
        updatedAt: deps.clock.now().toISOString(),
      })
        .where(eq(companyExports.id, exportId))
    );
  };
  await report(true);

  const name = exportFileName(companyId, exportId);
  // The zip's chunks go through a pipe the storage reads as it uploads: `flush` waits for room,
  // so at most a chunk or two (and the bucket's one part) is in memory.
  const pipe = new TransformStream<Uint8Array, Uint8Array>();
  const writer = pipe.writable.getWriter();
  const stored = storeArtifact(deps.storage, "exports", name, pipe.readable, "application/zip");
  stored.catch(() => undefined); // awaited below; a failure also errors the writer
  let pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else pending.push(chunk);
  });
  const flush = async () => {
    if (failure) throw failure;
    const chunks = pending;
    pending = [];
    for (const c of chunks) await writer.write(c);
  };
  let size: number;
  try {
    const manifest = {
      company: { id: company.id, name: company.name },
      generatedAt: deps.clock.now().toISOString(),
      datasets: DATASETS.map((d) => ({ table: d.table, rows: counts[d.table] })),
      media: files.length,
    };
    addSmall(zip, "manifest.json", JSON.stringify(manifest, null, 2));
    for (const d of DATASETS) {
      const cols = await columnsOf(deps, d);
      const json = new ZipDeflate(`data/${d.table}.json`, { level: 6 });
      const csv = new ZipDeflate(`data/${d.table}.csv`, { level: 6 });
      zip.add(json);
      zip.add(csv);
      json.push(enc.encode("["));
      csv.push(enc.encode(cols.map(csvField).join(",") + "\r\n"));
      let after = 0;
      let first = true;
      for (;;) {
        const rows = await deps.db.all<Record<string, unknown>>(sql`
          SELECT rowid AS __rowid, * FROM ${sql.raw(d.table)}
          WHERE company_id = ${companyId} AND rowid > ${after} ORDER BY rowid LIMIT ${BATCH}`);
        if (!rows.length) break;
        after = Number(rows[rows.length - 1].__rowid);
        let jsonText = "";
        let csvText = "";
        for (const r of rows) {
          delete r.__rowid;
          const clean = cleanRow(d, r);
          jsonText += (first ? "\n" : ",\n") + JSON.stringify(clean);
          first = false;
          csvText += cols.map((c) => csvField(clean[c])).join(",") + "\r\n";
        }
        json.push(enc.encode(jsonText));
        csv.push(enc.encode(csvText));
        done += rows.length;
        await flush();
        await report();
        if (rows.length < BATCH) break;
      }
      json.push(enc.encode("\n]\n"), true);
      csv.push(new Uint8Array(0), true);
      await flush();
    }
    for (const rel of files) {
      // Media is compressed already (images, audio, video, PDFs): stored as it is.
      const entry = new ZipPassThrough(`media/${rel.slice(`company${companyId}/`.length)}`);
      zip.add(entry);
      const f = await deps.media.open(rel).catch(() => null);
      if (f) {
        for await (const chunk of f.body) {
          entry.push(chunk);
          await flush();
        }
      }
      entry.push(new Uint8Array(0), true);
      done++;
      await flush();
      await report();
    }
    zip.end();
    await flush();
    await writer.close();
    size = await stored;
  } catch (err) {
    // Aborting the pipe fails the upload, which keeps nothing (disk: no rename; bucket: aborted).
    await writer.abort(err).catch(() => undefined);
    await stored.catch(() => undefined);
    throw err;
  }
  const at = deps.clock.now().toISOString();
  await deps.database.write((tx) =>
    tx.update(companyExports).set({
      status: "done",
      done,
      total,
      fileName: name,
      size,
      finishedAt: at,
      updatedAt: at,
    })
      .where(eq(companyExports.id, exportId))
  );
}

function addSmall(zip: Zip, name: string, text: string) {
  const e = new ZipDeflate(name, { level: 6 });
  zip.add(e);
  e.push(enc.encode(text), true);
}

registerQueuedJob({
  name: EXPORT_JOB,
  handle: (deps, payload) => buildExport(deps, Number((payload as { exportId: number }).exportId)),
  onGiveUp: async (deps, payload, error) => {
    const exportId = Number((payload as { exportId: number }).exportId);
    await deps.database.write((tx) =>
      tx.update(companyExports).set({ status: "failed", error: error.slice(0, 500) })
        .where(eq(companyExports.id, exportId))
    );
  },
});
