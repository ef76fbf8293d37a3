/**
 * Campaign settings (spec 3 §2 /campaigns-config, §9): one JSON value per key and company.
 * Intervals are seconds; the screen offers the spec's options, the API also takes fractions (a
 * test or a demo paces in milliseconds). startHour/endHour are HH:mm in the company's time zone;
 * sabado/domingo true means campaigns also send on that day.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { campaignSettings } from "@db/schema.ts";
import type { Db } from "@db/client.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { requireAdmin, requirePlan } from "../auth/permissions.ts";

export type CampaignConfig = {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: { key: string; value: string }[];
  sabado: boolean;
  domingo: boolean;
  startHour: string;
  endHour: string;
};

export const DEFAULTS: CampaignConfig = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: "09:00",
  endHour: "18:00",
};

const boolish = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);
const hour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:mm");

export const settingsInput = z.object({
  settings: z.object({
    messageInterval: z.coerce.number().min(0).max(3600),
    longerIntervalAfter: z.coerce.number().int().min(0).max(100_000),
    greaterInterval: z.coerce.number().min(0).max(3600),
    variables: z.array(z.object({ key: z.string().trim().min(1).max(50), value: z.string().max(1000) })).max(
      100,
    ),
    sabado: boolish,
    domingo: boolish,
    startHour: hour,
    endHour: hour,
  }).partial(),
});

export async function readConfig(db: Db, companyId: number): Promise<CampaignConfig> {
  const rows = await db.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
  const out: Record<string, unknown> = { ...DEFAULTS };
  for (const r of rows) {
    if (r.key in DEFAULTS && r.value !== null && r.value !== undefined) out[r.key] = r.value;
  }
  return out as CampaignConfig;
}

export async function getSettings(deps: Deps, actor: Actor) {
  requireAdmin(actor);
  requirePlan(actor.plan, "useCampaigns");
  const cfg = await readConfig(deps.db, actor.companyId);
  return Object.entries(cfg).map(([key, value]) => ({ key, value }));
}

export async function saveSettings(deps: Deps, actor: Actor, input: z.infer<typeof settingsInput>) {
  requireAdmin(actor);
  requirePlan(actor.plan, "useCampaigns");
  const now = new Date().toISOString();
  await deps.database.write(async (tx) => {
    for (const [key, value] of Object.entries(input.settings)) {
      if (value === undefined) continue;
      await tx.insert(campaignSettings).values({ companyId: actor.companyId, key, value })
        .onConflictDoUpdate({
          target: [campaignSettings.companyId, campaignSettings.key],
          set: { value, updatedAt: now },
        });
    }
  });
  const settings = await getSettings(deps, actor);
  deps.bus.emit("campaign.settings", { companyId: actor.companyId, settings });
  return settings;
}
