/**
 * The operator's companies admin (spec 3 §2, §3 Company, §4): list with search and paging,
 * create (with its first admin), edit, renew, activate/deactivate, delete in the background.
 * Every change evicts the company's cached sessions, so status, plan and due date apply at once.
 */
import { and, eq, ne } from "drizzle-orm";
import { companies, invoices, plans, users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor, PlanRow } from "../lib/context.ts";
import { audit, changes, snapshot } from "../audit/audit.ts";
import { AppError, isUniqueViolation, notFound } from "../lib/errors.ts";
import { requireSuper } from "../auth/permissions.ts";
import { hashPassword } from "../lib/crypto.ts";
import { todayIn } from "../lib/time.ts";
import { pageOf } from "../lib/paging.ts";
import { invalidate } from "../caches.ts";
import { writeSettings } from "../settings/repo.ts";
import { companyDefaults, PLATFORM_COMPANY_ID } from "../settings/registry.ts";
import { enqueue } from "../jobs/queue.ts";
import { addMonths, monthsOf, nextDueDate } from "../billing/periods.ts";
import { type CompanyDTO, companyDTO } from "./dto.ts";
import { getCompanyWithPlan, searchCompanies } from "./repo.ts";
import type { CreateCompanyInput, ListCompaniesQuery, UpdateCompanyInput } from "./schemas.ts";
import { PURGE_JOB } from "./purge.ts";
import { payInvoice } from "../billing/payments.ts";

function saveError(err: unknown): never {
  if (isUniqueViolation(err, "users.email")) throw new AppError("ERR_EMAIL_IN_USE");
  if (isUniqueViolation(err, "companies.name")) {
    throw new AppError("ERR_CONFLICT", { details: { field: "name" } });
  }
  throw err;
}

async function planOrThrow(deps: Deps, planId: number): Promise<PlanRow> {
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw new AppError("ERR_VALIDATION", { details: [{ path: "planId", message: "unknown plan" }] });
  return plan;
}

export async function loadCompanyDTO(deps: Deps, companyId: number): Promise<CompanyDTO> {
  const { company, plan } = await getCompanyWithPlan(deps.db, companyId);
  return companyDTO(company, plan);
}

/** GET /companies and /companiesPlan: `{companies, count, hasMore}`, page size 5 by default (spec 3 §9). */
export async function listCompanies(deps: Deps, actor: Actor, q: ListCompaniesQuery) {
  requireSuper(actor);
  const page = pageOf(q.pageNumber, q.pageSize ?? 5);
  const { rows, count } = await searchCompanies(deps.db, q.searchParam, page);
  return { companies: rows.map((r) => companyDTO(r.company, r.plan)), count, hasMore: page.hasMore(count) };
}

/** GET /companies/list: every company (the operator's selects). */
export async function listAllCompanies(deps: Deps, actor: Actor): Promise<CompanyDTO[]> {
  requireSuper(actor);
  const { rows } = await searchCompanies(deps.db, "", { limit: 10_000, offset: 0 });
  return rows.map((r) => companyDTO(r.company, r.plan));
}

/** GET /companies/{id}: the operator any company, anyone else only his own (another id is 404). */
export async function showCompany(deps: Deps, actor: Actor, id: number): Promise<CompanyDTO> {
  if (!actor.user.super && id !== actor.companyId) throw notFound("company");
  return await loadCompanyDTO(deps, id);
}

/** GET /companies/listPlan/{id}: the company with its whole plan (flags and limits). */
export async function companyPlan(deps: Deps, actor: Actor, id: number) {
  if (!actor.user.super && id !== actor.companyId) throw notFound("company");
  const { company, plan } = await getCompanyWithPlan(deps.db, id);
  return { ...companyDTO(company, plan), plan };
}

export async function createCompany(
  deps: Deps,
  actor: Actor,
  input: CreateCompanyInput,
): Promise<CompanyDTO> {
  requireSuper(actor);
  const plan = await planOrThrow(deps, input.planId);
  const { password, passwordDefault, status, recurrence, dueDate, timezone, ...rest } = input;
  const passwordHash = await hashPassword((password ?? passwordDefault)!);
  const tz = timezone || "America/Sao_Paulo";
  const rec = recurrence ??
    (monthsOf(plan.recurrence) > 0 && plan.recurrence !== "Day" ? plan.recurrence : "MENSAL");
  const due = dueDate ?? addMonths(todayIn(deps.clock.now(), tz), monthsOf(rec));
  const id = await deps.database.write(async (tx) => {
    const [company] = await tx.insert(companies).values({
      ...rest,
      status: status ?? true,
      recurrence: rec,
      dueDate: due,
      timezone: tz,
    }).returning();
    await writeSettings(tx, company.id, companyDefaults());
    // In the operator's log and in the new company's own.
    await audit(tx, actor, {
      action: "company.create",
      entity: "company",
      entityId: company.id,
      summary: company.name,
      diff: snapshot(company),
      companyId: company.id,
    });
    await tx.insert(users).values({
      companyId: company.id,
      name: "Admin",
      email: input.email,
      passwordHash,
      profile: "admin",
    });
    return company.id;
  }).catch(saveError);
  invalidate(deps, { kind: "company", companyId: id });
  const dto = await loadCompanyDTO(deps, id);
  deps.bus.emit("company.changed", { action: "create", company: dto });
  return dto;
}

export async function updateCompany(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateCompanyInput,
): Promise<CompanyDTO> {
  requireSuper(actor);
  if (input.planId !== undefined) await planOrThrow(deps, input.planId);
  if (id === PLATFORM_COMPANY_ID && input.status === false) {
    throw new AppError("ERR_NO_PERMISSION", {
      details: { reason: "the operator's company cannot be deactivated" },
    });
  }
  const { timezone, ...rest } = input;
  const set = { ...rest, ...(timezone ? { timezone } : {}), updatedAt: deps.clock.now().toISOString() };
  const [row] = await deps.database.write(async (tx) => {
    const [before] = await tx.select().from(companies).where(eq(companies.id, id));
    if (!before) return [];
    const [after] = await tx.update(companies).set(set).where(eq(companies.id, id)).returning();
    await audit(tx, actor, {
      action: "company.update",
      entity: "company",
      entityId: id,
      summary: after.name,
      diff: changes(before, after),
      companyId: id,
    });
    return [after];
  }).catch(saveError);
  if (!row) throw notFound("company");
  invalidate(deps, { kind: "company", companyId: id });
  const dto = await loadCompanyDTO(deps, id);
  deps.bus.emit("company.changed", { action: "update", company: dto });
  return dto;
}

/**
 * The renewal button: one period (the company's recurrence) past its due date, or past today
 * when it already lapsed, so a late renewal still buys a whole period. An unpaid invoice for the
 * current due date is settled by it (paid outside the platform), through the same path as a payment.
 */
export async function renewCompany(deps: Deps, actor: Actor, id: number): Promise<CompanyDTO> {
  requireSuper(actor);
  const { company } = await getCompanyWithPlan(deps.db, id);
  const [open] = company.dueDate
    ? await deps.db.select({ id: invoices.id }).from(invoices).where(and(
      eq(invoices.companyId, id),
      eq(invoices.dueDate, company.dueDate),
      ne(invoices.status, "paid"),
    )).limit(1)
    : [];
  if (open) {
    const r = await payInvoice(deps, {
      companyId: id,
      invoiceId: open.id,
      txid: `renewal-${actor.userId}`,
      event: { provider: "renewal", eventId: `${open.id}`, type: "company.renewed" },
    });
    if (r === "paid") return await loadCompanyDTO(deps, id);
  }
  const dueDate = nextDueDate(
    company.dueDate,
    company.recurrence,
    todayIn(deps.clock.now(), company.timezone),
  );
  return await updateCompany(deps, actor, id, { dueDate, status: true });
}

/**
 * DELETE /companies/{id}: the company is switched off at once (its sessions stop working) and a
 * durable job removes its rows and files in batches, announcing progress to the operator.
 */
export async function deleteCompany(deps: Deps, actor: Actor, id: number): Promise<void> {
  requireSuper(actor);
  if (id === PLATFORM_COMPANY_ID || id === actor.companyId) throw new AppError("ERR_NO_PERMISSION");
  await deps.database.write(async (tx) => {
    const [row] = await tx.update(companies).set({ status: false }).where(eq(companies.id, id))
      .returning({ id: companies.id, name: companies.name });
    if (!row) throw notFound("company");
    // The company's own rows (its log included) go with it: the operator's log keeps the entry.
    await audit(tx, actor, {
      action: "company.delete",
      entity: "company",
      entityId: id,
      summary: row.name,
      companyId: actor.companyId,
    });
    await enqueue(tx, {
      name: PURGE_JOB,
      payload: { companyId: id },
      runAt: deps.clock.now(),
      dedupeKey: `company-purge:${id}`,
    });
  });
  invalidate(deps, { kind: "company", companyId: id });
  deps.jobs.kick();
  deps.bus.emit("company.purge_progress", { companyId: id, done: 0, total: 1, finished: false });
}

/** GET /companies/find: the operator's full list; anyone else only his own company. */
export async function findCompanies(deps: Deps, actor: Actor): Promise<CompanyDTO[]> {
  if (actor.user.super) return await listAllCompanies(deps, actor);
  return [await loadCompanyDTO(deps, actor.companyId)];
}
