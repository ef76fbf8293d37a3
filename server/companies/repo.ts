/** Company and plan reads used by sessions and guards. */
import { eq } from "drizzle-orm";
import { companies, plans } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import type { CompanyRow, PlanRow } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";

export async function getCompanyWithPlan(
  db: Db | Tx,
  companyId: number,
): Promise<{ company: CompanyRow; plan: PlanRow }> {
  const [row] = await db.select({ company: companies, plan: plans }).from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw notFound("company");
  return row;
}
