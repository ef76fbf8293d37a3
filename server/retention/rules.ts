/**
 * Retention rules: a plan's rule, and a company's rule that overrides it field by field (a null
 * field of the company's rule means "as the plan says"; a null field of the plan's, "keep for
 * ever"). The operator reads them with what the job removed and sets them (routes.ts).
 */
import { asc, eq } from "drizzle-orm";
import { companies, plans, retentionRules, retentionStats } from "@db/schema.ts";
import type { RetentionOverviewDTO, RetentionRule } from "@contract/data_rules.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/actor.ts";
import { AppError } from "../lib/errors.ts";
import { audit, changes } from "../audit/audit.ts";

type RuleRow = typeof retentionRules.$inferSelect;
export const NO_RULE: RetentionRule = {
  messagesMonths: null,
  mediaOnly: null,
  closedMediaDays: null,
  auditDays: null,
};

const ruleOf = (r: RuleRow | undefined): RetentionRule | null =>
  r
    ? {
      messagesMonths: r.messagesMonths,
      mediaOnly: r.mediaOnly,
      closedMediaDays: r.closedMediaDays,
      auditDays: r.auditDays,
    }
    : null;

export function effectiveRule(plan: RetentionRule | null, company: RetentionRule | null): RetentionRule {
  const p = plan ?? NO_RULE;
  const c = company ?? NO_RULE;
  return {
    messagesMonths: c.messagesMonths ?? p.messagesMonths,
    mediaOnly: c.mediaOnly ?? p.mediaOnly,
    closedMediaDays: c.closedMediaDays ?? p.closedMediaDays,
    auditDays: c.auditDays ?? p.auditDays,
  };
}

/** Every company with its rule in force (the job's input). */
export async function companiesWithRules(
  deps: Deps,
): Promise<
  { id: number; name: string; planId: number; rule: RetentionRule | null; effective: RetentionRule }[]
> {
  const rules = await deps.db.select().from(retentionRules);
  const byPlan = new Map(rules.filter((r) => r.planId !== null).map((r) => [r.planId!, ruleOf(r)]));
  const byCompany = new Map(rules.filter((r) => r.companyId !== null).map((r) => [r.companyId!, ruleOf(r)]));
  const rows = await deps.db.select({ id: companies.id, name: companies.name, planId: companies.planId })
    .from(companies).orderBy(asc(companies.id));
  return rows.map((c) => {
    const rule = byCompany.get(c.id) ?? null;
    return { ...c, rule, effective: effectiveRule(byPlan.get(c.planId) ?? null, rule) };
  });
}

export async function retentionOverview(deps: Deps): Promise<RetentionOverviewDTO> {
  const rules = await deps.db.select().from(retentionRules);
  const planRows = await deps.db.select({ id: plans.id, name: plans.name }).from(plans).orderBy(
    asc(plans.id),
  );
  const stats = new Map((await deps.db.select().from(retentionStats)).map((s) => [s.companyId, s]));
  return {
    plans: planRows.map((p) => ({ ...p, rule: ruleOf(rules.find((r) => r.planId === p.id)) })),
    companies: (await companiesWithRules(deps)).map((c) => {
      const s = stats.get(c.id);
      return {
        ...c,
        counts: {
          messagesDeleted: s?.messagesDeleted ?? 0,
          mediaDeleted: s?.mediaDeleted ?? 0,
          auditDeleted: s?.auditDeleted ?? 0,
          lastRunAt: s?.lastRunAt ?? null,
        },
      };
    }),
  };
}

/** Sets (or, all fields null, removes) the rule of a plan or a company. */
export async function setRule(
  deps: Deps,
  actor: Actor,
  target: { planId: number } | { companyId: number },
  input: RetentionRule,
): Promise<RetentionRule | null> {
  const isPlan = "planId" in target;
  const id = isPlan ? target.planId : target.companyId;
  const [exists] = isPlan
    ? await deps.db.select({ id: plans.id }).from(plans).where(eq(plans.id, id))
    : await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  if (!exists) throw new AppError("ERR_NOT_FOUND");
  const empty = Object.values(input).every((v) => v === null);
  const where = isPlan ? eq(retentionRules.planId, id) : eq(retentionRules.companyId, id);
  return await deps.database.write(async (tx) => {
    const [before] = await tx.select().from(retentionRules).where(where);
    if (empty) await tx.delete(retentionRules).where(where);
    else if (before) {
      await tx.update(retentionRules).set({ ...input, updatedAt: deps.clock.now().toISOString() }).where(
        where,
      );
    } else {await tx.insert(retentionRules).values({
        ...input,
        ...(isPlan ? { planId: id } : { companyId: id }),
      });}
    await audit(tx, actor, {
      action: "retention.update",
      entity: "retention",
      entityId: id,
      summary: isPlan ? `plan ${id}` : `company ${id}`,
      diff: changes(ruleOf(before) ?? NO_RULE, input),
      ...(isPlan ? {} : { companyId: id }),
    });
    return empty ? null : input;
  });
}
