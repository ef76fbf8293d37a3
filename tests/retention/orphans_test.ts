/**
 * The orphan sweep: files of a company's media folder that no row names are deleted once older than
 * the grace period (clock injected; the files' own times are the storage's), named ones stay however
 * they are named (a column, a JSON text, a sentence), the sweep runs once a day across two instances,
 * and what it removed shows in the operator's retention counts. Under TEST_STORAGE=s3 on a bucket.
 */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { messages, settings } from "@db/schema.ts";
import { ORPHAN_GRACE_MS, sweepOrphans } from "@/retention/orphans.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { operatorToken } from "../billing/_support.ts";
import { DAY, ManualClock } from "../_helpers/clock.ts";
// deno-lint-ignore no-explicit-any
type Json = any;

Deno.test("[retention] orphan sweep: unnamed old files go, named ones stay, once a day", async (t) => {
  const clock = new ManualClock(new Date());
  const app = await createTestApp({ scheduler: false, clock });
  const other = await createTestApp({ scheduler: false, clock, dataDir: app.dataDir });
  try {
    const a = await createTenant(app, { name: "Orphans A", webhook: null });
    const b = await createTenant(app, { name: "Orphans B", webhook: null });
    const id = a.company.id;
    const msg = await customerSays(app, a.conn, "5511900001111", "a photo");
    const named = [`company${id}/messages/photo.png`, `company${id}/flows/step one.png`];
    const orphans = [`company${id}/messages/lost.png`, `company${id}/deep/er/lost.bin`];
    const bFile = `company${b.company.id}/messages/photo.png`;
    for (const p of [...named, ...orphans, bFile]) await app.deps.storage.put(`media/${p}`, `file ${p}`);
    await app.deps.database.write(async (tx) => {
      await tx.update(messages).set({ mediaUrl: named[0] }).where(eq(messages.id, msg.messageId));
      // A JSON text naming a file encoded, inside a sentence ending with a full stop.
      await tx.insert(settings).values({
        companyId: id,
        key: "orphanTestFlow",
        value: JSON.stringify({ note: `see /api/media/${encodeURI(named[1])}.` }),
      });
      // B's file is named by a row of B.
      await tx.insert(settings).values({ companyId: b.company.id, key: "orphanTestLogo", value: bFile });
    });
    const exists = async (p: string) => (await app.deps.storage.stat(`media/${p}`)) !== null;

    await t.step("within the grace period nothing goes", async () => {
      const r = await sweepOrphans(app.deps);
      assert.equal(r.ran, true);
      assert.equal(r.deleted.size, 0);
      for (const p of [...named, ...orphans, bFile]) assert.ok(await exists(p), p);
    });

    await t.step("the same day, another instance does not sweep again", async () => {
      assert.equal((await sweepOrphans(other.deps)).ran, false);
    });

    await t.step(
      "past the grace period: one of two instances sweeps; only the unnamed files go",
      async () => {
        clock.advance(ORPHAN_GRACE_MS + DAY);
        // (One after the other: two apps of one process would wait on each other's write lock.)
        const r1 = await sweepOrphans(other.deps);
        const r2 = await sweepOrphans(app.deps);
        assert.deepEqual([r1.ran, r2.ran].filter(Boolean), [true], "exactly one ran");
        const ran = r1.ran ? r1 : r2;
        assert.deepEqual([...ran.deleted], [[id, 2]]);
        for (const p of orphans) assert.equal(await exists(p), false, p);
        for (const p of [...named, bFile]) assert.ok(await exists(p), p);
      },
    );

    await t.step("the counts are on the operator's retention screen", async () => {
      const op = await operatorToken(app);
      const overview = await expectOk<Json>(await app.request("/api/retention", { token: op }));
      const row = overview.companies.find((c: Json) => c.id === id);
      assert.equal(row.counts.mediaDeleted, 2);
      const [n] = await app.deps.db.all<{ n: number }>(
        sql`SELECT media_deleted AS n FROM retention_stats WHERE company_id = ${b.company.id}`,
      );
      assert.equal(n?.n ?? 0, 0);
    });
  } finally {
    await other.close();
    await app.close();
  }
});
