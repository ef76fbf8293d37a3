/** Tags on contacts: the drawer's tag box replaces a contact's set; the tags page unlinks one. */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { getContact, tagsOfContacts } from "../contacts/repo.ts";
import { type ContactDTO, emitContact } from "../contacts/service.ts";
import * as repo from "./repo.ts";
import type { TagRow } from "./repo.ts";
import { emitTag, randomColor, rethrowNameTaken } from "./service.ts";
import type { SyncTagsInput } from "./schemas.ts";

/**
 * Replaces the contact's tags with `tags` (by id, or by name; unknown names become new tags owned
 * by the actor). Answers the contact with its tags.
 */
export async function syncContactTags(deps: Deps, actor: Actor, input: SyncTagsInput): Promise<ContactDTO> {
  const companyId = actor.companyId;
  const { contact, created } = await deps.database.write(async (tx) => {
    const contact = await getContact(tx, companyId, input.contactId);
    const ids = [...new Set(input.tags.flatMap((t) => t.id !== undefined ? [t.id] : []))];
    if ((await repo.tagsByIds(tx, companyId, ids)).length !== ids.length) throw notFound("tag");
    const names = [...new Set(input.tags.flatMap((t) => t.id === undefined && t.name ? [t.name] : []))];
    const known = new Map((await repo.tagsByNames(tx, companyId, names)).map((t) => [t.name, t]));
    const created: TagRow[] = [];
    for (const name of names.filter((n) => !known.has(n))) {
      const tag = await repo.insertTag(tx, {
        companyId,
        name,
        color: randomColor(),
        kanban: 0,
        userId: actor.userId,
      })
        .catch(rethrowNameTaken);
      created.push(tag);
      known.set(name, tag);
    }
    await repo.setContactTags(tx, companyId, contact.id, [...ids, ...names.map((n) => known.get(n)!.id)]);
    return { contact, created };
  });
  for (const t of created) emitTag(deps, companyId, "create", t);
  return await emitContact(deps, actor, "update", contact);
}

export async function removeContactTag(deps: Deps, actor: Actor, tagId: number, contactId: number) {
  const contact = await deps.database.write(async (tx) => {
    await repo.getTag(tx, actor.companyId, tagId);
    const contact = await getContact(tx, actor.companyId, contactId);
    await repo.removeContactTag(tx, actor.companyId, tagId, contactId);
    return contact;
  });
  await emitContact(deps, actor, "update", contact);
}

/** `tags` tells whether the contact has any (the close-ticket check of requiredTag); `contactTags` lists them. */
export async function contactTags(deps: Deps, actor: Actor, contactId: number) {
  await getContact(deps.db, actor.companyId, contactId);
  const list = (await tagsOfContacts(deps.db, actor.companyId, [contactId])).get(contactId) ?? [];
  return { tags: list.length > 0, contactTags: list };
}
