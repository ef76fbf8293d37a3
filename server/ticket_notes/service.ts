/**
 * Internal notes on a ticket (spec 1 §2, §3). Whoever may see the ticket reads and adds notes;
 * a note is deleted by its author or an admin. A new note is announced (`ticketNote.created`) so
 * the colleagues it names with `@Name` get a push notice.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, noPermission } from "../lib/errors.ts";
import { isAdmin } from "../auth/permissions.ts";
import { canViewTicket } from "../tickets/policy.ts";
import { getTicket } from "../tickets/repo.ts";
import { showTicket } from "../tickets/service.ts";
import { assertOwned } from "../lib/owned.ts";
import type { Db, Tx } from "@db/client.ts";
import * as repo from "./repo.ts";
import type { NoteDTO } from "./repo.ts";
import type { CreateNoteInput, ListNotesQuery } from "./schemas.ts";

/** The ticket of the company (404 otherwise) that the actor may see (403 otherwise). */
async function visibleTicket(db: Db | Tx, actor: Actor, ticketId: number) {
  const t = await getTicket(db, actor.companyId, ticketId);
  if (!canViewTicket(actor.viewer, t)) throw noPermission();
  return t;
}

export async function listNotes(deps: Deps, actor: Actor, q: ListNotesQuery): Promise<NoteDTO[]> {
  await visibleTicket(deps.db, actor, q.ticketId);
  return await repo.listNotes(deps.db, actor.companyId, q.ticketId, q.contactId);
}

/** @throws ERR_NOT_FOUND for another company's contact; ERR_VALIDATION when it is not the ticket's contact. */
export async function createNote(deps: Deps, actor: Actor, input: CreateNoteInput): Promise<NoteDTO> {
  const row = await deps.database.write(async (tx) => {
    const t = await visibleTicket(tx, actor, input.ticketId);
    await assertOwned(tx, actor.companyId, { contact: input.contactId });
    if (input.contactId !== undefined && input.contactId !== t.contactId) {
      throw new AppError("ERR_VALIDATION", {
        details: [{ path: "contactId", message: "not the ticket's contact" }],
      });
    }
    return await repo.insertNote(tx, {
      companyId: actor.companyId,
      ticketId: t.id,
      contactId: t.contactId,
      userId: actor.userId,
      note: input.note,
    });
  });
  const ticket = await showTicket(deps, actor, row.ticketId);
  deps.bus.emit("ticketNote.created", {
    companyId: actor.companyId,
    note: { id: row.id, text: row.note, authorId: actor.userId, authorName: actor.user.name },
    ticket,
  });
  return { ...row, user: { id: actor.userId, name: actor.user.name } };
}

export async function deleteNote(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.database.write(async (tx) => {
    const note = await repo.getNote(tx, actor.companyId, id);
    if (note.userId !== actor.userId && !isAdmin(actor)) throw noPermission();
    await repo.deleteNote(tx, actor.companyId, id);
  });
}

/**
 * A note the server writes on its own (no author: the AI assistant's summary on a transfer made by
 * an API key or automation). `unless` runs inside the same write and may veto it (null answered),
 * so a check and the insert cannot be split by another writer.
 */
export async function addSystemNote(
  deps: Deps,
  companyId: number,
  ticketId: number,
  note: string,
  unless?: (tx: Tx) => Promise<boolean>,
): Promise<NoteDTO | null> {
  return await deps.database.write(async (tx) => {
    if (unless && await unless(tx)) return null;
    const t = await getTicket(tx, companyId, ticketId);
    const row = await repo.insertNote(tx, {
      companyId,
      ticketId,
      contactId: t.contactId,
      userId: null,
      note,
    });
    return { ...row, user: null };
  });
}
