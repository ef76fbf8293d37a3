/**
 * The campaign dispatcher (DESIGN §8, §11), run by the scheduler lease holder every second:
 *  1. PROGRAMADA campaigns whose scheduledAt has come are planned (planner.ts) and set running.
 *  2. Per connection, one shipment at a time of its running campaigns (oldest campaign first), at
 *     the company's pace (messageInterval; greaterInterval after every longerIntervalAfter sends),
 *     only between startHour and endHour and not on an excluded Saturday/Sunday, in the company's
 *     time zone, reading time from deps.clock.
 * A shipment is claimed with a conditional UPDATE (pending → sending). The message is stored and
 * its id written on the shipment in ONE transaction (sendOnTicket's onStored); the network send
 * runs after it, outside any transaction. A shipment left in `sending` by a dead holder is claimed
 * again after STALE_MS and, when it already has its message, that message is handed to the
 * channel again (deliverStored) — never stored twice, and under the same provider id; where the
 * provider cannot recognise that (Cloud API, Meta) a message already handed over is not sent again
 * and the shipment is `uncertain`. Failures retry (MAX_ATTEMPTS) with a delay,
 * then the shipment is `failed` with its error. The campaign is FINALIZADA when no shipment is
 * pending, sending or awaiting a confirmation; each tick first turns the confirmations whose window
 * has passed into `no_answer` (lifecycle.ts), so a contact who never answers does not hold it open.
 */
import { and, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { campaigns, campaignShippings, companies } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { zonedParts } from "../lib/time.ts";
import { getConnection } from "../connections/repo.ts";
import { adapterFor, hasAdapter } from "../channels/registry.ts";
import {
  CONTACT_UNREACHABLE,
  deliverStored,
  SEND_UNCERTAIN,
  sendOnTicket,
  uncertainOr,
} from "../messages/send.ts";
import { isUnreachable } from "../contacts/service.ts";
import { getMimeType } from "hono/utils/mime";
import { findItem, setValidity } from "../contact_lists/repo.ts";
import { type CampaignConfig, readConfig } from "./settings.ts";
import { planCampaign } from "./planner.ts";
import type { CampaignRow, ShippingRow } from "./repo.ts";
import { emitCampaign, expireConfirmations, finishIfDone, progress } from "./lifecycle.ts";
import { outboundTicket, settleOutboundTicket } from "./outbound.ts";
import { staleAfter } from "../jobs/lease.ts";

/** Longer than the scheduler lease (30 s; scaled to LEASE_TTL_MS): a row this old in `sending` has no live sender. */
export const STALE_MS = 35_000;
export const MAX_ATTEMPTS = 3;
/** Real time one tick may spend pacing sends before it yields to the next tick. */
const TICK_BUDGET_MS = 900;

type Pace = { nextAt: number; sent: number };
const paces = new WeakMap<Deps, Map<number, Pace>>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + (m || 0);
};

/** True when `at` is a sending moment for the company: [startHour, endHour), allowed weekday. */
export function withinCampaignHours(at: Date, timeZone: string, cfg: CampaignConfig): boolean {
  const p = zonedParts(at, timeZone);
  if (p.weekdayEn === "saturday" && !cfg.sabado) return false;
  if (p.weekdayEn === "sunday" && !cfg.domingo) return false;
  const t = minutes(p.time), a = minutes(cfg.startHour), b = minutes(cfg.endHour);
  return a <= b ? t >= a && t < b : t >= a || t < b;
}

/** The pause after the n-th send of a connection (seconds in the settings). */
export function pauseAfter(cfg: CampaignConfig, n: number): number {
  const longer = cfg.longerIntervalAfter > 0 && cfg.greaterInterval > 0 && n % cfg.longerIntervalAfter === 0;
  return Math.round((longer ? cfg.greaterInterval : cfg.messageInterval) * 1000);
}

export async function campaignsTick(deps: Deps): Promise<void> {
  await expireConfirmations(deps);
  await startDue(deps);
  await dispatchRunning(deps);
}

/** PROGRAMADA → planned → EM_ANDAMENTO, for campaigns whose start has come. */
export async function startDue(deps: Deps): Promise<void> {
  const now = deps.clock.now().toISOString();
  const due = await deps.db.select().from(campaigns)
    .where(and(eq(campaigns.status, "PROGRAMADA"), lte(campaigns.scheduledAt, now)));
  for (const c of due) await startCampaign(deps, c, "PROGRAMADA");
}

/** Plans (idempotent) and flips the status if it is still `from`. */
export async function startCampaign(
  deps: Deps,
  c: CampaignRow,
  from: "PROGRAMADA" | "CANCELADA" | "INATIVA",
) {
  await planCampaign(deps, c);
  const [row] = await deps.database.write((tx) =>
    tx.update(campaigns).set({ status: "EM_ANDAMENTO", updatedAt: deps.clock.now().toISOString() })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, from))).returning()
  );
  if (row) await emitCampaign(deps, row.companyId, row.id);
}

async function dispatchRunning(deps: Deps): Promise<void> {
  const running = await deps.db.select().from(campaigns).where(eq(campaigns.status, "EM_ANDAMENTO"))
    .orderBy(campaigns.id);
  if (!running.length) return;
  const companyIds = [...new Set(running.map((c) => c.companyId))];
  const zones = new Map(
    (await deps.db.select({ id: companies.id, tz: companies.timezone }).from(companies)
      .where(inArray(companies.id, companyIds))).map((r) => [r.id, r.tz]),
  );
  const configs = new Map<number, CampaignConfig>();
  for (const id of companyIds) configs.set(id, await readConfig(deps.db, id));
  const byConnection = new Map<number, CampaignRow[]>();
  for (const c of running) {
    if (!c.whatsappId) continue;
    byConnection.set(c.whatsappId, [...(byConnection.get(c.whatsappId) ?? []), c]);
  }
  await Promise.all(
    [...byConnection].map(([connId, list]) =>
      driveConnection(deps, connId, list, zones, configs).catch((err) =>
        console.error(`[campaigns] connection ${connId} failed`, err)
      )
    ),
  );
}

async function driveConnection(
  deps: Deps,
  connId: number,
  list: CampaignRow[],
  zones: Map<number, string>,
  configs: Map<number, CampaignConfig>,
) {
  const started = Date.now();
  const map = paces.get(deps) ?? new Map<number, Pace>();
  paces.set(deps, map);
  const pace = map.get(connId) ?? { nextAt: 0, sent: 0 };
  map.set(connId, pace);
  const active = [...list];
  while (active.length) {
    const now = deps.clock.now();
    const c = active[0];
    const cfg = configs.get(c.companyId)!;
    if (!withinCampaignHours(now, zones.get(c.companyId) ?? "America/Sao_Paulo", cfg)) return;
    const wait = pace.nextAt - now.getTime();
    if (wait > 0) {
      if (Date.now() - started + wait > TICK_BUDGET_MS) return;
      await sleep(wait);
      if (deps.clock.now().getTime() === now.getTime()) return; // a frozen test clock
      continue;
    }
    const row = await claim(deps, c.id, now);
    if (!row) {
      active.shift();
      await finishIfDone(deps, c);
      continue;
    }
    await sendShipment(deps, c, row);
    await finishIfDone(deps, c);
    pace.sent++;
    pace.nextAt = deps.clock.now().getTime() + pauseAfter(cfg, pace.sent);
    progress(deps, c.companyId, c.id, false);
  }
}

/** The next due shipment of a running campaign: a stale `sending` first, else the oldest pending. */
export async function claim(deps: Deps, campaignId: number, now: Date): Promise<ShippingRow | null> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - staleAfter(deps.config, STALE_MS)).toISOString();
  const rows = await deps.database.write((tx) =>
    tx.all<Record<string, unknown>>(sql`
      UPDATE campaign_shippings SET status = 'sending', attempts = attempts + 1, updated_at = ${at}
      WHERE id = (
        SELECT id FROM (
          SELECT id, 0 AS o FROM campaign_shippings
            WHERE campaign_id = ${campaignId} AND status = 'sending' AND updated_at < ${stale}
          UNION ALL
          SELECT id, 1 AS o FROM campaign_shippings
            WHERE campaign_id = ${campaignId} AND status = 'pending' AND (run_at IS NULL OR run_at <= ${at})
        ) ORDER BY o, id LIMIT 1)
      AND (status = 'pending' OR (status = 'sending' AND updated_at < ${stale}))
      AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = ${campaignId} AND c.status = 'EM_ANDAMENTO')
      RETURNING id`)
  );
  if (!rows.length) return null;
  const [row] = await deps.db.select().from(campaignShippings).where(
    eq(campaignShippings.id, Number(rows[0].id)),
  );
  return row ?? null;
}

async function markShipping(
  deps: Deps,
  id: number,
  values: { [K in keyof ShippingRow]?: ShippingRow[K] | SQL },
) {
  await deps.database.write((tx) =>
    tx.update(campaignShippings).set({ ...values, updatedAt: deps.clock.now().toISOString() })
      .where(and(eq(campaignShippings.id, id), eq(campaignShippings.status, "sending")))
  );
}

/** Sends the shipment's current phase: the confirmation request, or the campaign message. */
export async function sendShipment(deps: Deps, c: CampaignRow, row: ShippingRow): Promise<void> {
  const companyId = c.companyId;
  const asking = c.confirmation && !row.confirmation && !!row.confirmationMessage;
  try {
    if (row.messageId) {
      // Handed to a provider that cannot recognise a second hand-over before the process died:
      // the customer may have it, so it is counted uncertain, never sent blindly again.
      if (await deliverStored(deps, companyId, row.messageId).catch(uncertainOr) === "uncertain") {
        await markShipping(deps, row.id, { status: "uncertain", lastError: SEND_UNCERTAIN });
        return;
      }
    } else {
      const conn = await getConnection(deps.db, companyId, c.whatsappId!);
      const adapter = hasAdapter(conn.channel) ? adapterFor(conn.channel) : null;
      if (adapter?.checkNumber && !(await adapter.checkNumber(deps, conn, row.number))) {
        await deps.database.write((tx) => setValidity(tx, companyId, row.contactListItemId, false));
        await markShipping(deps, row.id, { status: "failed", lastError: "ERR_WAPP_INVALID_CONTACT" });
        return;
      }
      // The channel said this contact cannot be reached (a blocked Telegram bot): skipped, with why.
      if (await isUnreachable(deps, companyId, row.number)) {
        await markShipping(deps, row.id, { status: "failed", lastError: CONTACT_UNREACHABLE });
        return;
      }
      const opts = {
        openTicket: c.openTicket === "enabled",
        statusTicket: c.statusTicket,
        userId: c.userId,
        queueId: c.queueId,
      };
      // The contact a shipment creates takes the list's name, not its bare number.
      const item = await findItem(deps.db, companyId, row.contactListItemId);
      const to = { number: row.number, name: item?.name || undefined };
      const { ticket, created } = await outboundTicket(deps, conn, to, opts);
      const media = !asking && c.mediaPath
        ? {
          path: c.mediaPath,
          name: c.mediaName ?? "file",
          size: 0,
          mimetype: getMimeType(c.mediaPath) ?? "application/octet-stream",
        }
        : undefined;
      const sent = await sendOnTicket(deps, companyId, ticket.id, {
        body: asking ? row.confirmationMessage! : row.message,
        media,
        // One id per phase of the shipment: the same id when a re-run after a crash sends it again.
        sendKey: `campaign:${row.id}:${asking ? "ask" : "send"}`,
        onStored: async (tx, messageId) => {
          await tx.update(campaignShippings).set({ messageId }).where(eq(campaignShippings.id, row.id));
        },
      }).catch(uncertainOr);
      await settleOutboundTicket(deps, ticket, created, opts);
      if (sent === "uncertain") {
        await markShipping(deps, row.id, { status: "uncertain", lastError: SEND_UNCERTAIN });
        return;
      }
    }
    const at = deps.clock.now();
    const now = at.toISOString();
    // An awaiting row's run_at is the end of its confirmation window (lifecycle.ts expires it);
    // a request that went out while an admin finished the campaign expires on the next tick.
    const windowEnd = new Date(at.getTime() + c.confirmationWindowHours * 3600_000).toISOString();
    await markShipping(
      deps,
      row.id,
      asking
        ? {
          status: "awaiting",
          confirmationRequestedAt: now,
          runAt: sql`CASE WHEN (SELECT status FROM campaigns WHERE id = ${c.id}) = 'FINALIZADA'
            THEN ${now} ELSE ${windowEnd} END`,
          messageId: null,
          lastError: null,
        }
        : { status: "delivered", deliveredAt: now, lastError: null },
    );
  } catch (err) {
    const error = err instanceof Error ? (err as { code?: string }).code ?? err.message : String(err);
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    const retryAt = new Date(deps.clock.now().getTime() + 30_000 * row.attempts).toISOString();
    await markShipping(
      deps,
      row.id,
      giveUp ? { status: "failed", lastError: error } : {
        status: "pending",
        runAt: retryAt,
        lastError: error,
      },
    );
  }
}
