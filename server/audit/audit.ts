/**
 * The audit log's writer. Call `audit(tx, actor, entry)` INSIDE the write transaction of the
 * change it records, so the entry exists exactly when the change does:
 *
 *   await deps.database.write(async (tx) => {
 *     const [row] = await tx.update(plans).set(values).where(eq(plans.id, id)).returning();
 *     await audit(tx, actor, { action: "plan.update", entity: "plan", entityId: id,
 *       summary: row.name, diff: changes(before, values) });
 *   });
 *
 * Events that change nothing in our database (a failed login, an export, a session command that
 * talks to a provider) use `auditNow(deps, who, entry)`: its own short transaction.
 * Diffs never hold secrets: `changes`/`snapshot` mask every key that looks like one.
 */
import { auditLogs } from "@db/schema.ts";
import type { Tx } from "@db/client.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";

export type AuditEntry = {
  /** Dotted verb: `<entity>.<create|update|delete|…>`, e.g. `user.update`, `auth.login_failed`. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** A short human label of the record (its name), kept even after the record is gone. */
  summary?: string | null;
  diff?: Record<string, unknown> | null;
  /** The company whose log shows the entry; defaults to the actor's (the operator acting on a tenant passes it). */
  companyId?: number | null;
};

/** Who acted, when there is no signed-in actor (failed logins, logins before the session exists). */
export type AuditWho = {
  companyId: number | null;
  userId?: number | null;
  name?: string | null;
  email?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

/** Keys whose values never reach the log. */
const SECRET_KEY = /pass(word)?|secret|token|hash|apikey|api_key|accesskey|privatekey|recovery/i;
export const MASK = "••••";
const MAX_VALUE = 300;

function clip(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === "string") return v.length > MAX_VALUE ? v.slice(0, MAX_VALUE) + "…" : v;
  if (v === null || typeof v === "number" || typeof v === "boolean") return v;
  const s = JSON.stringify(v);
  return s.length > MAX_VALUE ? s.slice(0, MAX_VALUE) + "…" : v;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `{field: [before, after]}` for every field of `after` that is defined and differs from
 * `before`. Secret-looking keys (and `extraSecret` ones) appear as changed, never with values.
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  extraSecret: string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined || k === "updatedAt" || k === "createdAt") continue;
    const secret = SECRET_KEY.test(k) || extraSecret.includes(k);
    if (secret) {
      if (v !== null && v !== "") out[k] = [MASK, MASK];
      continue;
    }
    if (!same(before[k], v)) out[k] = [clip(before[k]), clip(v)];
  }
  return out;
}

/** The defined, non-secret fields of a created or deleted record. */
export function snapshot(rec: Record<string, unknown>, extraSecret: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) {
    if (v === undefined || v === null || k === "updatedAt" || k === "createdAt") continue;
    out[k] = SECRET_KEY.test(k) || extraSecret.includes(k) ? MASK : clip(v);
  }
  return out;
}

/** A chatbot option tree in a diff: how many options, not the tree. */
export function treeSize(tree: { options?: unknown[] }[] | undefined): string | undefined {
  if (!tree) return undefined;
  let n = 0;
  const walk = (t: { options?: unknown[] }[]) => {
    for (const o of t) {
      n++;
      if (Array.isArray(o.options)) walk(o.options as { options?: unknown[] }[]);
    }
  };
  walk(tree);
  return `${n} options`;
}

function whoOf(actor: Actor | AuditWho | null): AuditWho {
  if (!actor) return { companyId: null };
  if ("user" in actor) {
    // An API key: no user id; the log names the key.
    if (actor.apiKey) {
      return {
        companyId: actor.companyId,
        userId: null,
        name: `API key: ${actor.apiKey.name}`,
        email: null,
        ip: actor.ip,
        userAgent: actor.userAgent,
      };
    }
    return {
      companyId: actor.companyId,
      userId: actor.userId,
      name: actor.user.name,
      email: actor.user.email,
      ip: actor.ip,
      userAgent: actor.userAgent,
    };
  }
  return actor;
}

/** Writes one entry with the caller's transaction (see the file comment). */
export async function audit(tx: Tx, actor: Actor | AuditWho | null, entry: AuditEntry): Promise<void> {
  const who = whoOf(actor);
  const diff = entry.diff && Object.keys(entry.diff).length ? entry.diff : null;
  await tx.insert(auditLogs).values({
    companyId: entry.companyId !== undefined ? entry.companyId : who.companyId,
    userId: who.userId ?? null,
    userName: who.name?.slice(0, 200) ?? null,
    userEmail: who.email?.slice(0, 200) ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    summary: entry.summary?.slice(0, 300) ?? null,
    diff,
    ip: who.ip?.slice(0, 100) ?? null,
    userAgent: who.userAgent?.slice(0, 300) ?? null,
  });
}

/** An entry in its own short transaction, for events that have no write of their own. */
export async function auditNow(deps: Deps, actor: Actor | AuditWho | null, entry: AuditEntry): Promise<void> {
  await deps.database.write((tx) => audit(tx, actor, entry));
}
