/**
 * Factories: every test builds its own companies, users and queues, so no test depends on ids or
 * order. Rows are written with the production schema; sessions are opened through the real login.
 */
import { companies, plans, queues, userQueues, users, whatsapps } from "@db/schema.ts";
import { hashPassword } from "@/lib/crypto.ts";
import { writeSettings } from "@/settings/repo.ts";
import { companyDefaults } from "@/settings/registry.ts";
import { addDays } from "@/lib/time.ts";
import type { CompanyRow, PlanRow, UserRow } from "@/lib/context.ts";
import type { TestApp } from "./test_app.ts";

let seq = 0;
const uniq = () =>
  `${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type PlanOverrides = Partial<Omit<typeof plans.$inferInsert, "id">>;
export type UserOverrides = Partial<Omit<typeof users.$inferInsert, "id" | "companyId" | "passwordHash">> & {
  password?: string;
  queueIds?: number[];
};

export type TestUser = { user: UserRow; email: string; password: string };

export async function createPlan(t: TestApp, overrides: PlanOverrides = {}): Promise<PlanRow> {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(plans).values({
      name: `Plan ${uniq()}`,
      users: 20,
      connections: 10,
      queues: 20,
      ...overrides,
    })
      .returning())[0]
  );
}

export async function createUser(t: TestApp, companyId: number, o: UserOverrides = {}): Promise<TestUser> {
  const { password = "Secret#123", queueIds = [], ...rest } = o;
  const email = (rest.email ?? `user-${uniq()}@test.local`).toLowerCase();
  const passwordHash = await hashPassword(password);
  const user = await t.deps.database.write(async (tx) => {
    const [u] = await tx.insert(users).values({
      name: `User ${uniq()}`,
      ...rest,
      email,
      companyId,
      passwordHash,
    })
      .returning();
    if (queueIds.length) {
      await tx.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId: u.id, queueId })));
    }
    return u;
  });
  return { user, email, password };
}

/** A company with its own plan and an admin. `dueDate` defaults to 30 days ahead. */
export async function createCompany(
  t: TestApp,
  o: { name?: string; plan?: PlanOverrides; dueDate?: string | null; timezone?: string; status?: boolean } =
    {},
): Promise<{ company: CompanyRow; plan: PlanRow; admin: TestUser }> {
  const plan = await createPlan(t, o.plan);
  const company = await t.deps.database.write(async (tx) => {
    const [c] = await tx.insert(companies).values({
      name: o.name ?? `Company ${uniq()}`,
      planId: plan.id,
      dueDate: o.dueDate === undefined ? addDays(new Date().toISOString().slice(0, 10), 30) : o.dueDate,
      timezone: o.timezone ?? "America/Sao_Paulo",
      status: o.status ?? true,
    }).returning();
    await writeSettings(tx, c.id, companyDefaults());
    return c;
  });
  const admin = await createUser(t, company.id, { profile: "admin", name: "Admin" });
  return { company, plan, admin };
}

export async function createQueue(
  t: TestApp,
  companyId: number,
  o: Partial<typeof queues.$inferInsert> = {},
): Promise<typeof queues.$inferSelect> {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(queues).values({
      name: `Queue ${uniq()}`,
      color: `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, "0")}`,
      ...o,
      companyId,
    }).returning())[0]
  );
}

/** A connection row of a company, written directly (the connections feature has its own suite). */
export async function createConnection(t: TestApp, companyId: number, name = `Line ${crypto.randomUUID()}`) {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(whatsapps).values({ companyId, name, channel: "api" }).returning())[0]
  );
}

/** Logs in through the real endpoint; returns the access token and the refresh cookie. */
export async function login(
  t: TestApp,
  who: { email: string; password: string },
): Promise<{ token: string; cookie: string; user: Record<string, unknown> }> {
  const res = await t.request("/api/auth/login", {
    method: "POST",
    json: { email: who.email, password: who.password },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  const b = await res.json();
  return { token: b.token, cookie, user: b.user };
}
