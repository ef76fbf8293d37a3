/**
 * API keys of a company: create (the secret is returned once and only its SHA-256 kept), list,
 * revoke; admins only. Every change is audited in its own transaction. The per-request side
 * (resolving a presented key) is key_auth.ts.
 */
import type { ApiKeyRow, CreatedApiKey } from "@contract/api_keys.ts";
import { API_KEY_PREFIX, type ApiKeyScope } from "@contract/api_keys.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { base64Url } from "../lib/base64.ts";
import { audit, snapshot } from "../audit/audit.ts";
import { requireAdmin, requirePlan } from "../auth/permissions.ts";
import * as repo from "./repo.ts";
import type { CreateApiKey } from "./schemas.ts";

/** How many characters of the secret (after `atk_`) the list shows. */
const VISIBLE = 6;

export function toRow(k: repo.ApiKeyRecord): ApiKeyRow {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes as ApiKeyScope[],
    allowedIps: k.allowedIps,
    expiresAt: k.expiresAt,
    revokedAt: k.revokedAt,
    lastUsedAt: k.lastUsedAt,
    lastUsedIp: k.lastUsedIp,
    createdAt: k.createdAt,
    createdBy: k.createdByName,
  };
}

/** `atk_` + 32 random bytes in base64url (43 characters). */
export function newSecret(): string {
  return API_KEY_PREFIX + base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Keys are managed by people, never by another key (scopes.ts refuses the routes too). */
function requireKeyAdmin(actor: Actor) {
  if (actor.apiKey) throw new AppError("ERR_API_KEY_SCOPE");
  requireAdmin(actor);
}

export async function listKeys(deps: Deps, actor: Actor): Promise<ApiKeyRow[]> {
  requireKeyAdmin(actor);
  return (await repo.listApiKeys(deps.db, actor.companyId)).map(toRow);
}

/** A plan without useExternalApi makes no keys (listing and revoking stay open, so a downgrade can be tidied). */
export async function createKey(deps: Deps, actor: Actor, input: CreateApiKey): Promise<CreatedApiKey> {
  requireKeyAdmin(actor);
  requirePlan(actor.plan, "useExternalApi");
  if (input.expiresAt && new Date(input.expiresAt) <= deps.clock.now()) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "expiresAt", message: "expires_in_past", code: "custom" }],
    });
  }
  const secret = newSecret();
  const row = await deps.database.write(async (tx) => {
    const row = await repo.insertApiKey(tx, {
      companyId: actor.companyId,
      name: input.name,
      prefix: secret.slice(0, API_KEY_PREFIX.length + VISIBLE),
      secretHash: await sha256Hex(secret),
      scopes: input.scopes,
      allowedIps: input.allowedIps,
      expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
      createdBy: actor.userId,
      createdByName: actor.user.name,
    });
    await audit(tx, actor, {
      action: "api_key.create",
      entity: "api_key",
      entityId: row.id,
      summary: row.name,
      diff: snapshot({
        prefix: row.prefix,
        scopes: row.scopes.join(" "),
        expiresAt: row.expiresAt,
        allowedIps: row.allowedIps.join(" ") || null,
      }),
    });
    return row;
  });
  return { ...toRow(row), secret };
}

export async function revokeKey(deps: Deps, actor: Actor, id: number): Promise<ApiKeyRow> {
  requireKeyAdmin(actor);
  const at = deps.clock.now().toISOString();
  return await deps.database.write(async (tx) => {
    const before = await repo.findApiKey(tx, actor.companyId, id);
    if (!before) throw notFound("api_key");
    if (before.revokedAt) return toRow(before);
    await repo.revokeApiKey(tx, actor.companyId, id, at);
    await audit(tx, actor, {
      action: "api_key.revoke",
      entity: "api_key",
      entityId: id,
      summary: before.name,
      diff: { prefix: before.prefix },
    });
    return toRow({ ...before, revokedAt: at });
  });
}
