/** What a connection's create/update writes (Meta and webchat fields) and the checks on its input. */
import { type WebchatConfig } from "@db/schema.ts";
import { mergeWebchat } from "../webchat/config.ts";
import type { Deps } from "../deps.ts";
import type { Tx } from "@db/client.ts";
import { AppError } from "../lib/errors.ts";
import { checkUrl } from "../lib/safe_fetch.ts";
import { assertOwned } from "../lib/owned.ts";
import { randomString } from "../lib/crypto.ts";
import * as repo from "./repo.ts";
import { importIssues, type UpdateConnectionInput } from "./schemas.ts";

/**
 * The Cloud API fields: kept only for whatsappapi connections, the access token sealed at rest
 * (undefined leaves the stored one, null clears it).
 */
export async function metaFields<T extends Partial<Record<MetaField, string | null>>>(
  deps: Deps,
  channel: string,
  input: T,
): Promise<T> {
  const out = { ...input };
  if (channel !== "whatsappapi") {
    for (const k of META_FIELDS) delete out[k];
    return out;
  }
  if (out.metaAccessToken) out.metaAccessToken = await deps.secrets.seal(out.metaAccessToken);
  return out;
}

/** The widget settings: only on webchat connections; a new one gets its public key and defaults. */
export function webchatFields<T extends { webchat?: Partial<WebchatConfig> | null }>(
  channel: string,
  input: T,
  current: repo.ConnectionRow | null,
): Omit<T, "webchat"> & { webchat?: WebchatConfig; webchatKey?: string } {
  const { webchat, ...rest } = input;
  if (channel !== "webchat") return rest;
  if (!current) return { ...rest, webchat: mergeWebchat(null, webchat ?? {}), webchatKey: randomString(24) };
  return webchat ? { ...rest, webchat: mergeWebchat(current.webchat, webchat) } : rest;
}

const META_FIELDS = ["metaPhoneNumberId", "metaBusinessAccountId", "metaAccessToken"] as const;
type MetaField = (typeof META_FIELDS)[number];

/** Webhooks are routed by phone number id, so one number belongs to one connection platform-wide. */
export async function assertPhoneNumberFree(
  tx: Tx,
  phoneNumberId: string | null | undefined,
  self: number | null,
) {
  if (!phoneNumberId) return;
  const other = await repo.unscopedFindMetaConnection(tx, "whatsappapi", phoneNumberId);
  if (other && other.id !== self) {
    throw new AppError("ERR_CONFLICT", { details: { field: "metaPhoneNumberId" } });
  }
}

/**
 * sendIdQueue, promptId and integrationId are global keys: without this check a connection could
 * point at another company's queue (the missed-queue redirect would move tickets into it), prompt
 * or integration. Another company's id answers 404 like a missing one.
 */
export async function assertOwnRefs(
  deps: Deps,
  companyId: number,
  input: {
    sendIdQueue?: number | null;
    promptId?: number | null;
    integrationId?: number | null;
    queueIdImportMessages?: number | null;
    flowIdWelcome?: number | null;
    flowIdNotPhrase?: number | null;
  },
) {
  await assertOwned(deps.db, companyId, {
    flow: [input.flowIdWelcome, input.flowIdNotPhrase],
    queue: [input.sendIdQueue, input.queueIdImportMessages],
    prompt: input.promptId,
    queueIntegration: input.integrationId,
  });
}

/**
 * A webhook URL that points at a private, loopback or metadata address is refused when saved
 * (ERR_URL_NOT_ALLOWED); deliveries check again, since DNS can change. A name that does not
 * resolve yet is accepted: its deliveries fail and retry.
 */
export async function assertFetchable(deps: Deps, url: string | null | undefined) {
  if (!url) return;
  await checkUrl(deps.fetchGuard, url).catch((err) => {
    if (err instanceof AppError && (err.details as { reason?: string })?.reason === "unresolvable") return;
    throw err;
  });
}

export function assertGreeting(
  queueIds: number[] | undefined,
  greeting: string | null | undefined,
  channel?: string,
) {
  // E-mail asks no menu by default: without a greeting its tickets take the first queue (queue step).
  if (channel === "email") return;
  if (queueIds && queueIds.length > 1 && !greeting?.trim()) throw new AppError("ERR_WAPP_GREETING_REQUIRED");
}

/** The import rules of spec 2 §5 on the stored row merged with a PUT's fields. */
export function assertImportFields(input: UpdateConnectionInput, current: repo.ConnectionRow) {
  const pick = <K extends "importOldMessages" | "importRecentMessages" | "queueIdImportMessages">(k: K) =>
    input[k] !== undefined ? input[k] : current[k];
  const changed = (k: "importOldMessages" | "importRecentMessages") =>
    input[k] !== undefined && input[k] !== current[k];
  const issues = importIssues(
    {
      importOldMessages: pick("importOldMessages"),
      importRecentMessages: pick("importRecentMessages"),
      queueIdImportMessages: pick("queueIdImportMessages"),
    },
    Date.now(),
    { oldRange: changed("importOldMessages"), recentRange: changed("importRecentMessages") },
  );
  if (issues.length) throw new AppError("ERR_VALIDATION", { details: issues });
}
