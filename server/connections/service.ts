/**
 * Connections (spec 2 §2–§5): the company's lines. Creating one starts it through its channel
 * adapter; the answer carries its 30-character token (external API and api-channel bearer).
 */
import { and, eq, ne } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, isUniqueViolation } from "../lib/errors.ts";
import { randomString } from "../lib/crypto.ts";
import { type PlanFlag, requirePermission, requirePlan, requireWithinLimit } from "../auth/permissions.ts";
import { adapterFor, hasAdapter } from "../channels/registry.ts";
import { telegramFields } from "../channels/telegram/connect.ts";
import { emailFields } from "../channels/email/connect.ts";
import * as repo from "./repo.ts";
import { evict } from "../caches.ts";
import { audit, changes, snapshot } from "../audit/audit.ts";
import { automationIssues, type CreateConnectionInput, type UpdateConnectionInput } from "./schemas.ts";
import { type ConnectionDTO, dtos, one } from "./dto.ts";
import {
  assertFetchable,
  assertGreeting,
  assertImportFields,
  assertOwnRefs,
  assertPhoneNumberFree,
  metaFields,
  webchatFields,
} from "./input.ts";

export type { ConnectionDTO } from "./dto.ts";

const PLAN_FLAG: Record<string, PlanFlag | null> = {
  whatsapp: "useWhatsapp",
  whatsappapi: "useWhatsapp",
  facebook: "useFacebook",
  instagram: "useInstagram",
  api: null,
  webchat: null,
  telegram: "useTelegram",
  email: null,
};

/** Fields whose change makes the channel connect again (webhook target, Cloud API credentials). */
const RECONNECT_ON: Partial<Record<string, (keyof repo.ConnectionRow)[]>> = {
  api: ["webhookUrl"],
  whatsappapi: ["metaPhoneNumberId", "metaAccessToken"],
  telegram: ["telegramToken"],
  email: ["emailSettings", "emailSecret"],
};

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

export async function createConnection(
  deps: Deps,
  actor: Actor,
  input: CreateConnectionInput,
): Promise<ConnectionDTO> {
  requirePermission(actor, "connections-page:addConnection");
  const flag = PLAN_FLAG[input.channel];
  if (flag) requirePlan(actor.plan, flag);
  assertGreeting(input.queueIds, input.greetingMessage, input.channel);
  await assertOwnRefs(deps, actor.companyId, input);
  await assertFetchable(deps, input.webhookUrl);
  const { queueIds, ...rest } = input;
  const fields = webchatFields(
    input.channel,
    await emailFields(
      deps,
      input.channel,
      await telegramFields(deps, input.channel, await metaFields(deps, input.channel, rest), true),
      null,
    ),
    null,
  );
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
    current.channel,
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
  const fields = webchatFields(
    current.channel,
    await emailFields(
      deps,
      current.channel,
      await telegramFields(deps, current.channel, await metaFields(deps, current.channel, rest), false),
      current,
    ),
    current,
  );
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
    const adapter = adapterFor(row.channel);
    await adapter.replaced?.(deps, current, row);
    await adapter.connect(deps, row);
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
