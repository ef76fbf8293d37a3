/**
 * The server's VAPID identity: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when the operator sets them,
 * else a pair made once and kept in `push_keys` (the private half sealed with the app secret). Two
 * instances starting together both insert-or-ignore row 1 and read back the same winner.
 */
import { eq } from "drizzle-orm";
import { pushKeys } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { generateVapidKeys, vapidJwk, type VapidKeys } from "./protocol.ts";

const loaded = new WeakMap<Deps, Promise<VapidKeys>>();

export function vapidKeys(deps: Deps): Promise<VapidKeys> {
  let hit = loaded.get(deps);
  if (!hit) {
    hit = load(deps);
    hit.catch(() => loaded.delete(deps));
    loaded.set(deps, hit);
  }
  return hit;
}

async function load(deps: Deps): Promise<VapidKeys> {
  const { publicKey, privateKey, subject } = deps.config.vapid;
  if (publicKey && privateKey) return { publicKey, privateJwk: vapidJwk(publicKey, privateKey), subject };
  const read = async () => (await deps.db.select().from(pushKeys).where(eq(pushKeys.id, 1)))[0];
  let row = await read();
  if (!row) {
    const fresh = await generateVapidKeys(subject);
    const sealed = await deps.secrets.seal(JSON.stringify(fresh.privateJwk));
    await deps.database.write((tx) =>
      tx.insert(pushKeys).values({ id: 1, publicKey: fresh.publicKey, privateKey: sealed })
        .onConflictDoNothing()
    );
    row = await read();
  }
  return {
    publicKey: row!.publicKey,
    privateJwk: JSON.parse(await deps.secrets.open(row!.privateKey)),
    subject,
  };
}
