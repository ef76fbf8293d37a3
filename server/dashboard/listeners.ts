/**
 * Keeps the dashboard's per-day rollups true when a rolled-up day changes: a ticket's update that
 * moved it (its cycle finished, rated, transferred, its queue changed) recomputes the local days its
 * ticket row, cycles and NPS answers fall on; a deleted ticket takes rows of unknown days with it, so
 * its company's rollup is rebuilt. Tickets created since the last build touch only days the reads
 * take from the raw tables, and cost no query. Updates are gathered per company for one turn of the
 * event loop, so a burst of events costs one recompute. Registered by server/compose.ts.
 *
 * What a rolled-up day counts of a ticket changes only with its scope: the cycle rows
 * (ticket_traking) are started, closed and re-assigned by status, assignee and queue transitions;
 * the ticket's current queue and kind are counted; a rating is stored just before the close that
 * moves the ticket from `nps` to `closed`; the messages of a reply fall on today, which is read raw.
 * So an update whose `before` equals the ticket's scope (a reply, a read, a tag, an edit) costs
 * nothing here.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../deps.ts";
import { dayStartUtc, zonedParts } from "../lib/time.ts";
import { scopeChanged } from "../lib/actor.ts";
import { buildCompany, computeDays, rollupState, writeDays } from "./rollup_build.ts";

type Pending = { tickets: Map<number, string>; done: Promise<void> };

/** Recomputes the rolled-up days the given tickets' rows fall on. */
async function recomputeTickets(deps: Deps, companyId: number, tickets: Map<number, string>) {
  const st = await rollupState(deps.db, companyId);
  if (!st) return;
  const edge = dayStartUtc(st.builtUntil, st.zone);
  const ids = [...tickets].filter(([, createdAt]) => createdAt < edge).map(([id]) => id);
  if (!ids.length) return;
  const list = JSON.stringify(ids);
  const rows = await deps.db.all<{ at: string }>(sql`
    SELECT created_at AS at FROM tickets WHERE id IN (SELECT value FROM json_each(${list}))
      AND company_id = ${companyId} AND created_at < ${edge}
    UNION SELECT created_at FROM ticket_traking WHERE ticket_id IN (SELECT value FROM json_each(${list}))
      AND company_id = ${companyId} AND created_at < ${edge}
    UNION SELECT created_at FROM user_ratings WHERE ticket_id IN (SELECT value FROM json_each(${list}))
      AND company_id = ${companyId} AND created_at < ${edge}`);
  const days = [...new Set(rows.map((r) => zonedParts(new Date(r.at), st.zone).date))].sort();
  if (days.length) {
    await writeDays(deps, companyId, days, await computeDays(deps.reads, companyId, days, st.zone));
  }
}

export function wireDashboardListeners(deps: Deps): void {
  const pending = new Map<number, Pending>();
  const rebuilding = new Map<number, Promise<void>>();
  const again = new Set<number>();

  deps.bus.on("ticket.updated", ({ companyId, ticket, before }) => {
    if (!scopeChanged(before, ticket)) return;
    let p = pending.get(companyId);
    if (!p) {
      const tickets = new Map<number, string>();
      p = {
        tickets,
        done: new Promise<void>((r) => setTimeout(r, 0)).then(() => {
          pending.delete(companyId);
          return recomputeTickets(deps, companyId, tickets);
        }),
      };
      pending.set(companyId, p);
    }
    p.tickets.set(ticket.id, ticket.createdAt);
    return p.done;
  });

  deps.bus.on("ticket.deleted", async ({ companyId }) => {
    // One rebuild at a time per company; a deletion during it asks for one more after it.
    const running = rebuilding.get(companyId);
    if (running) {
      again.add(companyId);
      return await running;
    }
    const run = async () => {
      do {
        again.delete(companyId);
        const st = await rollupState(deps.db, companyId);
        if (!st) return;
        await buildCompany(deps, companyId, st.zone, deps.clock.now(), true);
      } while (again.has(companyId));
    };
    const job = run().finally(() => rebuilding.delete(companyId));
    rebuilding.set(companyId, job);
    await job;
  });
}
