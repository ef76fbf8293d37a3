/**
 * The company the inbound benchmarks write into: "Bench Inbound", with N admin attendants and one
 * `api` connection. Created directly in the database (production schema and migrations) before
 * the server starts; reused when it already exists. Lives beside the large company when the
 * benchmark runs on the large database, so inserts pay for the real index and FTS sizes.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "@db/client.ts";
import { seedFirstRun } from "@db/seed.ts";
import { companies, plans, settings, users, whatsapps } from "@db/schema.ts";
import { hashPassword, randomString } from "@/lib/crypto.ts";
import { companyDefaults } from "@/settings/registry.ts";
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD } from "./_lib.ts";

export type InboundCompany = { companyId: number; adminEmails: string[]; apiToken: string };

export async function prepareInboundCompany(dataDir: string, nAdmins: number): Promise<InboundCompany> {
  await Deno.mkdir(dataDir, { recursive: true });
  const database = await openDatabase(`file:${dataDir}/atende.db`);
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    await seedFirstRun(database, {
      adminEmail: BENCH_ADMIN_EMAIL,
      adminPassword: BENCH_PASSWORD,
      hashPassword: () => Promise.resolve(passwordHash),
      randomPassword: () => randomString(16),
      companyDefaults: companyDefaults(),
    });
    return await database.write(async (tx) => {
      let [company] = await tx.select().from(companies).where(eq(companies.name, "Bench Inbound"));
      if (!company) {
        const [plan] = await tx.insert(plans).values({
          name: "Bench Inbound plan",
          users: 500,
          connections: 5,
        })
          .returning();
        [company] = await tx.insert(companies).values({
          name: "Bench Inbound",
          planId: plan.id,
          dueDate: "2099-12-31",
        })
          .returning();
        await tx.insert(settings).values(
          Object.entries(companyDefaults()).map(([key, value]) => ({ companyId: company.id, key, value })),
        );
        await tx.insert(whatsapps).values({
          companyId: company.id,
          name: "Inbound API",
          channel: "api",
          status: "CONNECTED",
          isDefault: true,
        });
      }
      const have = await tx.select({ email: users.email }).from(users).where(eq(users.companyId, company.id));
      if (have.length < nAdmins) {
        await tx.insert(users).values(
          Array.from({ length: nAdmins - have.length }, (_, k) => {
            const i = have.length + k;
            return {
              companyId: company.id,
              name: `Atendente ${i}`,
              email: `inbound-admin-${i}@bench.local`,
              passwordHash,
              profile: "admin" as const,
            };
          }),
        );
      }
      const adminEmails =
        (await tx.select({ email: users.email }).from(users).where(eq(users.companyId, company.id)))
          .map((u) => u.email).sort().slice(0, nAdmins);
      const [conn] = await tx.select().from(whatsapps).where(eq(whatsapps.companyId, company.id));
      return { companyId: company.id, adminEmails, apiToken: conn.token };
    });
  } finally {
    database.close();
  }
}
