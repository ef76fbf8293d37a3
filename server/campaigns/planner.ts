/**
 * Planning a campaign: one campaign_shippings row per contact of its list, written once. Each row
 * holds the variant drawn at random for that contact (message1..5, and confirmationMessage1..5
 * when confirmation is on) with the variables filled in. Items the channel said are not valid are
 * left out. Chunks of PAGE items are written in short transactions; the unique (campaign, item)
 * index makes a re-run (a crash mid-plan, a restart) add only what is missing.
 * A tag audience becomes a list first ("{name} | TAG: {id} - {iso}", as in the reference).
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { campaignShippings, contactListItems, contacts, contactTags } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import * as lists from "../contact_lists/repo.ts";
import { readConfig } from "./settings.ts";
import { type CampaignRow, updateCampaign } from "./repo.ts";

const PAGE = 5000;

export function variants(c: CampaignRow, kind: "message" | "confirmationMessage"): string[] {
  const out: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const v = c[`${kind}${i}` as keyof CampaignRow] as string | null;
    if (v && v.trim()) out.push(v);
  }
  return out;
}

type Vars = [string, string][];

/**
 * The SQL expression of one template for the item row `i`: {nome}/{name}, {email}, {numero}/
 * {number} and the company's custom {key} variables, as nested replace() calls.
 */
function filled(template: string, vars: Vars): SQL {
  let e: SQL = sql`${template}`;
  for (const [k, v] of vars) e = sql`replace(${e}, ${`{${k}}`}, ${v})`;
  for (const k of ["nome", "name"]) e = sql`replace(${e}, ${`{${k}}`}, i.name)`;
  e = sql`replace(${e}, '{email}', coalesce(i.email, ''))`;
  for (const k of ["numero", "number"]) e = sql`replace(${e}, ${`{${k}}`}, i.number)`;
  return e;
}

/** One of the templates, drawn at random per row (SQLite's random()); NULL when there are none. */
function drawn(templates: string[], vars: Vars): SQL {
  if (!templates.length) return sql`NULL`;
  if (templates.length === 1) return filled(templates[0], vars);
  const arms = templates.map((t, k) => sql`WHEN ${k} THEN ${filled(t, vars)}`);
  return sql`CASE abs(random()) % ${templates.length} ${sql.join(arms, sql` `)} END`;
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

/**
 * Plans the campaign's shipments; returns how many rows this call added. Each chunk of PAGE items
 * is one INSERT … SELECT (variant drawn and variables filled by SQLite), so 20,000 contacts cost a
 * few short statements instead of building 20,000 rows in JavaScript.
 */
export async function planCampaign(deps: Deps, c: CampaignRow): Promise<number> {
  const listId = c.contactListId ?? (c.tagListId ? await listFromTag(deps, c) : null);
  if (!listId) return 0;
  const cfg = await readConfig(deps.db, c.companyId);
  const vars: Vars = cfg.variables.filter((v) => v.key).map((v) => [v.key, v.value]);
  const message = drawn(variants(c, "message"), vars);
  const confirmation = c.confirmation ? drawn(variants(c, "confirmationMessage"), vars) : sql`NULL`;
  const now = deps.clock.now().toISOString();
  let after = 0;
  let added = 0;
  for (;;) {
    const [bound] = await deps.db.all<{ last: number | null }>(sql`
      SELECT max(id) AS last FROM (SELECT id FROM ${contactListItems}
        WHERE company_id = ${c.companyId} AND contact_list_id = ${listId} AND id > ${after}
        ORDER BY id LIMIT ${PAGE})`);
    if (!bound?.last) break;
    const upTo = bound.last;
    const from = after;
    const r = await deps.database.write((tx) =>
      tx.run(sql`
        INSERT INTO ${campaignShippings} (company_id, campaign_id, contact_list_item_id, number, message,
          confirmation_message, status, created_at, updated_at)
        SELECT ${c.companyId}, ${c.id}, i.id, i.number, coalesce(${message}, ''), ${confirmation}, 'pending',
          ${now}, ${now}
        FROM ${contactListItems} i
        WHERE i.company_id = ${c.companyId} AND i.contact_list_id = ${listId} AND i.id > ${from}
          AND i.id <= ${upTo} AND (i.is_whatsapp_valid IS NULL OR i.is_whatsapp_valid = 1)
        ON CONFLICT DO NOTHING`)
    );
    added += Number((r as { rowsAffected?: number }).rowsAffected ?? 0);
    after = upTo;
  }
  return added;
}
