/**
 * A tenant ready for API tests: a company with its own plan, an admin and a profile user, both
 * logged in through the real endpoint.
 */
import type { CompanyRow, PlanRow } from "@/lib/context.ts";
import { writeSetting } from "@/settings/repo.ts";
import { invalidate } from "@/caches.ts";
import type { TestApp } from "./test_app.ts";
import {
  createCompany,
  createUser,
  login,
  type PlanOverrides,
  type TestUser,
  type UserOverrides,
} from "./factories.ts";

export type Tenant = {
  company: CompanyRow;
  plan: PlanRow;
  admin: TestUser;
  user: TestUser;
  adminToken: string;
  userToken: string;
};

export async function createTenant(
  t: TestApp,
  o: { plan?: PlanOverrides; user?: UserOverrides } = {},
): Promise<Tenant> {
  const { company, plan, admin } = await createCompany(t, { plan: o.plan });
  const user = await createUser(t, company.id, { profile: "user", ...o.user });
  const [a, u] = [await login(t, admin), await login(t, user)];
  return { company, plan, admin, user, adminToken: a.token, userToken: u.token };
}

/** Writes a company setting directly (the settings API has its own suite), as a writer must: then invalidates. */
export async function setCompanySetting(t: TestApp, companyId: number, key: string, value: string) {
  await t.deps.database.write((tx) => writeSetting(tx, companyId, key, value));
  invalidate(t.deps, { kind: "settings", companyId });
}

/** Every [method, path] must answer 401 ERR_UNAUTHENTICATED without a token. */
export async function assertAllNeedAuth(t: TestApp, routes: [string, string][]) {
  for (const [method, path] of routes) {
    const res = await t.request(path, {
      method,
      ...(method === "GET" || method === "DELETE" ? {} : { json: {} }),
    });
    const body = await res.json();
    if (res.status !== 401 || body.error !== "ERR_UNAUTHENTICATED") {
      throw new Error(
        `${method} ${path}: expected 401 ERR_UNAUTHENTICATED, got ${res.status} ${JSON.stringify(body)}`,
      );
    }
  }
}
