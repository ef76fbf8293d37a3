/** Runs the first-run seed with the server's password hashing and prints a generated password once. */
import { seedFirstRun } from "@db/seed.ts";
import type { Deps } from "./deps.ts";
import { hashPassword, randomString } from "./lib/crypto.ts";
import { companyDefaults } from "./settings/registry.ts";

export async function runSeed(deps: Deps): Promise<void> {
  const r = await seedFirstRun(deps.database, {
    adminEmail: deps.config.adminEmail,
    adminPassword: deps.config.adminPassword,
    hashPassword,
    randomPassword: () => randomString(16),
    companyDefaults: companyDefaults(),
  });
  if (!r.seeded) return;
  console.log(`First run: created the operator company and its super user ${deps.config.adminEmail}.`);
  if (r.generatedPassword) {
    console.log(`  Generated password (shown only this once): ${r.generatedPassword}`);
  }
}
