/**
 * Automation step: a customer's message answers a campaign's confirmation request. Any message
 * from the number, on the campaign's connection, while a shipment of a running campaign awaits its
 * confirmation inside the campaign's window, confirms it (as in the reference): the shipment goes
 * back to pending with confirmation set and the dispatcher sends the real message next. Every inbound message passes
 * here, so an indexed read decides first and the write lock is taken only when a shipment awaits;
 * when the UPDATE matched, the step stops the chain (the reply was for the campaign, not the menu).
 */
import { sql } from "drizzle-orm";
import type { AutomationStep } from "../automation/step.ts";
import { progress } from "./lifecycle.ts";

export const campaignConfirmationStep: AutomationStep = {
  name: "campaign-confirmation",
  async run(ctx) {
    const { deps, ticket } = ctx;
    if (ticket.isGroup) return "continue";
    const contact = await ctx.contact();
    if (!contact) return "continue";
    const now = deps.clock.now().toISOString();
    // Inside the campaign's window only (an awaiting row's run_at is its end): a later reply is the
    // contact's, for the normal automation.
    const awaiting = sql`company_id = ${ticket.companyId} AND number = ${contact.number}
      AND status = 'awaiting' AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = campaign_shippings.campaign_id
        AND c.company_id = ${ticket.companyId} AND c.whatsapp_id = ${ticket.whatsappId} AND c.status = 'EM_ANDAMENTO'
        AND (campaign_shippings.run_at > ${now} OR (campaign_shippings.run_at IS NULL
          AND (campaign_shippings.confirmation_requested_at IS NULL
            OR strftime('%Y-%m-%dT%H:%M:%fZ', campaign_shippings.confirmation_requested_at,
              '+' || c.confirmation_window_hours || ' hours') > ${now}))))`;
    const [waiting] = await deps.db.all<{ one: number }>(
      sql`SELECT 1 AS one FROM campaign_shippings WHERE ${awaiting} LIMIT 1`,
    );
    if (!waiting) return "continue";
    const rows = await deps.database.write((tx) =>
      tx.all<{ campaign_id: number }>(sql`
        UPDATE campaign_shippings SET confirmation = 1, confirmed_at = ${now}, status = 'pending',
          run_at = NULL, message_id = NULL, updated_at = ${now}
        WHERE ${awaiting}
        RETURNING campaign_id`)
    );
    if (!rows.length) return "continue";
    for (const id of new Set(rows.map((r) => r.campaign_id))) progress(deps, ticket.companyId, id, true);
    return "stop";
  },
};
