/**
 * One pass over a connection's folder: every mail whose UID is above the watermark, oldest first,
 * in chunks; the chunk's mails enter the pipeline together (its batcher writes them in one group
 * commit) and only after they have all committed is the watermark (`email_last_uid`) moved to the
 * chunk's highest UID. A connection dropped mid-fetch loses nothing: the next pass fetches again
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
import { receiveMail } from "./inbound.ts";

/** Mails fetched and stored per chunk (one watermark write each). */
export const CHUNK = 100;

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
    tx.update(whatsapps).set(set).where(and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id)))
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
      const outcomes = await Promise.allSettled(
        raws.map((r) => receiveMail(deps, conn, r.source, `uid-${validity}-${r.uid}@connection-${conn.id}`)),
      );
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
