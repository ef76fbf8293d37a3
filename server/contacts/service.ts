/**
 * Contacts of a company (spec 1 §2 contact drawer, §3, §5, §7). Numbers are digits only and
 * unique per company; every response and socket payload goes through the LGPD number mask.
 */
import { and, eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { pageOf } from "../lib/paging.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, isUniqueViolation, notFound } from "../lib/errors.ts";
import { requirePermission } from "../auth/permissions.ts";
import { mediaOfContact, unreferencedMessageFiles } from "../messages/stored_files.ts";
import * as repo from "./repo.ts";
import { announceFolded, mergeEmailContact } from "./merge.ts";
import type { ContactRow } from "./repo.ts";
import type { ContactDTO } from "@contract/contacts.ts";
import { hidesNumbersFrom, isMaskedValue, maskWhen, type NumberMask, numberMaskFor } from "./privacy.ts";
import {
  contactNumber,
  type CreateContactInput,
  type ListContactsQuery,
  type UpdateContactInput,
} from "./schemas.ts";

const PAGE = 40;

export type { ContactDTO };

// The row's columns are the contract's contact fields.
const _rowIsContact = (r: ContactRow): Omit<ContactDTO, "tags" | "extraInfo"> => r;

export async function contactDTOs(
  deps: Deps,
  companyId: number,
  rows: ContactRow[],
  mask: NumberMask,
): Promise<ContactDTO[]> {
  const ids = rows.map((r) => r.id);
  const [tags, extra] = await Promise.all([
    repo.tagsOfContacts(deps.db, companyId, ids),
    repo.extraInfoOfContacts(deps.db, companyId, ids),
  ]);
  return rows.map((r) => mask({ ...r, tags: tags.get(r.id) ?? [], extraInfo: extra.get(r.id) ?? [] }));
}

/**
 * Tells the company's sockets (the listener masks the number for profile users, LGPD) and
 * answers the same DTO under the actor's mask, so a write builds the contact's DTO once.
 */
export async function emitContact(
  deps: Deps,
  actor: Actor,
  action: "create" | "update",
  row: ContactRow,
): Promise<ContactDTO> {
  const [dto] = await contactDTOs(deps, actor.companyId, [row], maskWhen(false));
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "contact", action, record: dto });
  return (await numberMaskFor(deps.db, actor))(dto);
}

const duplicated = () => new AppError("ERR_DUPLICATED_CONTACT");
const rethrowDuplicate = (err: unknown): never => {
  throw isUniqueViolation(err, "contacts.number") ? duplicated() : err;
};

export async function listContacts(deps: Deps, actor: Actor, q: ListContactsQuery) {
  const page = pageOf(q.pageNumber, PAGE);
  const hidden = await hidesNumbersFrom(deps.db, actor);
  const { rows, count } = await repo.listContacts(deps.db, actor.companyId, {
    search: q.searchParam,
    channel: q.channel,
    isGroup: q.isGroup,
    namesOnly: hidden,
    limit: page.limit,
    offset: page.offset,
  });
  return {
    contacts: await contactDTOs(deps, actor.companyId, rows, maskWhen(hidden)),
    count,
    hasMore: page.hasMore(count),
  };
}

/** Every contact as {id, name, number}, for selects. */
export async function listContactRefs(deps: Deps, actor: Actor) {
  const mask = await numberMaskFor(deps.db, actor);
  const rows = await repo.listAllContacts(deps.db, actor.companyId);
  return rows.map((r) => {
    const m = mask({ number: r.number, isGroup: r.isGroup });
    return { id: r.id, name: r.name, number: m.number };
  });
}

export async function showContact(deps: Deps, actor: Actor, id: number): Promise<ContactDTO> {
  const row = await repo.getContact(deps.db, actor.companyId, id);
  return (await contactDTOs(deps, actor.companyId, [row], await numberMaskFor(deps.db, actor)))[0];
}

/** Looks a contact up by number (any formatting); 404 when the company has none. */
export async function contactProfile(deps: Deps, actor: Actor, rawNumber: string) {
  const number = rawNumber.replace(/\D/g, "");
  const row = number ? await repo.findContactByNumber(deps.db, actor.companyId, number) : null;
  if (!row) throw notFound("contact");
  return { contactId: row.id, urlPicture: row.urlPicture };
}

/** @throws ERR_DUPLICATED_CONTACT when the company already has the number. */
export async function createContact(
  deps: Deps,
  actor: Actor,
  input: CreateContactInput,
): Promise<ContactDTO> {
  const row = await deps.database.write(async (tx) => {
    if (await repo.findContactByNumber(tx, actor.companyId, input.number)) throw duplicated();
    const c = await repo.insertContact(tx, {
      companyId: actor.companyId,
      name: input.name,
      number: input.number,
      email: input.email ?? null,
    }).catch(rethrowDuplicate);
    await repo.setExtraInfo(tx, actor.companyId, c.id, input.extraInfo);
    // One person, one contact: a contact first met by this e-mail joins this one.
    const folded = input.email ? await mergeEmailContact(tx, actor.companyId, c.id, input.email) : null;
    return { c, folded };
  });
  announceFolded(deps, actor.companyId, row.folded ? [row.folded] : []);
  return await emitContact(deps, actor, "create", row.c);
}

function parseNumber(raw: string): string {
  const r = contactNumber.safeParse(raw);
  if (!r.success) {
    throw new AppError("ERR_VALIDATION", {
      details: r.error.issues.map((i) => ({ path: "number", message: i.message, code: i.code })),
    });
  }
  return r.data;
}

/**
 * Updates name, number, e-mail and (when sent) replaces the extra information. A masked number
 * sent back unchanged keeps the stored one.
 * @throws ERR_DUPLICATED_CONTACT when the new number belongs to another contact.
 */
export async function updateContact(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateContactInput,
): Promise<ContactDTO> {
  const row = await deps.database.write(async (tx) => {
    const current = await repo.getContact(tx, actor.companyId, id);
    // Sent back as it is (masked, or the address of a contact met by e-mail): kept.
    const number =
      input.number === undefined || isMaskedValue(input.number) || input.number === current.number
        ? undefined
        : parseNumber(input.number);
    if (number && number !== current.number) {
      const other = await repo.findContactByNumber(tx, actor.companyId, number);
      if (other && other.id !== id) throw duplicated();
    }
    const c = await repo.updateContact(tx, actor.companyId, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(number ? { number } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
    }).catch(rethrowDuplicate);
    if (input.extraInfo) await repo.setExtraInfo(tx, actor.companyId, id, input.extraInfo);
    const folded = input.email ? await mergeEmailContact(tx, actor.companyId, id, input.email) : null;
    return { c, folded };
  });
  announceFolded(deps, actor.companyId, row.folded ? [row.folded] : []);
  return await emitContact(deps, actor, "update", row.c);
}

/** Deletes the contact (and, by cascade, its tickets). Needs contacts-page:deleteContact. */
export async function deleteContact(deps: Deps, actor: Actor, id: number): Promise<void> {
  requirePermission(actor, "contacts-page:deleteContact");
  const files = await deps.database.write(async (tx) => {
    await repo.getContact(tx, actor.companyId, id);
    const paths = await mediaOfContact(tx, actor.companyId, id);
    await repo.deleteContact(tx, actor.companyId, id);
    return paths;
  });
  await deps.media.removeOwned(
    actor.companyId,
    await unreferencedMessageFiles(deps.db, actor.companyId, files),
  );
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "contact", action: "delete", id });
}

async function setFlags(
  deps: Deps,
  actor: Actor,
  id: number,
  values: (c: ContactRow) => Partial<ContactRow>,
): Promise<ContactDTO> {
  const row = await deps.database.write(async (tx) => {
    const current = await repo.getContact(tx, actor.companyId, id);
    return await repo.updateContact(tx, actor.companyId, id, values(current));
  });
  return await emitContact(deps, actor, "update", row);
}

export const setAcceptAudio = (deps: Deps, actor: Actor, id: number, acceptAudioMessage: boolean) =>
  setFlags(deps, actor, id, () => ({ acceptAudioMessage }));

/** Block (active false) or unblock a contact. */
export const setActive = (deps: Deps, actor: Actor, id: number, active: boolean) =>
  setFlags(deps, actor, id, () => ({ active }));

export const toggleDisableBot = (deps: Deps, actor: Actor, id: number) =>
  setFlags(deps, actor, id, (c) => ({ disableBot: !c.disableBot }));

/**
 * Whether the channel said this contact cannot be reached (Telegram: the bot was blocked; cleared
 * when they write again). Campaigns skip such a contact instead of sending.
 */
export async function isUnreachable(deps: Deps, companyId: number, number: string): Promise<boolean> {
  const [row] = await deps.db.select({ at: contacts.unreachableAt }).from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number))).limit(1);
  return !!row?.at;
}
