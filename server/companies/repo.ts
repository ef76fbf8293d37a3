/** Company and plan reads used by sessions, guards and the operator's back office. */
import { asc, count, eq, or, type SQL } from "drizzle-orm";
import { companies, plans } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import type { CompanyRow, PlanRow } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";

export async function getCompanyWithPlan(
  db: Db | Tx,
  companyId: number,
): Promise<{ company: CompanyRow; plan: PlanRow }> {
  const [row] = await db.select({ company: companies, plan: plans }).from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw notFound("company");
  return row;
}

/** Operator-wide: companies matching a search (name, e-mail, phone, document), with their plans. */
export async function searchCompanies(
  db: Db,
  search: string,
  page: { limit: number; offset: number },
): Promise<{ rows: { company: CompanyRow; plan: PlanRow }[]; count: number }> {
  const term = search.trim();
  const where: SQL | undefined = term
    ? or(
      containsLike(companies.name, term),
      containsLike(companies.email, term),
      containsLike(companies.phone, term),
      containsLike(companies.document, term),
    )
    : undefined;
  const rows = await db.select({ company: companies, plan: plans }).from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId)).where(where).orderBy(asc(companies.id))
    .limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  return { rows, count: total.n };
}
