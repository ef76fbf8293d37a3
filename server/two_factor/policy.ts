/** Whether a user must log in with a second factor: the company's setting or the operator's platform one. */
import type { Deps } from "../deps.ts";
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";

export async function twoFactorRequired(deps: Deps, companyId: number): Promise<boolean> {
  const platform = await deps.caches.settings.get(PLATFORM_COMPANY_ID, "twoFactorPlatformRequired");
  if (platform === "enabled") return true;
  return await deps.caches.settings.get(companyId, "twoFactorRequired") === "enabled";
}

/** The issuer shown in authenticator apps: the platform's name. */
export async function issuer(deps: Deps): Promise<string> {
  return (await deps.caches.settings.get(PLATFORM_COMPANY_ID, "appName")) || "Atende";
}
