/**
 * Online / offline pushed to the open widgets as the staff come and go: when a user of the company
 * goes online or offline (`user.presence`), each visitor socket of that company on this instance
 * gets `{type:"online", online}` if its connection's answer changed. Visitors on another instance
 * learn it with their next message (as before). Opening or closing hours are not pushed.
 */
import type { Deps } from "../deps.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { isOnline } from "./service.ts";

type Watcher = { conn: ConnectionRow; online: boolean; send(f: unknown): void };

const registries = new WeakMap<Deps, Map<number, Set<Watcher>>>();

function registry(deps: Deps): Map<number, Set<Watcher>> {
  let r = registries.get(deps);
  if (!r) registries.set(deps, r = new Map());
  return r;
}

/** Follows presence for one visitor socket; returns what stops it (the socket's close). */
export function watchPresence(deps: Deps, w: Watcher): () => void {
  const r = registry(deps);
  let set = r.get(w.conn.companyId);
  if (!set) r.set(w.conn.companyId, set = new Set());
  set.add(w);
  return () => {
    set.delete(w);
    if (!set.size) r.delete(w.conn.companyId);
  };
}

/** A user of the company went online or offline (`user.presence`, webchat/listeners.ts). */
export async function presenceChanged(deps: Deps, companyId: number): Promise<void> {
  const set = registry(deps).get(companyId);
  if (!set?.size) return;
  const byConnection = new Map<number, Promise<boolean>>();
  for (const w of [...set]) {
    let p = byConnection.get(w.conn.id);
    if (!p) byConnection.set(w.conn.id, p = isOnline(deps, w.conn).catch(() => w.online));
    const online = await p;
    if (online === w.online) continue;
    w.online = online;
    w.send({ type: "online", online });
  }
}
