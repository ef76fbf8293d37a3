/**
 * Settings as the hot paths read them: one entry per company holding every key (one query fills
 * it), defaults for keys never written. `invalidate(companyId)` after a write commits; reads that
 * must see their own transaction's writes keep using `readSetting(tx, …)` from repo.ts.
 */
import { eq } from "drizzle-orm";
import { settings } from "@db/schema.ts";
import type { Db } from "@db/client.ts";
import { TtlCache } from "../lib/cache.ts";
import { SETTINGS } from "./registry.ts";

export class SettingsCache {
  readonly #cache: TtlCache<number, ReadonlyMap<string, string>>;

  constructor(private db: Db, opts: { ttlMs: number; maxSize: number }) {
    this.#cache = new TtlCache(opts);
  }

  async #all(companyId: number): Promise<ReadonlyMap<string, string>> {
    return (await this.#cache.getOrLoad(companyId, async () => {
      const rows = await this.db.select({ key: settings.key, value: settings.value }).from(settings)
        .where(eq(settings.companyId, companyId));
      return new Map(rows.map((r) => [r.key, r.value]));
    }))!;
  }

  /** One key's value (the registry default when never written), like repo's readSetting. */
  async get(companyId: number, key: string): Promise<string> {
    return (await this.#all(companyId)).get(key) ?? SETTINGS[key]?.default ?? "";
  }

  /** Several keys at once, like repo's readSettings. */
  async getMany(companyId: number, keys: readonly string[]): Promise<Record<string, string>> {
    const all = await this.#all(companyId);
    const out: Record<string, string> = {};
    for (const k of keys) out[k] = all.get(k) ?? SETTINGS[k]?.default ?? "";
    return out;
  }

  invalidate(companyId: number): void {
    this.#cache.delete(companyId);
  }

  clear(): void {
    this.#cache.clear();
  }
}
