/**
 * The read pool (db/read_pool.ts): on a database file the heavy reads go to its Workers, which
 * answer what the main connection answers (rows named by column), see the last commit, refuse to
 * write, and report a bad statement as an error of that query only.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { ReadPool } from "@db/read_pool.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany } from "../_helpers/factories.ts";

Deno.test("[reports] the read pool answers as the main connection does, after the last commit, read-only", async () => {
  const app = await createTestApp({ scheduler: false });
  try {
    assert.ok(app.deps.reads instanceof ReadPool, "a database file has a read pool");
    const { company } = await createCompany(app, { name: "Pool SA" });
    const q = sql`SELECT id, name, timezone, 1 + 1 AS two FROM companies WHERE id = ${company.id}`;
    const viaPool = await app.deps.reads.all<Record<string, unknown>>(q);
    assert.deepEqual(viaPool, await app.deps.db.all(q));
    assert.equal(viaPool[0].name, "Pool SA");
    // Several at once spread over the Workers, each answered with its own rows.
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) => app.deps.reads.all<{ n: number }>(sql`SELECT ${i} AS n`)),
    );
    assert.deepEqual(many.map((r) => r[0].n), [0, 1, 2, 3, 4, 5, 6, 7]);
    // A commit of the main connection is seen by the next read.
    await app.deps.database.write((tx) =>
      tx.run(sql`UPDATE companies SET name = 'Pool Ltda' WHERE id = ${company.id}`)
    );
    const [after] = await app.deps.reads.all<{ name: string }>(
      sql`SELECT name FROM companies WHERE id = ${company.id}`,
    );
    assert.equal(after.name, "Pool Ltda");
    await assert.rejects(
      app.deps.reads.all(sql`UPDATE companies SET name = 'x' WHERE id = ${company.id}`),
      /readonly|read-only|query_only/i,
    );
    await assert.rejects(app.deps.reads.all(sql`SELECT nope FROM companies`), /no such column/);
    assert.equal((await app.deps.reads.all<{ n: number }>(sql`SELECT 5 AS n`))[0].n, 5, "the pool goes on");
  } finally {
    await app.close();
  }
});
