/** What the API shows of a company (spec 3 §3 Company): never a password, always its plan's name and price. */
import type { CompanyRow, PlanRow } from "../lib/actor.ts";
import type { CompanyDTO } from "@contract/companies.ts";

export type { CompanyDTO };

export function companyDTO(
  company: CompanyRow,
  plan: Pick<PlanRow, "id" | "name" | "amount" | "recurrence">,
) {
  return {
    ...company,
    planName: plan.name,
    plan: { id: plan.id, name: plan.name, amount: plan.amount, recurrence: plan.recurrence },
  } satisfies CompanyDTO;
}
