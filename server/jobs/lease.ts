/**
 * Named leases in the database: with several instances, only the holder of a lease runs the
 * ticks (or owns a WhatsApp session). A lease is renewed before it expires; a dead holder's
 * lease lapses and another instance takes it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "@db/client.ts";
import type { Config } from "../config.ts";

/**
 * A claim window chosen for the default 30 s lease, scaled to LEASE_TTL_MS: a row claimed longer
 * ago than this by a holder that has since lost the lease is claimed again by the next one.
 */
export const staleAfter = (config: Pick<Config, "leaseTtlMs">, ms: number) =>
  Math.max(1000, Math.round(ms * config.leaseTtlMs / 30_000));

/** Takes or renews `name` for `holder` for `ttlMs`; true when this holder has it now. */
export async function acquireLease(
  database: Database,
  name: string,
  holder: string,
  ttlMs: number,
  now = new Date(),
): Promise<boolean> {
  const expires = new Date(now.getTime() + ttlMs).toISOString();
  const at = now.toISOString();
  const rows = await database.write((tx) =>
    tx.all<{ holder: string }>(sql`
      INSERT INTO leases (name, holder, expires_at) VALUES (${name}, ${holder}, ${expires})
      ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE leases.holder = excluded.holder OR leases.expires_at < ${at}
      RETURNING holder`)
  );
  return rows.length === 1 && rows[0].holder === holder;
}

export async function releaseLease(database: Database, name: string, holder: string): Promise<void> {
  await database.write((tx) => tx.run(sql`DELETE FROM leases WHERE name = ${name} AND holder = ${holder}`));
}

/** The live holder of `name` (its lease not yet expired), or null. */
export async function leaseHolder(
  database: Database,
  name: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await database.db.all<{ holder: string }>(
    sql`SELECT holder FROM leases WHERE name = ${name} AND expires_at >= ${now.toISOString()}`,
  );
  return row?.holder ?? null;
}
