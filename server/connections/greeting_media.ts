/**
 * The greeting's media attachment (spec 2 §7: POST/DELETE /whatsapp/{id}/media-upload). Sent
 * with the connection's greeting by the queue step. Same permission as editing the connection.
 */
import { and, eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { requirePermission } from "../auth/permissions.ts";
import { evict } from "../caches.ts";
import * as repo from "./repo.ts";
import { type ConnectionDTO, showConnection } from "./service.ts";

const MAX_BYTES = 16 * 1024 * 1024;

async function setAttachment(
  deps: Deps,
  actor: Actor,
  id: number,
  path: string | null,
): Promise<ConnectionDTO> {
  const current = await repo.getConnection(deps.db, actor.companyId, id);
  await deps.database.write((tx) =>
    tx.update(whatsapps).set({ greetingMediaAttachment: path, updatedAt: new Date().toISOString() })
      .where(and(eq(whatsapps.companyId, actor.companyId), eq(whatsapps.id, id)))
  );
  if (current.greetingMediaAttachment && current.greetingMediaAttachment !== path) {
    await deps.media.remove(current.greetingMediaAttachment);
  }
  evict(deps.caches, { kind: "connections", companyId: actor.companyId });
  const dto = await showConnection(deps, actor, id);
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "whatsapp",
    action: "update",
    record: dto,
  });
  return dto;
}

export async function uploadGreetingMedia(deps: Deps, actor: Actor, id: number, file: File) {
  requirePermission(actor, "connections-page:editOrDeleteConnection");
  await repo.getConnection(deps.db, actor.companyId, id);
  const stored = await deps.media.save(actor.companyId, `greeting/${id}`, file, { maxBytes: MAX_BYTES });
  return await setAttachment(deps, actor, id, stored.path);
}

export async function removeGreetingMedia(deps: Deps, actor: Actor, id: number) {
  requirePermission(actor, "connections-page:editOrDeleteConnection");
  return await setAttachment(deps, actor, id, null);
}
