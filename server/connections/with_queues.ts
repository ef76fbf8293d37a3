/**
 * A connection with its queues in menu order, read for every customer message (the automation
 * runner, bot state, timers) through `deps.caches.connections`. Writes to the company's
 * connections or queues invalidate it (server/caches.ts).
 */
import type { Deps } from "../deps.ts";
import { notFound } from "../lib/errors.ts";
import { findConnection, queuesOfConnections } from "./repo.ts";

import type { ConnectionWithQueues } from "../caches.ts";

export type { ConnectionWithQueues };
export type ConnectionQueue = ConnectionWithQueues["queues"][number];

/** The connection and its queues, from the cache or loaded into it. */
export async function connectionWithQueues(
  deps: Deps,
  companyId: number,
  id: number,
): Promise<ConnectionWithQueues> {
  const entry = await deps.caches.connections.getOrLoad(id, async () => {
    const connection = await findConnection(deps.db, companyId, id);
    if (!connection) return null;
    const queues = (await queuesOfConnections(deps.db, companyId, [id])).get(id) ?? [];
    return Object.freeze({
      connection: Object.freeze(connection),
      queues: Object.freeze(queues.map((q) => Object.freeze(q))),
    });
  });
  // Keyed by id alone: an entry of another company answers like a missing row.
  if (!entry || entry.connection.companyId !== companyId) throw notFound("whatsapp");
  return entry;
}
