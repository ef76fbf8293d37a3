/**
 * The company's AI provider, set by an admin: base URL, key (sealed at rest, answered masked),
 * models per feature, whether profile users may use it. The plan's useOpenAi flag and monthly
 * token budget sit above it; with no provider (or turned off) nothing AI shows.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, noPermission } from "../lib/errors.ts";
import { isAdmin, requireAdmin, requirePlan } from "../auth/permissions.ts";
import { auditNow } from "../audit/audit.ts";
import { maskSecret } from "../lib/crypto.ts";
import { dayStartUtc, todayIn } from "../lib/time.ts";
import type { AiFeature, AiSettingsDTO, AiSettingsInput, AiStatusDTO } from "@contract/ai_assist.ts";
import * as repo from "./repo.ts";
import type { AiSettingsRow } from "./repo.ts";

/** What a call needs of the provider, the key opened. */
export type Provider = { baseUrl: string; apiKey: string; model: (f: AiFeature) => string };

function dto(row: AiSettingsRow | undefined, plainKey: string): AiSettingsDTO {
  if (!row) {
    return {
      configured: false,
      enabled: false,
      baseUrl: "",
      apiKey: "",
      model: "",
      models: {},
      forAttendants: true,
    };
  }
  return {
    configured: true,
    enabled: row.enabled,
    baseUrl: row.baseUrl,
    apiKey: maskSecret(plainKey),
    model: row.model,
    models: row.models ?? {},
    forAttendants: row.forAttendants,
  };
}

const gateAdmin = (a: Actor) => (requireAdmin(a), requirePlan(a.plan, "useOpenAi"));

export async function showSettings(deps: Deps, actor: Actor): Promise<AiSettingsDTO> {
  gateAdmin(actor);
  const row = await repo.getSettings(deps.db, actor.companyId);
  return dto(row, row ? await deps.secrets.open(row.apiKey) : "");
}

export async function saveSettings(deps: Deps, actor: Actor, input: AiSettingsInput): Promise<AiSettingsDTO> {
  gateAdmin(actor);
  const before = await repo.getSettings(deps.db, actor.companyId);
  const oldKey = before ? await deps.secrets.open(before.apiKey) : "";
  // "" or the masked value sent back keeps the stored key; "-" clears it (servers without a key).
  const keep = input.apiKey === "" || (oldKey && input.apiKey === maskSecret(oldKey));
  const plain = keep ? oldKey : input.apiKey === "-" ? "" : input.apiKey;
  const models = Object.fromEntries(Object.entries(input.models).filter(([, v]) => v));
  const sealed = before && plain === oldKey ? before.apiKey : await deps.secrets.seal(plain);
  const row = await deps.database.write((tx) =>
    repo.upsertSettings(tx, actor.companyId, {
      enabled: input.enabled,
      baseUrl: input.baseUrl,
      apiKey: sealed,
      model: input.model,
      models,
      forAttendants: input.forAttendants,
      updatedAt: deps.clock.now().toISOString(),
    })
  );
  await auditNow(deps, actor, {
    action: "ai_assist.update",
    entity: "ai_assist",
    summary: `${input.baseUrl} · ${input.model}${plain !== oldKey ? " · key changed" : ""}`,
  });
  return dto(row, plain);
}

export async function deleteSettings(deps: Deps, actor: Actor): Promise<void> {
  gateAdmin(actor);
  await deps.database.write((tx) => repo.deleteSettings(tx, actor.companyId));
  await auditNow(deps, actor, { action: "ai_assist.delete", entity: "ai_assist" });
}

/** What the budget reads of a caller: a signed-in actor, or the company itself (a listener). */
export type Spender = Pick<Actor, "companyId" | "company" | "plan">;

/** The start of the company's calendar month (its zone) as a UTC instant, and the month's name. */
export function monthOf(deps: Deps, actor: Pick<Actor, "company">): { month: string; fromIso: string } {
  const today = todayIn(deps.clock.now(), actor.company.timezone);
  const month = today.slice(0, 7);
  return { month, fromIso: dayStartUtc(`${month}-01`, actor.company.timezone) };
}

export async function tokensLeft(deps: Deps, actor: Spender): Promise<number> {
  const used = await repo.tokensSince(deps.db, actor.companyId, monthOf(deps, actor).fromIso);
  return actor.plan.aiMonthlyTokens - used;
}

/** Whether the composer shows AI for this user: plan, provider on, attendants allowed. */
export async function status(deps: Deps, actor: Actor): Promise<AiStatusDTO> {
  const row = await repo.getSettings(deps.db, actor.companyId);
  const available = !!row?.enabled && actor.plan.useOpenAi && actor.plan.aiMonthlyTokens > 0 &&
    (isAdmin(actor) || row.forAttendants);
  return { available, budgetExhausted: available ? (await tokensLeft(deps, actor)) <= 0 : false };
}

/**
 * The provider for a call by this actor, or the refusal: plan flag (403 ERR_PLAN_FEATURE), no
 * provider (409 ERR_AI_NOT_CONFIGURED), a profile user where attendants may not (403), the month's
 * budget spent (429 ERR_AI_BUDGET_EXHAUSTED).
 */
export async function providerFor(deps: Deps, actor: Actor): Promise<Provider> {
  requirePlan(actor.plan, "useOpenAi");
  const row = await repo.getSettings(deps.db, actor.companyId);
  if (!row?.enabled) throw new AppError("ERR_AI_NOT_CONFIGURED");
  if (!isAdmin(actor) && !row.forAttendants) throw noPermission();
  const left = await tokensLeft(deps, actor);
  if (left <= 0) {
    throw new AppError("ERR_AI_BUDGET_EXHAUSTED", {
      details: { budget: actor.plan.aiMonthlyTokens, month: monthOf(deps, actor).month },
    });
  }
  const models = row.models ?? {};
  return {
    baseUrl: row.baseUrl,
    apiKey: await deps.secrets.open(row.apiKey),
    model: (f) => models[f] || row.model,
  };
}

/**
 * The provider for a call the server makes on its own (a listener): the same plan flag, provider
 * and budget as a person's call, but a refusal is `null` — nothing to tell anyone, nothing done.
 */
export async function systemProvider(deps: Deps, who: Spender): Promise<Provider | null> {
  if (!who.plan.useOpenAi || who.plan.aiMonthlyTokens <= 0) return null;
  const row = await repo.getSettings(deps.db, who.companyId);
  if (!row?.enabled || (await tokensLeft(deps, who)) <= 0) return null;
  const models = row.models ?? {};
  return {
    baseUrl: row.baseUrl,
    apiKey: await deps.secrets.open(row.apiKey),
    model: (f) => models[f] || row.model,
  };
}
