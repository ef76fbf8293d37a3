/**
 * The read pool (db/read_pool.ts): on a database file the heavy reads go to its Workers, which
 * answer what the main connection answers (rows named by column), see the last commit, refuse to
 * write, and report a bad statement as an error of that query only; a Drizzle select shipped to them
 * (the ticket lists, the board) comes back mapped exactly as the main connection maps it.
 */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { ReadPool } from "@db/read_pool.ts";
import { readAll, readBatch } from "@db/prepared.ts";
import { users } from "@db/schema.ts";
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

Deno.test("[reports] a Drizzle select read on the pool (readAll) is mapped as Drizzle maps it", async () => {
  const app = await createTestApp({ scheduler: false });
  try {
    const pool = app.deps.reads;
    assert.ok(pool instanceof ReadPool);
    const { company } = await createCompany(app, { name: "Mapa SA" });
    // Every column of users: booleans, nullable text, numbers, JSON-ish text.
    const q = () => app.deps.db.select().from(users).where(eq(users.companyId, company.id)).orderBy(users.id);
    const viaPool = await readAll(pool, q().prepare());
    assert.ok(viaPool.length > 0);
    assert.deepEqual(viaPool, await q());
    assert.equal(typeof viaPool[0].super, "boolean", "booleans decoded on the main thread");
    // A prepared statement with placeholders: the values are filled before it is shipped.
    const byId = app.deps.db.select({ id: users.id, name: users.name, online: users.online }).from(users)
      .where(eq(users.id, sql.placeholder("id"))).prepare();
    assert.deepEqual(await readAll(pool, byId, { id: viaPool[0].id }), await byId.all({ id: viaPool[0].id }));
    // Several in one message: each answer mapped as its own query would be.
    const count = sql`SELECT count(*) AS n FROM users WHERE company_id = ${company.id}`;
    assert.deepEqual(await readBatch(pool, [{ q: q().prepare() }, count]), [viaPool, [{
      n: viaPool.length,
    }]]);
    // Without a pool (the main connection as `reads`) it is the query's own `.all`.
    assert.deepEqual(await readAll(app.deps.db, q().prepare()), viaPool);
  } finally {
    await app.close();
  }
});
