/**
 * Retention with an injected clock: a plan's rule and a company's override; old messages purged
 * (in batches, more than one), or only their media with the text kept; closed tickets' media after
 * N days; audit entries after N days; the counts the operator sees; exactly one run a day per
 * company when two instances run the job together; the routes' 401 / 403 / 404 / 400 set.
 */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { auditLogs, companies, messages, tickets } from "@db/schema.ts";
import { runRetention } from "@/retention/run.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { operatorToken } from "../billing/_support.ts";
import { DAY, ManualClock } from "../_helpers/clock.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
const NOW = new Date("2026-11-27T12:00:00.000Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

/** `n` messages on the ticket at `createdAt`; with `media`, each with its own file. */
async function oldMessages(
  t: TestApp,
  companyId: number,
  ticketId: number,
  n: number,
  createdAt: string,
  media = false,
) {
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const rel = media ? `company${companyId}/media/${createdAt.slice(0, 10)}-${ticketId}-${i}.jpg` : null;
    if (rel) {
      await t.deps.storage.put(`media/${rel}`, new Uint8Array([1, 2, 3]));
      paths.push(rel);
    }
  }
  await t.deps.database.write((tx) =>
    tx.insert(messages).values(Array.from({ length: n }, (_, i) => ({
      companyId,
      ticketId,
      body: `old ${createdAt} ${i}`,
      mediaUrl: paths[i] ?? null,
      mediaType: paths[i] ? "image" : null,
      createdAt,
      updatedAt: createdAt,
    })))
  );
  return paths;
}

const exists = async (t: TestApp, rel: string) => (await t.deps.media.stat(rel)) !== null;
const count = async (t: TestApp, q: ReturnType<typeof sql>) =>
  Number((await t.deps.db.all<{ n: number }>(q))[0].n);

Deno.test("[retention] rules, purges, counts, once a day across instances", async (t) => {
  const clock = new ManualClock(NOW);
  const app = await createTestApp({ scheduler: false, clock });
  // A second instance on the same database (its own process state, the same rows).
  const other = await createTestApp({ scheduler: false, clock, dataDir: app.dataDir });
  try {
    const op = await operatorToken(app);
    const a = await createTenant(app, { name: "Retain A", webhook: null });
    const b = await createTenant(app, { name: "Retain B", webhook: null });

    await t.step("401 / 403 / 404 / 400", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/retention"],
        ["PUT", `/api/retention/plans/${a.plan.id}`],
        ["PUT", `/api/retention/companies/${a.company.id}`],
      ]);
      const rule = { messagesMonths: 1, mediaOnly: null, closedMediaDays: null, auditDays: null };
      for (const token of [a.adminToken, a.userToken]) {
        await expectError(await app.request("/api/retention", { token }), 403, "ERR_NO_PERMISSION");
        await expectError(
          await app.request(`/api/retention/companies/${a.company.id}`, { method: "PUT", token, json: rule }),
          403,
          "ERR_NO_PERMISSION",
        );
      }
      await expectError(
        await app.request("/api/retention/companies/999999", { method: "PUT", token: op, json: rule }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await app.request(`/api/retention/plans/${a.plan.id}`, {
          method: "PUT",
          token: op,
          json: { ...rule, messagesMonths: 0 },
        }),
        400,
        "ERR_VALIDATION",
      );
    });

    // A: its plan purges messages after 3 months and audit entries after 30 days.
    // B: the same plan rule, overridden for B alone: media only, and closed tickets' media after 10 days.
    await t.step("the operator sets a plan's rule and a company's override", async () => {
      await app.deps.database.write((tx) =>
        tx.update(companies).set({ planId: a.plan.id }).where(eq(companies.id, b.company.id))
      );
      await expectOk(
        await app.request(`/api/retention/plans/${a.plan.id}`, {
          method: "PUT",
          token: op,
          json: { messagesMonths: 3, mediaOnly: false, closedMediaDays: null, auditDays: 30 },
        }),
      );
      await expectOk(
        await app.request(`/api/retention/companies/${b.company.id}`, {
          method: "PUT",
          token: op,
          json: { messagesMonths: null, mediaOnly: true, closedMediaDays: 10, auditDays: null },
        }),
      );
      const view = await expectOk<Json>(await app.request("/api/retention", { token: op }));
      const bView = view.companies.find((c: Json) => c.id === b.company.id);
      assert.deepEqual(bView.effective, {
        messagesMonths: 3,
        mediaOnly: true,
        closedMediaDays: 10,
        auditDays: 30,
      });
      assert.equal(view.plans.find((p: Json) => p.id === a.plan.id).rule.messagesMonths, 3);
    });

    const aIn = await customerSays(app, a.conn, "5511911110001", "recent A");
    const bIn = await customerSays(app, b.conn, "5511922220001", "recent B");
    const bClosed = await customerSays(app, b.conn, "5511922220002", "closed B");
    // A: 1,200 messages of four months ago (more than one batch), 2 with media; 5 of two months ago.
    const aOldMedia = await oldMessages(app, a.company.id, aIn.ticketId, 2, ago(120), true);
    await oldMessages(app, a.company.id, aIn.ticketId, 1_198, ago(120));
    await oldMessages(app, a.company.id, aIn.ticketId, 5, ago(60));
    // B: 3 old messages with media (text stays); a ticket closed 20 days ago with media, an open one's media.
    const bOldMedia = await oldMessages(app, b.company.id, bIn.ticketId, 3, ago(120), true);
    const bOpenMedia = await oldMessages(app, b.company.id, bIn.ticketId, 1, ago(20), true);
    const bClosedMedia = await oldMessages(app, b.company.id, bClosed.ticketId, 2, ago(20), true);
    await app.deps.database.write((tx) =>
      tx.update(tickets).set({ status: "closed", updatedAt: ago(20) }).where(eq(tickets.id, bClosed.ticketId))
    );
    // Audit: A has entries of 40 days ago and of today.
    await app.deps.database.write((tx) =>
      tx.insert(auditLogs).values([
        { companyId: a.company.id, action: "user.update", entity: "user", createdAt: ago(40) },
        { companyId: a.company.id, action: "user.update", entity: "user", createdAt: ago(40) },
      ])
    );
    const aAuditRecent =
      await count(app, sql`SELECT count(*) n FROM audit_logs WHERE company_id = ${a.company.id}`) -
      2;

    await t.step(
      "overlapping runs, and another instance after them: each company's purge runs exactly once",
      async () => {
        // Two runs overlapping in one process, then the other instance (a separate writer on the same
        // file: in one process they would wait on each other's lock, so it comes second).
        const [r1, r2] = await Promise.all([runRetention(app.deps), runRetention(app.deps)]);
        assert.equal((await runRetention(other.deps)).size, 0);
        const ran = (id: number) => [r1.get(id), r2.get(id)].filter(Boolean);
        assert.equal(ran(a.company.id).length, 1);
        assert.equal(ran(b.company.id).length, 1);
        assert.deepEqual(ran(a.company.id)[0], { messages: 1_200, media: 2, audit: 2 });
        assert.deepEqual(ran(b.company.id)[0], { messages: 0, media: 5, audit: 0 });
        // Later the same day: nothing runs again.
        clock.advance(3_600_000);
        assert.equal((await runRetention(app.deps)).size, 0);
      },
    );

    await t.step("what went and what stayed", async () => {
      assert.equal(
        await count(
          app,
          sql`SELECT count(*) n FROM messages WHERE company_id = ${a.company.id} AND created_at < ${ago(90)}`,
        ),
        0,
      );
      assert.equal(
        await count(
          app,
          sql`SELECT count(*) n FROM messages WHERE company_id = ${a.company.id} AND created_at = ${ago(60)}`,
        ),
        5,
      );
      assert.ok(
        (await app.deps.db.select().from(messages).where(eq(messages.id, aIn.messageId))).length === 1,
      );
      for (const p of aOldMedia) assert.equal(await exists(app, p), false);
      // B: old text kept without media; the closed ticket's media gone, the open ticket's kept.
      const bOld = await app.deps.db.all<Json>(
        sql`SELECT body, media_url FROM messages WHERE company_id = ${b.company.id} AND created_at = ${
          ago(120)
        }`,
      );
      assert.equal(bOld.length, 3);
      assert.ok(bOld.every((m) => m.media_url === null && m.body.startsWith("old")));
      for (const p of [...bOldMedia, ...bClosedMedia]) assert.equal(await exists(app, p), false);
      for (const p of bOpenMedia) assert.equal(await exists(app, p), true);
      assert.equal(
        await count(app, sql`SELECT count(*) n FROM audit_logs WHERE company_id = ${a.company.id}`),
        aAuditRecent,
      );
    });

    await t.step("the operator sees the counts; the next day's run adds to them", async () => {
      const op2 = await operatorToken(app);
      let view = await expectOk<Json>(await app.request("/api/retention", { token: op2 }));
      const aCounts = view.companies.find((c: Json) => c.id === a.company.id).counts;
      assert.deepEqual(
        { ...aCounts, lastRunAt: null },
        { messagesDeleted: 1_200, mediaDeleted: 2, auditDeleted: 2, lastRunAt: null },
      );
      assert.equal(aCounts.lastRunAt, NOW.toISOString());
      clock.advance(DAY);
      await oldMessages(app, a.company.id, aIn.ticketId, 4, ago(200));
      await runRetention(app.deps);
      view = await expectOk<Json>(await app.request("/api/retention", { token: await operatorToken(app) }));
      assert.equal(view.companies.find((c: Json) => c.id === a.company.id).counts.messagesDeleted, 1_204);
    });
  } finally {
    await other.close();
    await app.close();
  }
});
