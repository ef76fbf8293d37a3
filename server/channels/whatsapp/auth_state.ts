/**
 * Baileys auth state in the `wa_auth` table (DESIGN §7: the database, not files, so a session can
 * move between processes). Values are JSON written with Baileys' BufferJSON replacer; creds are
 * type "creds" with key id "". Each `keys.set` and each creds save is one write transaction.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  type CacheStore,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from "baileys";
import { waAuth } from "@db/schema.ts";
import type { Database } from "@db/client.ts";

const CREDS = "creds";
/** SQLite binds at most 32766 variables; 5 per upserted row. */
const CHUNK = 500;

export type DbAuthState = {
  state: AuthenticationState;
  saveCreds(): Promise<void>;
  clear(): Promise<void>;
};

/** SQLite upsert: the value of the row that conflicted. */
const sqlExcludedValue = sql.raw("excluded.value");

const encode = (v: unknown) => JSON.stringify(v, BufferJSON.replacer);
const decode = (s: string) => JSON.parse(s, BufferJSON.reviver);

function chunks<T>(xs: T[], n = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** The raw key store of one connection (no cache). */
export function dbKeyStore(database: Database, companyId: number, whatsappId: number): SignalKeyStore {
  return {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const part of chunks([...new Set(ids)])) {
        const rows = await database.db.select({ keyId: waAuth.keyId, value: waAuth.value }).from(waAuth)
          .where(and(eq(waAuth.whatsappId, whatsappId), eq(waAuth.type, type), inArray(waAuth.keyId, part)));
        for (const r of rows) {
          let v = decode(r.value);
          if (type === "app-state-sync-key" && v) v = proto.Message.AppStateSyncKeyData.fromObject(v);
          out[r.keyId] = v;
        }
      }
      return out;
    },
    async set(data: SignalDataSet) {
      const upserts: (typeof waAuth.$inferInsert)[] = [];
      const deletes: { type: string; keyId: string }[] = [];
      for (const type in data) {
        const entries = data[type as keyof SignalDataSet] ?? {};
        for (const keyId in entries) {
          const v = entries[keyId];
          if (v) upserts.push({ companyId, whatsappId, type, keyId, value: encode(v) });
          else deletes.push({ type, keyId });
        }
      }
      if (!upserts.length && !deletes.length) return;
      await database.write(async (tx) => {
        for (const part of chunks(upserts)) {
          await tx.insert(waAuth).values(part).onConflictDoUpdate({
            target: [waAuth.whatsappId, waAuth.type, waAuth.keyId],
            set: { value: sqlExcludedValue },
          });
        }
        for (const d of deletes) {
          await tx.delete(waAuth).where(
            and(eq(waAuth.whatsappId, whatsappId), eq(waAuth.type, d.type), eq(waAuth.keyId, d.keyId)),
          );
        }
      });
    },
    async clear() {
      await clearAuthState(database, whatsappId);
    },
  };
}

export async function readCreds(database: Database, whatsappId: number): Promise<AuthenticationCreds | null> {
  const [row] = await database.db.select({ value: waAuth.value }).from(waAuth)
    .where(and(eq(waAuth.whatsappId, whatsappId), eq(waAuth.type, CREDS), eq(waAuth.keyId, "")));
  return row ? decode(row.value) : null;
}

/** Logout / new QR: every row of the connection goes. */
export async function clearAuthState(database: Database, whatsappId: number): Promise<void> {
  await database.write((tx) => tx.delete(waAuth).where(eq(waAuth.whatsappId, whatsappId)));
}

/**
 * A small TTL cache for `makeCacheableSignalKeyStore` that expires lazily: no timers, so a
 * stopped session leaves nothing running (node-cache keeps an interval).
 */
export function lazyTtlCache(ttlMs = 5 * 60_000, max = 10_000): CacheStore {
  const m = new Map<string, { v: unknown; at: number }>();
  return {
    get<T>(key: string) {
      const e = m.get(key);
      if (!e) return undefined;
      if (Date.now() - e.at > ttlMs) {
        m.delete(key);
        return undefined;
      }
      return e.v as T;
    },
    set<T>(key: string, v: T) {
      if (m.size >= max) m.delete(m.keys().next().value!);
      m.set(key, { v, at: Date.now() });
    },
    del: (key: string) => void m.delete(key),
    flushAll: () => m.clear(),
  };
}

/** The auth state Baileys is started with; creds fall back to fresh ones (a QR login follows). */
export async function useDbAuthState(
  database: Database,
  companyId: number,
  whatsappId: number,
): Promise<DbAuthState> {
  const creds = await readCreds(database, whatsappId) ?? initAuthCreds();
  const raw = dbKeyStore(database, companyId, whatsappId);
  const keys = makeCacheableSignalKeyStore(raw, undefined, lazyTtlCache());
  return {
    state: { creds, keys },
    async saveCreds() {
      const value = encode(creds);
      await database.write((tx) =>
        tx.insert(waAuth).values({ companyId, whatsappId, type: CREDS, keyId: "", value })
          .onConflictDoUpdate({ target: [waAuth.whatsappId, waAuth.type, waAuth.keyId], set: { value } })
      );
    },
    async clear() {
      await keys.clear?.();
    },
  };
}
