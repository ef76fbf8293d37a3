/**
 * Company settings and the operator's platform settings (spec 2 §3, §5, §6). Platform keys live
 * on company 1 and only the operator changes them; secrets are sealed at rest and only ever
 * shown masked. Reads go through `deps.caches.settings`; a write invalidates it after commit.
 */
import { z } from "zod";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { maskSecret, SecretBox } from "../lib/crypto.ts";
import { requireAdmin, requireSuper } from "../auth/permissions.ts";
import { companyKeys, isKnownSetting, PLATFORM_COMPANY_ID, platformKeys, SETTINGS } from "./registry.ts";
import { readSetting, writeSetting } from "./repo.ts";
import { audit, changes, MASK } from "../audit/audit.ts";
import { getCompanyWithPlan } from "../companies/repo.ts";
import { invalidate } from "../caches.ts";

export type SettingDTO = { key: string; value: string };

const SETTINGS_TEXT = z.string().max(5000);

function unknownKey(key: string): AppError {
  return notFound("setting", { key });
}

async function shown(deps: Deps, key: string, stored: string): Promise<string> {
  return SETTINGS[key]?.secret ? maskSecret(await deps.secrets.open(stored)) : stored;
}

/** The tenant's settings; the operator also gets the platform keys. */
export async function listSettings(deps: Deps, actor: Actor): Promise<SettingDTO[]> {
  requireAdmin(actor);
  const own = await deps.caches.settings.getMany(actor.companyId, companyKeys);
  const out = Object.entries(own).map(([key, value]) => ({ key, value }));
  if (actor.user.super) {
    const plat = await deps.caches.settings.getMany(PLATFORM_COMPANY_ID, platformKeys);
    for (const [key, value] of Object.entries(plat)) out.push({ key, value: await shown(deps, key, value) });
  }
  return out;
}

/** One setting for any signed-in user; secrets only masked, and only for the operator. */
export async function getSetting(deps: Deps, actor: Actor, key: string): Promise<SettingDTO> {
  if (!isKnownSetting(key)) throw unknownKey(key);
  const def = SETTINGS[key];
  if (def.secret && !actor.user.super) throw new AppError("ERR_NO_PERMISSION");
  const companyId = def.scope === "platform" ? PLATFORM_COMPANY_ID : actor.companyId;
  return { key, value: await shown(deps, key, await deps.caches.settings.get(companyId, key)) };
}

export async function getPublicSetting(deps: Deps, key: string): Promise<SettingDTO> {
  if (!isKnownSetting(key) || !SETTINGS[key].public) throw unknownKey(key);
  return { key, value: await deps.caches.settings.get(PLATFORM_COMPANY_ID, key) };
}

export async function updateSetting(deps: Deps, actor: Actor, key: string, raw: string): Promise<SettingDTO> {
  if (!isKnownSetting(key)) throw unknownKey(key);
  const def = SETTINGS[key];
  requireAdmin(actor);
  if (def.scope === "platform") requireSuper(actor);
  const parsed = (def.schema ?? SETTINGS_TEXT).safeParse(raw);
  if (!parsed.success) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: key, message: parsed.error.issues[0]?.message }],
    });
  }
  const value = parsed.data;
  await assertMessageKept(deps, actor.companyId, key, value);
  const stored = def.secret ? await deps.secrets.seal(value) : value;
  const companyId = def.scope === "platform" ? PLATFORM_COMPANY_ID : actor.companyId;
  await deps.database.write(async (tx) => {
    const before = await readSetting(tx, companyId, key);
    await writeSetting(tx, companyId, key, stored);
    await audit(tx, actor, {
      action: "setting.update",
      entity: "setting",
      entityId: key,
      summary: key,
      // Secret settings: that it changed, never the values (sealed or not).
      diff: def.secret ? { value: [MASK, MASK] } : changes({ value: before }, { value }),
    });
  });
  invalidate(deps, { kind: "settings", companyId });
  const dto = { key, value: def.secret ? maskSecret(value) : value };
  deps.bus.emit("settings.updated", { companyId, key, value: dto.value });
  return dto;
}

/**
 * Spec 2 §5: a toggle in the state that sends a message needs that message. The screen saves the
 * toggle first and shows the message field after it, so the server refuses the other half: a
 * message emptied while its toggle still asks for it.
 */
const MESSAGE_OF: Record<string, { toggle: string; when: string }> = {
  transferMessage: { toggle: "sendMsgTransfTicket", when: "enabled" },
  greetingAcceptedMessage: { toggle: "sendGreetingAccepted", when: "enabled" },
  AcceptCallWhatsappMessage: { toggle: "acceptCallWhatsapp", when: "disabled" },
  sendQueuePositionMessage: { toggle: "sendQueuePosition", when: "enabled" },
};

async function assertMessageKept(deps: Deps, companyId: number, key: string, value: string) {
  const rule = MESSAGE_OF[key];
  if (!rule || value.trim()) return;
  if ((await deps.caches.settings.get(companyId, rule.toggle)) === rule.when) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: key, message: `required while ${rule.toggle} is ${rule.when}` }],
    });
  }
}

/** The plaintext of a secret, for the server's own use (payment and AI clients). */
export async function readSecret(deps: Deps, key: string): Promise<string> {
  const stored = await deps.caches.settings.get(PLATFORM_COMPANY_ID, key);
  return SecretBox.isSealed(stored) ? await deps.secrets.open(stored) : stored;
}

/** GET /companySettings/{id}: the company's settings as one object; the operator may read any. */
export async function companySettings(
  deps: Deps,
  actor: Actor,
  companyId: number,
): Promise<Record<string, string>> {
  if (companyId !== actor.companyId) {
    if (!actor.user.super) throw notFound("company");
    // The settings read fills defaults for any id, so a missing company must be caught here.
    await getCompanyWithPlan(deps.db, companyId);
  }
  return await deps.caches.settings.getMany(companyId, companyKeys);
}

/** GET /companySettingOne?column=: one tenant key as `{[column]: value}`. */
export async function companySettingOne(
  deps: Deps,
  actor: Actor,
  column: string,
): Promise<Record<string, string>> {
  if (!companyKeys.includes(column)) throw unknownKey(column);
  return { [column]: await deps.caches.settings.get(actor.companyId, column) };
}
