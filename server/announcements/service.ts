/**
 * Announcements (spec 1 §2 top bar, §4; spec 2 §2, §3, §7): the platform operator (super user)
 * writes them for every company; every signed-in user reads the active, unexpired ones. Live:
 * company-announcement {action:"create"|"update", record} / {action:"delete", id} to all companies.
 */
import { and, count, desc, eq, gt, isNull, or } from "drizzle-orm";
import { announcements } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { requireSuper } from "../auth/permissions.ts";
import { pageOf } from "../lib/paging.ts";
import { containsLike } from "../lib/like.ts";
import { downloadLimit } from "../channels/download.ts";
import type { CreateAnnouncementInput, UpdateAnnouncementInput } from "./schemas.ts";

const PAGE = 20;
type Row = typeof announcements.$inferSelect;
export type AnnouncementDTO = Row & { mediaUrl: string | null };

async function toDTO(deps: Deps, row: Row): Promise<AnnouncementDTO> {
  return { ...row, mediaUrl: row.mediaPath ? await deps.media.signedUrl(row.mediaPath) : null };
}

async function getRow(deps: Deps, id: number): Promise<Row> {
  const [row] = await deps.db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw notFound("announcement");
  return row;
}

const live = (now: string) =>
  and(eq(announcements.status, true), or(isNull(announcements.expiresAt), gt(announcements.expiresAt, now)));

function announce(deps: Deps, action: "create" | "update", row: AnnouncementDTO) {
  // Switched off or expired: the top bars drop it.
  const shown = row.status && (!row.expiresAt || row.expiresAt > deps.clock.now().toISOString());
  deps.bus.emit(
    "announcement.changed",
    shown ? { action, record: row } : { action: "delete", id: row.id },
  );
}

export async function listAnnouncements(
  deps: Deps,
  actor: Actor,
  q: { searchParam?: string; pageNumber: number; all: boolean },
) {
  if (q.all) requireSuper(actor);
  const page = pageOf(q.pageNumber, PAGE);
  const where = and(
    q.all ? undefined : live(deps.clock.now().toISOString()),
    q.searchParam ? containsLike(announcements.title, q.searchParam) : undefined,
  );
  const rows = await deps.db.select().from(announcements).where(where)
    .orderBy(announcements.priority, desc(announcements.createdAt), desc(announcements.id))
    .limit(page.limit).offset(page.offset);
  const [{ n }] = await deps.db.select({ n: count() }).from(announcements).where(where);
  return {
    records: await Promise.all(rows.map((r) => toDTO(deps, r))),
    count: n,
    hasMore: page.hasMore(n),
  };
}

export async function showAnnouncement(deps: Deps, actor: Actor, id: number) {
  requireSuper(actor);
  return await toDTO(deps, await getRow(deps, id));
}

export async function createAnnouncement(deps: Deps, actor: Actor, input: CreateAnnouncementInput) {
  requireSuper(actor);
  const [row] = await deps.database.write((tx) =>
    tx.insert(announcements).values({ ...input, companyId: actor.companyId }).returning()
  );
  const dto = await toDTO(deps, row);
  announce(deps, "create", dto);
  return dto;
}

export async function updateAnnouncement(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateAnnouncementInput,
) {
  requireSuper(actor);
  await getRow(deps, id);
  const [row] = await deps.database.write((tx) =>
    tx.update(announcements).set({ ...input, updatedAt: new Date().toISOString() })
      .where(eq(announcements.id, id)).returning()
  );
  const dto = await toDTO(deps, row);
  announce(deps, "update", dto);
  return dto;
}

export async function deleteAnnouncement(deps: Deps, actor: Actor, id: number) {
  requireSuper(actor);
  const row = await getRow(deps, id);
  await deps.database.write((tx) => tx.delete(announcements).where(eq(announcements.id, id)));
  if (row.mediaPath) await deps.media.remove(row.mediaPath);
  deps.bus.emit("announcement.changed", { action: "delete", id });
}

const IMAGE = /^image\/(png|jpe?g)$/;

/** The attachment: png, jpg or jpeg (spec 2 §9); one at a time (spec 2 §5). */
export async function uploadMedia(deps: Deps, actor: Actor, id: number, file: File) {
  requireSuper(actor);
  const current = await getRow(deps, id);
  if (!IMAGE.test(file.type) && !/\.(png|jpe?g)$/i.test(file.name)) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "file", message: "png, jpg or jpeg", code: "image_type" }],
    });
  }
  const stored = await deps.media.save(actor.companyId, `announcements/${id}`, file, {
    maxBytes: await downloadLimit(deps),
  });
  const [row] = await deps.database.write((tx) =>
    tx.update(announcements).set({ mediaPath: stored.path, mediaName: file.name.replace(/\s+/g, "_") })
      .where(eq(announcements.id, id)).returning()
  );
  if (current.mediaPath) await deps.media.remove(current.mediaPath);
  const dto = await toDTO(deps, row);
  announce(deps, "update", dto);
  return dto;
}

export async function deleteMedia(deps: Deps, actor: Actor, id: number) {
  requireSuper(actor);
  const current = await getRow(deps, id);
  const [row] = await deps.database.write((tx) =>
    tx.update(announcements).set({ mediaPath: null, mediaName: null }).where(eq(announcements.id, id))
      .returning()
  );
  if (current.mediaPath) await deps.media.remove(current.mediaPath);
  const dto = await toDTO(deps, row);
  announce(deps, "update", dto);
  return dto;
}
