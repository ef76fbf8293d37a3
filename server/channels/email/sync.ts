/**
 * One pass over a connection's folder: every mail whose UID is above the watermark, oldest first,
 * in chunks, each stored in slices (receiveChunk: a burst never holds the other channels' ingest),
 * and only after the chunk's mails have all committed is the watermark (`email_last_uid`) moved to
 * the chunk's highest UID. A connection dropped mid-fetch loses nothing: the next pass fetches again
 * from the old watermark and Message-ID dedupe skips what was stored. A new UIDVALIDITY (the folder
 * was recreated) starts over from UID 1, dedupe again keeping it to new mail. One pass at a time per
 * connection in a process; the watcher (watcher.ts) holds the mailbox for the fleet.
 */
import { and, eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { ImapFlow } from "imapflow";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { closeImap, openImap } from "./imap.ts";
import { parseMail, receiveParsed, rememberEmails } from "./inbound.ts";
import { bareId, threadIds } from "./parse.ts";
import type { ParsedMail } from "mailparser";

/** Mails fetched and stored per chunk (one watermark write each). */
export const CHUNK = 100;
/** Mails parsed and handed to the pipeline together (receiveChunk). */
export const SLICE = 10;

export type SyncResult = { fetched: number; stored: number; lastUid: number };

const running = new WeakMap<Deps, Map<number, Promise<SyncResult>>>();

/** Reads what is new in the mailbox now; a pass already running for the connection is joined. */
export function syncMailbox(deps: Deps, conn: ConnectionRow): Promise<SyncResult> {
  let map = running.get(deps);
  if (!map) running.set(deps, map = new Map());
  const busy = map.get(conn.id);
  if (busy) return busy;
  const pass = (async () => {
    const client = await openImap(deps, conn);
    try {
      return await syncWith(deps, conn, client);
    } finally {
      await closeImap(client);
    }
  })().finally(() => map.delete(conn.id));
  map.set(conn.id, pass);
  return pass;
}

async function watermark(deps: Deps, conn: ConnectionRow, set: Partial<ConnectionRow>) {
  await deps.database.write((tx) =>
    tx.update(whatsapps).set(set).where(
      and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id)),
    )
  );
}

/** The pass itself on an open client (the watcher runs it on its own connection). */
export async function syncWith(deps: Deps, conn: ConnectionRow, client: ImapFlow): Promise<SyncResult> {
  const folder = conn.emailSettings?.imapFolder || "INBOX";
  // The watermark as stored now: the row in hand may be older than the last pass.
  const [fresh] = await deps.db.select({ v: whatsapps.emailUidValidity, last: whatsapps.emailLastUid })
    .from(whatsapps).where(and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id)));
  const lock = await client.getMailboxLock(folder);
  try {
    const box = client.mailbox;
    if (!box) throw new Error(`folder ${folder} could not be opened`);
    const validity = Number(box.uidValidity);
    let last = fresh?.v === validity ? fresh.last ?? 0 : 0;
    if (fresh?.v !== validity) await watermark(deps, conn, { emailUidValidity: validity, emailLastUid: 0 });
    if (!box.exists) return { fetched: 0, stored: 0, lastUid: last };
    // `n:*` always names the newest mail, even below n: filtered below.
    const found = await client.search({ uid: `${last + 1}:*` }, { uid: true });
    const uids = (found || []).filter((u) => u > last).sort((a, b) => a - b);
    let stored = 0;
    for (let i = 0; i < uids.length; i += CHUNK) {
      const chunk = uids.slice(i, i + CHUNK);
      const raws: { uid: number; source: Uint8Array }[] = [];
      for await (const m of client.fetch(chunk.join(","), { uid: true, source: true }, { uid: true })) {
        if (m.source) raws.push({ uid: m.uid, source: new Uint8Array(m.source) });
      }
      const outcomes = await receiveChunk(deps, conn, raws, validity);
      stored += outcomes.filter((o) => o.status === "fulfilled" && o.value === "stored").length;
      const failed = outcomes.findIndex((o) => o.status === "rejected");
      if (failed >= 0) {
        // The watermark stops before the first mail that failed: the next pass tries it again.
        const before = raws[failed].uid - 1;
        if (before > last) await watermark(deps, conn, { emailLastUid: before });
        throw (outcomes[failed] as PromiseRejectedResult).reason;
      }
      last = chunk[chunk.length - 1];
      await watermark(deps, conn, { emailLastUid: last });
    }
    return { fetched: uids.length, stored, lastUid: last };
  } finally {
    lock.release();
  }
}

/**
 * Stores a chunk's mails in slices of SLICE, one slice after the other, so a burst never holds
 * the process: mailparser and the reads run on the main thread (≈ 3 ms of CPU a mail, and a
 * parse does not yield to the event loop), so mails are parsed one by one with a turn of the loop
 * every few ms (parseSlice), and a slice's messages go to the batcher together — a batch carries at most a slice
 * of mail, and other channels' messages that arrived meanwhile join it or the next one instead
 * of waiting behind the whole chunk. The next slice is parsed while this one is written (on the
 * ingest Worker, another core), but stored only after it. Outcomes come back in the chunk's order;
 * after a slice with a failure the rest of the chunk waits for the next pass (the watermark stops
 * before it).
 */
async function receiveChunk(
  deps: Deps,
  conn: ConnectionRow,
  raws: { uid: number; source: Uint8Array }[],
  validity: number,
): Promise<PromiseSettledResult<string>[]> {
  const out: PromiseSettledResult<string>[] = [];
  let next = parseSlice(raws.slice(0, SLICE));
  for (let i = 0; i < raws.length; i += SLICE) {
    const parsed = await next;
    // (Never rejects: a parse failure is one of its outcomes.)
    if (i + SLICE < raws.length) next = parseSlice(raws.slice(i + SLICE, i + 2 * SLICE));
    const outcomes = await receiveSlice(deps, conn, raws.slice(i, i + SLICE), parsed, validity);
    out.push(...outcomes);
    if (outcomes.some((o) => o.status === "rejected")) break;
  }
  return out;
}

/** Main-thread time the mailbox's parsing may hold the event loop before it turns (ms). */
const BUDGET_MS = 8;

/** One macrotask turn: the requests, timers and batches waiting on the event loop go first. */
const turn = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Parses the slice's mails one after the other, letting the event loop turn whenever they have
 * held it for BUDGET_MS (a turn is a 0 ms timer, which the runtime clamps to a few ms: one per
 * mail would cost more than the parse itself).
 */
async function parseSlice(raws: { source: Uint8Array }[]): Promise<PromiseSettledResult<ParsedMail>[]> {
  const parsed: PromiseSettledResult<ParsedMail>[] = [];
  let since = -Infinity;
  for (const r of raws) {
    if (performance.now() - since >= BUDGET_MS) {
      await turn();
      since = performance.now();
    }
    parsed.push(
      await parseMail(r.source).then(
        (value) => ({ status: "fulfilled", value }) as const,
        (reason) => ({ status: "rejected", reason }) as const,
      ),
    );
  }
  return parsed;
}

/**
 * A slice's parsed mails as fast as the pipeline takes them while keeping each conversation in order:
 * mails of one sender, or naming one another (a reply to a mail of the same slice), form a lane
 * run one after the other; lanes run side by side (the batcher commits them together). Slices run
 * in UID order, so a conversation keeps its order across them too. The addresses of contacts
 * first met here are remembered in one write after the slice.
 */
async function receiveSlice(
  deps: Deps,
  conn: ConnectionRow,
  raws: { uid: number; source: Uint8Array }[],
  parsed: PromiseSettledResult<ParsedMail>[],
  validity: number,
): Promise<PromiseSettledResult<string>[]> {
  const parent = raws.map((_, i) => i);
  const find = (i: number): number => parent[i] === i ? i : (parent[i] = find(parent[i]));
  const owner = new Map<string, number>();
  const link = (key: string, i: number) => {
    const j = owner.get(key);
    if (j === undefined) owner.set(key, i);
    else parent[find(i)] = find(j);
  };
  parsed.forEach((p, i) => {
    if (p.status !== "fulfilled") return;
    const m: ParsedMail = p.value;
    const from = m.from?.value?.[0]?.address?.toLowerCase();
    if (from) link(`from:${from}`, i);
    const id = bareId(m.messageId);
    if (id) link(`id:${id}`, i);
    for (const ref of threadIds(m)) link(`id:${ref}`, i);
  });
  const lanes = new Map<number, number[]>();
  raws.forEach((_, i) => lanes.set(find(i), [...(lanes.get(find(i)) ?? []), i]));
  const out: PromiseSettledResult<string>[] = new Array(raws.length);
  const remember = new Set<string>();
  await Promise.all([...lanes.values()].map(async (lane) => {
    for (const i of lane) {
      const p = parsed[i];
      if (p.status === "rejected") {
        // A mail mailparser cannot read never will: skipped (logged), so it cannot stall the mailbox.
        console.warn(`[email] connection ${conn.id}: UID ${raws[i].uid} unreadable:`, String(p.reason));
        out[i] = { status: "fulfilled", value: "ignored" };
        continue;
      }
      const fallback = `uid-${validity}-${raws[i].uid}@connection-${conn.id}`;
      out[i] = await receiveParsed(deps, conn, p.value, fallback, remember).then(
        (value) => ({ status: "fulfilled", value }) as const,
        (reason) => ({ status: "rejected", reason }) as const,
      );
    }
  }));
  await rememberEmails(deps, conn.companyId, remember);
  return out;
}
