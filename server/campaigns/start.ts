/**
 * "Send now": an inactive or scheduled campaign is planned and set running at once. A campaign
 * with nothing to send is refused with the reason (no message, no connection, no audience, an
 * audience without a contact to write to) rather than left Inactive without a word.
 */
import { and, count, eq, isNull, or } from "drizzle-orm";
import { contactListItems, contacts, contactTags } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { requireCampaigns } from "../contact_lists/service.ts";
import * as repo from "./repo.ts";
import { startCampaign } from "./dispatcher.ts";
import { variants } from "./planner.ts";

export type NothingToSend = "noMessage" | "noConnection" | "noAudience" | "noContacts";

const nothing = (reason: NothingToSend) =>
  new AppError("ERR_CAMPAIGN_NOTHING_TO_SEND", {
    message: `nothing to send: ${reason}`,
    details: { reason },
  });

/** How many contacts the campaign's audience would write to (list items not known invalid, or tagged contacts). */
async function audienceSize(deps: Deps, c: repo.CampaignRow): Promise<number> {
  if (c.contactListId) {
    const [r] = await deps.db.select({ n: count() }).from(contactListItems).where(and(
      eq(contactListItems.companyId, c.companyId),
      eq(contactListItems.contactListId, c.contactListId),
      or(isNull(contactListItems.isWhatsappValid), eq(contactListItems.isWhatsappValid, true)),
    ));
    return r.n;
  }
  if (!c.tagListId) return 0;
  const [r] = await deps.db.select({ n: count() }).from(contactTags)
    .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
    .where(and(
      eq(contactTags.companyId, c.companyId),
      eq(contactTags.tagId, c.tagListId),
      eq(contacts.isGroup, false),
    ));
  return r.n;
}

/** @throws ERR_CAMPAIGN_NOTHING_TO_SEND with details.reason, the first thing missing. */
export async function assertSendable(deps: Deps, c: repo.CampaignRow) {
  if (!variants(c, "message").length) throw nothing("noMessage");
  if (!c.whatsappId) throw nothing("noConnection");
  if (!c.contactListId && !c.tagListId) throw nothing("noAudience");
  if (!(await audienceSize(deps, c))) throw nothing("noContacts");
}

/** INATIVA or PROGRAMADA → EM_ANDAMENTO now (its start becomes now). */
export async function sendNow(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  const cur = await repo.getCampaign(deps.db, actor.companyId, id);
  if (cur.status !== "INATIVA" && cur.status !== "PROGRAMADA") {
    throw new AppError("ERR_CONFLICT", {
      message: "only an inactive or scheduled campaign can be sent now",
      details: { status: cur.status },
    });
  }
  await assertSendable(deps, cur);
  const now = deps.clock.now().toISOString();
  await deps.database.write((tx) => repo.updateCampaign(tx, actor.companyId, id, { scheduledAt: now }));
  await startCampaign(deps, { ...cur, scheduledAt: now }, cur.status);
  deps.jobs.kick();
  return await repo.getCampaign(deps.db, actor.companyId, id);
}
