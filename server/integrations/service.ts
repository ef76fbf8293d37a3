/**
 * AI prompts and queue integrations (spec 2 §2 prompts and integrations pages, §3, §5, §7): admin
 * CRUD behind the plan's useOpenAi / useIntegrations flags. The prompt's API key and Dialogflow's
 * service-account JSON are sealed at rest (deps.secrets) and only ever shown masked.
 */
import { and, asc, count, eq, like, or } from "drizzle-orm";
import { prompts, queueIntegrations, queues } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { downloadLimit } from "../channels/download.ts";
import { requireAdmin, requirePlan } from "../auth/permissions.ts";
import { assertOwned } from "../lib/owned.ts";
import { pageOf } from "../lib/paging.ts";
import { maskSecret, SecretBox } from "../lib/crypto.ts";
import { audit } from "../audit/audit.ts";
import type {
  CreateIntegrationInput,
  CreatePromptInput,
  ListQuery,
  UpdateIntegrationInput,
  UpdatePromptInput,
} from "./schemas.ts";

export type PromptRow = typeof prompts.$inferSelect;
export type IntegrationRow = typeof queueIntegrations.$inferSelect;

const PAGE = 20;
const MASK = "••••";

const gatePrompts = (a: Actor) => (requireAdmin(a), requirePlan(a.plan, "useOpenAi"));
const gateIntegrations = (a: Actor) => (requireAdmin(a), requirePlan(a.plan, "useIntegrations"));

/** "" or a masked echo of the stored secret means "keep it"; anything else replaces it. */
async function nextSecret(deps: Deps, incoming: string | undefined, stored: string | null) {
  if (incoming === undefined || incoming === "" || incoming.startsWith(MASK)) return stored;
  return await deps.secrets.seal(incoming);
}

const shown = async (deps: Deps, sealed: string | null) =>
  sealed ? maskSecret(SecretBox.isSealed(sealed) ? await deps.secrets.open(sealed) : sealed) || MASK : "";

// ---- prompts ---------------------------------------------------------------------------------

async function promptDTO(deps: Deps, row: PromptRow) {
  const [q] = row.queueId
    ? await deps.db.select({ id: queues.id, name: queues.name }).from(queues).where(
      eq(queues.id, row.queueId),
    )
    : [];
  return {
    ...row,
    apiKey: await shown(deps, row.apiKey),
    hasApiKey: !!row.apiKey,
    voiceKey: await shown(deps, row.voiceKey),
    fileUrl: row.fileNameIA ? await deps.media.signedUrl(row.fileNameIA) : null,
    queue: q ?? null,
  };
}

export async function getPrompt(deps: Deps, companyId: number, id: number): Promise<PromptRow> {
  const [row] = await deps.db.select().from(prompts).where(
    and(eq(prompts.companyId, companyId), eq(prompts.id, id)),
  );
  if (!row) throw notFound("prompt");
  return row;
}

export async function listPrompts(deps: Deps, actor: Actor, q: ListQuery) {
  gatePrompts(actor);
  const where = and(
    eq(prompts.companyId, actor.companyId),
    q.searchParam ? like(prompts.name, `%${q.searchParam}%`) : undefined,
  );
  const rows = await deps.db.select().from(prompts).where(where).orderBy(asc(prompts.name));
  const dtos = await Promise.all(rows.map((r) => promptDTO(deps, r)));
  return { prompts: dtos, count: dtos.length, hasMore: false };
}

export async function showPrompt(deps: Deps, actor: Actor, id: number) {
  gatePrompts(actor);
  return await promptDTO(deps, await getPrompt(deps, actor.companyId, id));
}

/** Spec 2 §5: jpeg, png, pdf, xls, xlsx or txt. */
const PROMPT_FILE = /\.(jpe?g|png|pdf|xlsx?|txt)$/i;
export const BAD_PROMPT_FILE = "Formato de archivo no válido. Use: JPG, PNG, PDF, Excel o TXT";

async function savePromptFile(
  deps: Deps,
  companyId: number,
  file: File | undefined,
): Promise<string | undefined> {
  if (!file) return undefined;
  if (!PROMPT_FILE.test(file.name)) {
    throw new AppError("ERR_VALIDATION", {
      message: BAD_PROMPT_FILE,
      details: [{ path: "file", message: BAD_PROMPT_FILE }],
    });
  }
  return (await deps.media.save(companyId, "prompts", file, { maxBytes: await downloadLimit(deps) })).path;
}

export async function createPrompt(deps: Deps, actor: Actor, input: CreatePromptInput, file?: File) {
  gatePrompts(actor);
  await assertOwned(deps.db, actor.companyId, { queue: input.queueId });
  const fileNameIA = await savePromptFile(deps, actor.companyId, file);
  const apiKey = await nextSecret(deps, input.apiKey, null);
  const voiceKey = await nextSecret(deps, input.voiceKey, null);
  const row = await deps.database.write(async (tx) => {
    const [row] = await tx.insert(prompts)
      .values({ ...input, companyId: actor.companyId, apiKey, voiceKey, fileNameIA: fileNameIA ?? null })
      .returning();
    await audit(tx, actor, {
      action: "prompt.create",
      entity: "prompt",
      entityId: row.id,
      summary: row.name,
    });
    return row;
  });
  return await announcePrompt(deps, "create", row);
}

export async function updatePrompt(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdatePromptInput,
  file?: File,
) {
  gatePrompts(actor);
  const before = await getPrompt(deps, actor.companyId, id);
  await assertOwned(deps.db, actor.companyId, { queue: input.queueId });
  const fileNameIA = await savePromptFile(deps, actor.companyId, file);
  const apiKey = await nextSecret(deps, input.apiKey, before.apiKey);
  const voiceKey = await nextSecret(deps, input.voiceKey, before.voiceKey);
  const row = await deps.database.write(async (tx) => {
    const [row] = await tx.update(prompts).set({
      ...input,
      apiKey,
      voiceKey,
      ...(fileNameIA ? { fileNameIA } : {}),
      updatedAt: new Date().toISOString(),
    })
      .where(and(eq(prompts.companyId, actor.companyId), eq(prompts.id, id))).returning();
    await audit(tx, actor, { action: "prompt.update", entity: "prompt", entityId: id, summary: row.name });
    return row;
  });
  return await announcePrompt(deps, "update", row);
}

export async function deletePrompt(deps: Deps, actor: Actor, id: number) {
  gatePrompts(actor);
  const row = await getPrompt(deps, actor.companyId, id);
  await deps.database.write(async (tx) => {
    await tx.delete(prompts).where(and(eq(prompts.companyId, actor.companyId), eq(prompts.id, id)));
    await audit(tx, actor, { action: "prompt.delete", entity: "prompt", entityId: id, summary: row.name });
  });
  await deps.media.removeOwned(actor.companyId, [row.fileNameIA]);
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "prompt", action: "delete", id });
  return { message: "Prompt deleted" };
}

async function announcePrompt(deps: Deps, action: "create" | "update", row: PromptRow) {
  const dto = await promptDTO(deps, row);
  deps.bus.emit("entity.changed", { companyId: row.companyId, entity: "prompt", action, record: dto });
  return dto;
}

// ---- queue integrations ----------------------------------------------------------------------

/** n8n, webhook, typebot and flowbuilder: projectName is the name (spec 2 §5). */
const projectNameOf = (type: string, name: string, projectName?: string | null) =>
  type === "dialogflow" ? projectName ?? null : name;

async function integrationDTO(deps: Deps, row: IntegrationRow) {
  return { ...row, jsonContent: await shown(deps, row.jsonContent), hasJsonContent: !!row.jsonContent };
}

export async function getIntegration(deps: Deps, companyId: number, id: number): Promise<IntegrationRow> {
  const [row] = await deps.db.select().from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
  if (!row) throw notFound("queueIntegration");
  return row;
}

export async function listIntegrations(deps: Deps, actor: Actor, q: ListQuery) {
  gateIntegrations(actor);
  const page = pageOf(q.pageNumber, PAGE);
  const s = q.searchParam ? `%${q.searchParam}%` : undefined;
  const where = and(
    eq(queueIntegrations.companyId, actor.companyId),
    s ? or(like(queueIntegrations.name, s), like(queueIntegrations.projectName, s)) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    deps.db.select().from(queueIntegrations).where(where).orderBy(asc(queueIntegrations.name))
      .limit(page.limit).offset(page.offset),
    deps.db.select({ n: count() }).from(queueIntegrations).where(where),
  ]);
  return {
    queueIntegrations: await Promise.all(rows.map((r) => integrationDTO(deps, r))),
    count: n,
    hasMore: page.hasMore(n),
  };
}

export async function showIntegration(deps: Deps, actor: Actor, id: number) {
  gateIntegrations(actor);
  return await integrationDTO(deps, await getIntegration(deps, actor.companyId, id));
}

export async function createIntegration(deps: Deps, actor: Actor, input: CreateIntegrationInput) {
  gateIntegrations(actor);
  const jsonContent = await nextSecret(deps, input.jsonContent, null);
  const row = await deps.database.write(async (tx) => {
    const [row] = await tx.insert(queueIntegrations).values({
      ...input,
      companyId: actor.companyId,
      jsonContent,
      projectName: projectNameOf(input.type, input.name, input.projectName),
    }).returning();
    await audit(tx, actor, {
      action: "queueIntegration.create",
      entity: "queueIntegration",
      entityId: row.id,
      summary: row.name,
    });
    return row;
  });
  return await announceIntegration(deps, "create", row);
}

export async function updateIntegration(deps: Deps, actor: Actor, id: number, input: UpdateIntegrationInput) {
  gateIntegrations(actor);
  const before = await getIntegration(deps, actor.companyId, id);
  const jsonContent = await nextSecret(deps, input.jsonContent, before.jsonContent);
  const type = input.type ?? before.type, name = input.name ?? before.name;
  const row = await deps.database.write(async (tx) => {
    const [row] = await tx.update(queueIntegrations).set({
      ...input,
      jsonContent,
      projectName: projectNameOf(type, name, input.projectName ?? before.projectName),
      updatedAt: new Date().toISOString(),
    }).where(and(eq(queueIntegrations.companyId, actor.companyId), eq(queueIntegrations.id, id))).returning();
    await audit(tx, actor, {
      action: "queueIntegration.update",
      entity: "queueIntegration",
      entityId: id,
      summary: row.name,
    });
    return row;
  });
  return await announceIntegration(deps, "update", row);
}

export async function deleteIntegration(deps: Deps, actor: Actor, id: number) {
  gateIntegrations(actor);
  const row = await getIntegration(deps, actor.companyId, id);
  await deps.database.write(async (tx) => {
    await tx.delete(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, actor.companyId), eq(queueIntegrations.id, id)));
    await audit(tx, actor, {
      action: "queueIntegration.delete",
      entity: "queueIntegration",
      entityId: id,
      summary: row.name,
    });
  });
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "queueIntegration",
    action: "delete",
    id,
  });
  return { message: "Integration deleted" };
}

async function announceIntegration(deps: Deps, action: "create" | "update", row: IntegrationRow) {
  const dto = await integrationDTO(deps, row);
  deps.bus.emit("entity.changed", {
    companyId: row.companyId,
    entity: "queueIntegration",
    action,
    record: dto,
  });
  return dto;
}

/** Opens a sealed secret column (the runtime's read). */
export const openSecret = async (deps: Deps, sealed: string | null) =>
  sealed ? await deps.secrets.open(sealed) : "";
