/**
 * First-run seeding: plan 1 (demo, hidden from selection), company 1 (the operator's, never
 * expires) and its super user. Runs inside one write transaction and does nothing when plan 1
 * already exists, so a second start never seeds again.
 */
import { eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { companies, plans, settings, users } from "./schema.ts";

export type SeedInput = {
  adminEmail: string;
  adminPassword?: string;
  hashPassword(pw: string): Promise<string>;
  randomPassword(): string;
  companyDefaults: Record<string, string>;
};

export async function seedFirstRun(
  database: Database,
  input: SeedInput,
): Promise<{ seeded: boolean; generatedPassword?: string }> {
  const existing = await database.db.select({ id: plans.id }).from(plans).where(eq(plans.id, 1)).limit(1);
  if (existing.length) return { seeded: false };
  const generated = input.adminPassword ? undefined : input.randomPassword();
  const passwordHash = await input.hashPassword(input.adminPassword ?? generated!);
  const seeded = await database.write(async (tx) => {
    if ((await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, 1))).length) return false;
    await tx.insert(plans).values({
      id: 1,
      name: "Demo",
      users: 10,
      connections: 5,
      queues: 10,
      amount: 0,
      isPublic: false,
    });
    await tx.insert(companies).values({
      id: 1,
      name: "Atende",
      planId: 1,
      dueDate: null,
      email: input.adminEmail,
    });
    await tx.insert(settings).values(
      Object.entries(input.companyDefaults).map(([key, value]) => ({ companyId: 1, key, value })),
    );
    await tx.insert(users).values({
      companyId: 1,
      name: "Admin",
      email: input.adminEmail,
      passwordHash,
      profile: "admin",
      super: true,
    });
    return true;
  });
  return { seeded, generatedPassword: seeded ? generated : undefined };
}
