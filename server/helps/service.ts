/**
 * Help videos: platform-wide rows the operator (super user) maintains (spec 3 §2 "Help entries
 * admin", the settings' helps tab); every signed-in user reads them (/helps gallery, spec 2 §2).
 */
import { asc, count, eq } from "drizzle-orm";
import { helps } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { requireSuper } from "../auth/permissions.ts";
import { pageOf } from "../lib/paging.ts";
import { containsLike } from "../lib/like.ts";
import type { CreateHelpInput, UpdateHelpInput } from "./schemas.ts";

const PAGE = 20;

export const listAllHelps = (deps: Deps) =>
  deps.db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));

export async function listHelps(deps: Deps, q: { searchParam?: string; pageNumber: number }) {
  const page = pageOf(q.pageNumber, PAGE);
  const where = q.searchParam ? containsLike(helps.title, q.searchParam) : undefined;
  const records = await deps.db.select().from(helps).where(where).orderBy(asc(helps.title), asc(helps.id))
    .limit(page.limit).offset(page.offset);
  const [{ n }] = await deps.db.select({ n: count() }).from(helps).where(where);
  return { records, count: n, hasMore: page.hasMore(n) };
}

async function getHelp(deps: Deps, id: number) {
  const [row] = await deps.db.select().from(helps).where(eq(helps.id, id));
  if (!row) throw notFound("help");
  return row;
}

export async function showHelp(deps: Deps, id: number) {
  return await getHelp(deps, id);
}

export async function createHelp(deps: Deps, actor: Actor, input: CreateHelpInput) {
  requireSuper(actor);
  const [row] = await deps.database.write((tx) => tx.insert(helps).values(input).returning());
  return row;
}

export async function updateHelp(deps: Deps, actor: Actor, id: number, input: UpdateHelpInput) {
  requireSuper(actor);
  await getHelp(deps, id);
  const [row] = await deps.database.write((tx) =>
    tx.update(helps).set({ ...input, updatedAt: new Date().toISOString() }).where(eq(helps.id, id))
      .returning()
  );
  return row;
}

export async function deleteHelp(deps: Deps, actor: Actor, id: number) {
  requireSuper(actor);
  await getHelp(deps, id);
  await deps.database.write((tx) => tx.delete(helps).where(eq(helps.id, id)));
}
