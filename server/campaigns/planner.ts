/**
 * Planning a campaign: one campaign_shippings row per contact of its list, written once. Each row
 * holds the variant drawn at random for that contact (message1..5, and confirmationMessage1..5
 * when confirmation is on) with the variables filled in. Items the channel said are not valid are
 * left out. Rows are read in pages and written in short transactions of PAGE rows; the unique
 * (campaign, item) index makes a re-run (a crash mid-plan, a restart) add only what is missing.
 * A tag audience becomes a list first ("{name} | TAG: {id} - {iso}", as in the reference).
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { campaignShippings, contactListItems, contacts, contactTags } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import * as lists from "../contact_lists/repo.ts";
import { readConfig } from "./settings.ts";
import { type CampaignRow, updateCampaign } from "./repo.ts";

const PAGE = 5000;
const INSERT = 500;

const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

export function variants(c: CampaignRow, kind: "message" | "confirmationMessage"): string[] {
  const out: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const v = c[`${kind}${i}` as keyof CampaignRow] as string | null;
    if (v && v.trim()) out.push(v);
  }
  return out;
}

/** {nome}, {email}, {numero} and the company's custom {key} variables. */
export function fill(
  text: string,
  item: { name: string; email: string | null; number: string },
  vars: Map<string, string>,
) {
  return text.replace(/\{([\w.-]+)\}/g, (m, key: string) => {
    const k = key.toLowerCase();
    if (k === "nome" || k === "name") return item.name;
    if (k === "email") return item.email ?? "";
    if (k === "numero" || k === "number") return item.number;
    return vars.get(key) ?? m;
  });
}

/** Builds the list of a tag audience once and points the campaign at it. */
async function listFromTag(deps: Deps, c: CampaignRow): Promise<number> {
  const members = await deps.db.select({
    name: contacts.name,
    number: contacts.number,
    email: contacts.email,
  })
    .from(contactTags).innerJoin(contacts, eq(contacts.id, contactTags.contactId))
    .where(
      and(
        eq(contactTags.companyId, c.companyId),
        eq(contactTags.tagId, c.tagListId!),
        eq(contacts.isGroup, false),
      ),
    );
  return await deps.database.write(async (tx) => {
    const list = await lists.insertList(
      tx,
      c.companyId,
      `${c.name} | TAG: ${c.tagListId} - ${deps.clock.now().toISOString()}`,
    );
    await lists.insertItems(
      tx,
      members.map((m) => ({
        companyId: c.companyId,
        contactListId: list.id,
        name: m.name.slice(0, 50),
        number: m.number,
        email: m.email,
        isWhatsappValid: true,
      })),
    );
    await updateCampaign(tx, c.companyId, c.id, { contactListId: list.id });
    return list.id;
  });
}

/** Plans the campaign's shipments; returns how many rows were added by this call. */
export async function planCampaign(deps: Deps, c: CampaignRow): Promise<number> {
  const listId = c.contactListId ?? (c.tagListId ? await listFromTag(deps, c) : null);
  if (!listId) return 0;
  const cfg = await readConfig(deps.db, c.companyId);
  const vars = new Map(cfg.variables.map((v) => [v.key, v.value]));
  const messages = variants(c, "message");
  const confirmations = c.confirmation ? variants(c, "confirmationMessage") : [];
  let after = 0;
  let added = 0;
  const now = deps.clock.now().toISOString();
  for (;;) {
    const items = await deps.db.select().from(contactListItems).where(and(
      eq(contactListItems.companyId, c.companyId),
      eq(contactListItems.contactListId, listId),
      gt(contactListItems.id, after),
    )).orderBy(asc(contactListItems.id)).limit(PAGE);
    if (!items.length) break;
    after = items[items.length - 1].id;
    const rows = items.filter((it) => it.isWhatsappValid !== false).map((it) => {
      const conf = pick(confirmations);
      return {
        companyId: c.companyId,
        campaignId: c.id,
        contactListItemId: it.id,
        number: it.number,
        message: fill(pick(messages) ?? "", it, vars),
        confirmationMessage: conf ? fill(conf, it, vars) : null,
        status: "pending",
        createdAt: now,
        updatedAt: now,
      };
    });
    await deps.database.write(async (tx) => {
      for (let i = 0; i < rows.length; i += INSERT) {
        const r = await tx.insert(campaignShippings).values(rows.slice(i, i + INSERT)).onConflictDoNothing()
          .returning({ id: campaignShippings.id });
        added += r.length;
      }
    });
  }
  return added;
}
