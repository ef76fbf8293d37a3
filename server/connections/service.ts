/**
 * Connections (spec 2 §2–§5): the company's lines. Creating one starts it through its channel
 * adapter; the answer carries its 30-character token (external API and api-channel bearer).
 */
import { and, eq, ne } from "drizzle-orm";
import { type WebchatConfig, whatsapps } from "@db/schema.ts";
import { mergeWebchat } from "../webchat/config.ts";
import type { Deps } from "../deps.ts";
import type { Tx } from "@db/client.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, isUniqueViolation } from "../lib/errors.ts";
import { checkUrl } from "../lib/safe_fetch.ts";
import { assertOwned } from "../lib/owned.ts";
import { randomString } from "../lib/crypto.ts";
import {
  can,
  type PlanFlag,
  requirePermission,
  requirePlan,
  requireWithinLimit,
} from "../auth/permissions.ts";
import { adapterFor, hasAdapter } from "../channels/registry.ts";
import * as repo from "./repo.ts";
import { withoutSecrets } from "./status.ts";
import { evict } from "../caches.ts";
import { audit, changes, snapshot } from "../audit/audit.ts";
import {
  automationIssues,
  type CreateConnectionInput,
  importIssues,
  type UpdateConnectionInput,
} from "./schemas.ts";

const PLAN_FLAG: Record<string, PlanFlag | null> = {
  whatsapp: "useWhatsapp",
  whatsappapi: "useWhatsapp",
  facebook: "useFacebook",
  instagram: "useInstagram",
  api: null,
  webchat: null,
};

/** Fields whose change makes the channel connect again (webhook target, Cloud API credentials). */
const RECONNECT_ON: Partial<Record<string, (keyof repo.ConnectionRow)[]>> = {
  api: ["webhookUrl"],
  whatsappapi: ["metaPhoneNumberId", "metaAccessToken"],
};

export type ConnectionDTO = Omit<repo.ConnectionRow, "token" | "metaAccessToken"> & {
  token?: string;
  queues: { id: number; name: string; color: string }[];
};

async function dtos(deps: Deps, actor: Actor, rows: repo.ConnectionRow[]): Promise<ConnectionDTO[]> {
  const qs = await repo.queuesOfConnections(deps.db, actor.companyId, rows.map((r) => r.id));
  const showToken = can(actor, "connections-page:editOrDeleteConnection");
  return rows.map((r) => ({
    ...withoutSecrets(r),
    ...(showToken ? { token: r.token } : {}),
    queues: (qs.get(r.id) ?? []).map(({ id, name, color }) => ({ id, name, color })),
  }));
}

const one = async (deps: Deps, actor: Actor, row: repo.ConnectionRow) => (await dtos(deps, actor, [row]))[0];

/**
 * The Cloud API fields: kept only for whatsappapi connections, the access token sealed at rest
 * (undefined leaves the stored one, null clears it).
 */
async function metaFields<T extends Partial<Record<MetaField, string | null>>>(
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
function webchatFields<T extends { webchat?: Partial<WebchatConfig> | null }>(
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
async function assertPhoneNumberFree(tx: Tx, phoneNumberId: string | null | undefined, self: number | null) {
  if (!phoneNumberId) return;
  const other = await repo.unscopedFindMetaConnection(tx, "whatsappapi", phoneNumberId);
  if (other && other.id !== self) {
    throw new AppError("ERR_CONFLICT", { details: { field: "metaPhoneNumberId" } });
  }
}

export async function listConnections(deps: Deps, actor: Actor): Promise<ConnectionDTO[]> {
  return await dtos(deps, actor, await repo.listConnections(deps.db, actor.companyId));
}

/** GET /whatsapp/filter (spec 1 §7): the company's connections, optionally of one channel. */
export async function filterConnections(
  deps: Deps,
  actor: Actor,
  channel?: string,
): Promise<ConnectionDTO[]> {
  const rows = await repo.listConnections(deps.db, actor.companyId);
  return await dtos(deps, actor, channel ? rows.filter((r) => r.channel === channel) : rows);
}

export async function showConnection(deps: Deps, actor: Actor, id: number): Promise<ConnectionDTO> {
  return await one(deps, actor, await repo.getConnection(deps.db, actor.companyId, id));
}

/**
 * sendIdQueue, promptId and integrationId are global keys: without this check a connection could
 * point at another company's queue (the missed-queue redirect would move tickets into it), prompt
 * or integration. Another company's id answers 404 like a missing one.
 */
async function assertOwnRefs(
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
async function assertFetchable(deps: Deps, url: string | null | undefined) {
  if (!url) return;
  await checkUrl(deps.fetchGuard, url).catch((err) => {
    if (err instanceof AppError && (err.details as { reason?: string })?.reason === "unresolvable") return;
    throw err;
  });
}

function assertGreeting(queueIds: number[] | undefined, greeting: string | null | undefined) {
  if (queueIds && queueIds.length > 1 && !greeting?.trim()) throw new AppError("ERR_WAPP_GREETING_REQUIRED");
}

export async function createConnection(
  deps: Deps,
  actor: Actor,
  input: CreateConnectionInput,
): Promise<ConnectionDTO> {
  requirePermission(actor, "connections-page:addConnection");
  const flag = PLAN_FLAG[input.channel];
  if (flag) requirePlan(actor.plan, flag);
  assertGreeting(input.queueIds, input.greetingMessage);
  await assertOwnRefs(deps, actor.companyId, input);
  await assertFetchable(deps, input.webhookUrl);
  const { queueIds, ...rest } = input;
  const fields = webchatFields(input.channel, await metaFields(deps, input.channel, rest), null);
  if (input.channel === "whatsappapi" && (!fields.metaPhoneNumberId || !fields.metaAccessToken)) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "metaPhoneNumberId", message: "metaPhoneNumberId and metaAccessToken are required" }],
    });
  }
  const row = await deps.database.write(async (tx) => {
    requireWithinLimit(actor.plan, "connections", await repo.countConnections(tx, actor.companyId));
    await assertPhoneNumberFree(tx, fields.metaPhoneNumberId, null);
    const isDefault = input.isDefault || !(await repo.defaultConnection(tx, actor.companyId));
    if (isDefault) {
      await tx.update(whatsapps).set({ isDefault: false }).where(eq(whatsapps.companyId, actor.companyId));
    }
    const [row] = await tx.insert(whatsapps).values({
      ...fields,
      companyId: actor.companyId,
      isDefault,
      token: randomString(30),
      status: "DISCONNECTED",
    }).returning().catch((err) => {
      throw isUniqueViolation(err, "name")
        ? new AppError("ERR_CONFLICT", { details: { field: "name" } })
        : err;
    });
    await repo.setConnectionQueues(tx, actor.companyId, row.id, queueIds);
    await audit(tx, actor, {
      action: "connection.create",
      entity: "connection",
      entityId: row.id,
      summary: row.name,
      diff: snapshot({ ...fields, isDefault, queueIds }),
    });
    return row;
  });
  if (hasAdapter(row.channel)) await adapterFor(row.channel).connect(deps, row);
  const dto = await showConnection(deps, actor, row.id);
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "whatsapp",
    action: "create",
    record: dto,
  });
  return dto;
}

/** The import rules of spec 2 §5 on the stored row merged with a PUT's fields. */
function assertImportFields(input: UpdateConnectionInput, current: repo.ConnectionRow) {
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

export async function updateConnection(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateConnectionInput,
): Promise<ConnectionDTO> {
  requirePermission(actor, "connections-page:editOrDeleteConnection");
  const current = await repo.getConnection(deps.db, actor.companyId, id);
  const currentQueues = (await repo.queuesOfConnections(deps.db, actor.companyId, [id])).get(id) ?? [];
  // An explicit null clears the greeting, so it must not fall back to the stored one (`??` did).
  assertGreeting(
    input.queueIds ?? currentQueues.map((q) => q.id),
    input.greetingMessage !== undefined ? input.greetingMessage : current.greetingMessage,
  );
  if (input.isDefault === false && current.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP");
  assertImportFields(input, current);
  const merged = {
    ...current,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  };
  const ruleIssues = automationIssues(merged);
  if (ruleIssues.length) throw new AppError("ERR_VALIDATION", { details: ruleIssues });
  await assertOwnRefs(deps, actor.companyId, input);
  await assertFetchable(deps, input.webhookUrl);
  const { queueIds, ...rest } = input;
  const fields = webchatFields(current.channel, await metaFields(deps, current.channel, rest), current);
  const row = await deps.database.write(async (tx) => {
    await assertPhoneNumberFree(tx, fields.metaPhoneNumberId, id);
    if (input.isDefault) {
      await tx.update(whatsapps).set({ isDefault: false })
        .where(and(eq(whatsapps.companyId, actor.companyId), ne(whatsapps.id, id)));
    }
    const [row] = await tx.update(whatsapps).set({ ...fields, updatedAt: new Date().toISOString() })
      .where(and(eq(whatsapps.companyId, actor.companyId), eq(whatsapps.id, id))).returning();
    if (queueIds) await repo.setConnectionQueues(tx, actor.companyId, id, queueIds);
    await audit(tx, actor, {
      action: "connection.update",
      entity: "connection",
      entityId: id,
      summary: row.name,
      diff: changes({ ...current, queueIds: currentQueues.map((q) => q.id) }, { ...fields, queueIds }),
    });
    return row;
  });
  evict(deps.caches, { kind: "connections", companyId: actor.companyId });
  if (RECONNECT_ON[row.channel]?.some((k) => row[k] !== current[k]) && hasAdapter(row.channel)) {
    await adapterFor(row.channel).connect(deps, row);
  }
  const dto = await showConnection(deps, actor, id);
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "whatsapp",
    action: "update",
    record: dto,
  });
  return dto;
}

/** Deleting the default connection hands the default to the oldest remaining one. */
export async function deleteConnection(deps: Deps, actor: Actor, id: number): Promise<void> {
  requirePermission(actor, "connections-page:editOrDeleteConnection");
  const current = await repo.getConnection(deps.db, actor.companyId, id);
  if (hasAdapter(current.channel)) {
    await adapterFor(current.channel).disconnect(deps, current).catch(() => undefined);
  }
  const promoted = await deps.database.write(async (tx) => {
    await tx.delete(whatsapps).where(and(eq(whatsapps.companyId, actor.companyId), eq(whatsapps.id, id)));
    await audit(tx, actor, {
      action: "connection.delete",
      entity: "connection",
      entityId: id,
      summary: current.name,
      diff: snapshot({ name: current.name, channel: current.channel, number: current.number }),
    });
    if (!current.isDefault) return null;
    const [next] = await tx.select({ id: whatsapps.id }).from(whatsapps)
      .where(eq(whatsapps.companyId, actor.companyId)).orderBy(whatsapps.id).limit(1);
    if (next) await tx.update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, next.id));
    return next?.id ?? null;
  });
  // Its token stops working at once here; the event's listener also tells the other instances.
  evict(deps.caches, { kind: "connections", companyId: actor.companyId });
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "whatsapp", action: "delete", id });
  // The promoted connection changed too; without this event open connection lists kept no default.
  if (promoted) {
    deps.bus.emit("entity.changed", {
      companyId: actor.companyId,
      entity: "whatsapp",
      action: "update",
      record: await showConnection(deps, actor, promoted),
    });
  }
}

/**
 * A new 30-character token for the connection: the old one stops working at once (the cached
 * token lookup is evicted on every instance through the entity event). The answer carries the
 * new token, shown once by the web app.
 */
export async function rotateToken(deps: Deps, actor: Actor, id: number): Promise<ConnectionDTO> {
  requirePermission(actor, "connections-page:editOrDeleteConnection");
  const current = await repo.getConnection(deps.db, actor.companyId, id);
  await deps.database.write(async (tx) => {
    await tx.update(whatsapps).set({ token: randomString(30), updatedAt: new Date().toISOString() })
      .where(and(eq(whatsapps.companyId, actor.companyId), eq(whatsapps.id, id)));
    await audit(tx, actor, {
      action: "connection.token_rotate",
      entity: "connection",
      entityId: id,
      summary: current.name,
    });
  });
  evict(deps.caches, { kind: "connections", companyId: actor.companyId });
  const dto = await showConnection(deps, actor, id);
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "whatsapp",
    action: "update",
    record: dto,
  });
  return dto;
}
